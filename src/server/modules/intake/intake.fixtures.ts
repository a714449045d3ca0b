import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/support/testApp';
import type { OrderStatus } from '../../../schemas/order';
import { transitionOrder } from '../lifecycle/transition';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder } from '../order/order.table';
import { syntheticBorrower, type SyntheticBorrower } from './borrowers';
import { demoApp, seedIntakeApps, type DemoApp } from './seedApps';
import { signedHeaders } from './signature';

/** Test support for the intake API (not used by the server): demo merchants with products and app keys. */

export interface IntakeWorld {
  main: typeof merchant.$inferSelect;
  sub: typeof merchant.$inferSelect;
  mainProduct: typeof product.$inferSelect;
  subProduct: typeof product.$inferSelect;
  mainApp: DemoApp;
  subApp: DemoApp;
  platformApp: DemoApp;
}

const PRODUCT = {
  term: 1, cycle: 7, minDays: 7, maxDays: 30, minAmountMinor: 1_000_000, maxAmountMinor: 10_000_000, rateBp: 50, interestType: 'daily',
  managementFeeBp: 800, riskFeeBp: 300, paymentFeeBp: 200, feeTiming: 'upfront', overdueRateBp: 100,
} as const;

export async function intakeWorld(t: TestApp): Promise<IntakeWorld> {
  const all = await t.db.select().from(merchant);
  const main = all.find((m) => m.code === 'M001')!;
  const sub = all.find((m) => m.code === 'M001-01')!;
  const [mainProduct] = await t.db.insert(product).values({ ...PRODUCT, merchantId: main.id, name: 'Vay Nhanh' }).returning();
  const [subProduct] = await t.db.insert(product).values({ ...PRODUCT, merchantId: sub.id, name: 'Vay Hà Nội', rateBp: 40 }).returning();
  await seedIntakeApps(t.db);
  return { main, sub, mainProduct, subProduct, mainApp: demoApp('M001'), subApp: demoApp('M001-01'), platformApp: demoApp('M001', true) };
}

let borrowerSeq = 0;
/** A new Vietnamese borrower (unique per call within a test file). */
export function vnBorrower(over: Partial<SyntheticBorrower> = {}): SyntheticBorrower {
  return { ...syntheticBorrower('vn', 'intake-test', ++borrowerSeq), ...over };
}

export function registerBody(b: SyntheticBorrower, over: Record<string, unknown> = {}) {
  return { phone: b.phone, name: b.name, id_number: b.id_number, birth_date: b.birth_date, gender: b.gender, device_id: b.device_id, device: b.device, ...over };
}

export interface SignedCall {
  headers?: Record<string, string>;
  /** Signing time (ms); default the test clock. */
  now?: number;
  nonce?: string;
  lang?: string;
  secret?: string;
  /** Sent instead of JSON.stringify(body), and signed as such. */
  raw?: string;
}

/** A signed intake request through app.inject. */
export async function appCall(t: TestApp, app: Pick<DemoApp, 'appKey' | 'secret'>, method: 'GET' | 'POST', url: string, body?: unknown, o: SignedCall = {}) {
  const payload = o.raw ?? (body === undefined ? '' : JSON.stringify(body));
  const h = signedHeaders({ appKey: app.appKey, secret: o.secret ?? app.secret, method, path: url, body: payload, now: o.now ?? t.clock.now.getTime(), nonce: o.nonce });
  const res = await t.app.inject({
    method, url, payload: payload || undefined,
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), 'lang-code': o.lang ?? '100', ...h, ...o.headers },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

/** Moves an order along a path of [action, to] steps as the system, at business time. */
export async function walk(t: TestApp, orderId: number, steps: Array<[Parameters<typeof transitionOrder>[1]['action'], OrderStatus]>): Promise<void> {
  for (const [action, to] of steps) await transitionOrder(t.db, { orderId, action, to, actorId: null, at: t.app.businessClock.now() });
}

/** pending_review → … → withdrawal, the way machine and manual review would. */
export const TO_WITHDRAWAL: Array<[Parameters<typeof transitionOrder>[1]['action'], OrderStatus]> = [
  ['machine_start', 'machine_review'], ['machine_pass', 'withdrawal'],
];

export async function orderByNo(t: TestApp, orderNo: string) {
  const [o] = await t.db.select().from(loanOrder).where(eq(loanOrder.orderNo, orderNo));
  return o;
}
