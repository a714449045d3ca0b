import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_ACTIONS, TRANSITIONS, canTransition, type LifecycleAction } from '../../../schemas/lifecycle';
import { ORDER_STATUSES, type OrderStatus } from '../../../schemas/order';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { customer } from '../client/client.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { patchOrders, transitionOrder, transitionOrders } from './transition';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let ids: { merchant: number; product: number; customer: number };
let seq = 0;
const at = new Date('2026-03-01T10:00:00Z');

async function orderIn(status: OrderStatus): Promise<number> {
  const [o] = await db.insert(loanOrder).values({
    orderNo: `LT${++seq}`, merchantId: ids.merchant, customerId: ids.customer, productId: ids.product, currency: 'VND', status,
  }).returning({ id: loanOrder.id });
  return o.id;
}
const statusOf = async (id: number) => (await db.select({ s: loanOrder.status }).from(loanOrder).where(eq(loanOrder.id, id)))[0].s;
const history = (id: number) => db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const [m] = await db.insert(merchant).values({ code: 'LM', name: 'Lifecycle', currency: 'VND' }).returning();
  const [p] = await db.insert(product).values({ merchantId: m.id, name: 'P' }).returning();
  const [c] = await db.insert(customer).values({ code: 'LC1', merchantId: m.id, market: 'vn', name: 'Nguyen Van A', phone: '0900000001' } as never).returning();
  ids = { merchant: m.id, product: p.id, customer: c.id };
}, 60_000);
afterAll(async () => database?.drop());

describe('the transition table', () => {
  it('holds the path a new customer walks, and the money and collection steps after it', () => {
    const path: Array<[OrderStatus, OrderStatus, LifecycleAction]> = [
      ['pending_review', 'machine_review', 'machine_start'], ['machine_review', 'first_review', 'machine_pass'],
      ['first_review', 'second_review', 'approve'], ['second_review', 'pre_review', 'approve'], ['pre_review', 'disbursement_review', 'approve'],
      ['disbursement_review', 'withdrawal', 'approve'], ['withdrawal', 'disbursing', 'confirm_withdrawal'],
      ['disbursing', 'repaying', 'payout_success'], ['repaying', 'overdue', 'overdue'], ['overdue', 'extended', 'extend'],
      ['extended', 'settled', 'settle'], ['disbursing', 'failed', 'payout_failure'], ['failed', 'disbursing', 're_transfer'],
      ['repaying', 'failed', 'reverse'], ['first_review', 'suspended', 'intercept'], ['suspended', 'first_review', 'release'],
    ];
    for (const [f, to, a] of path) expect(canTransition(f, to, a), `${f} -${a}-> ${to}`).toBe(true);
  });

  it('refuses what must never happen: money back into review, a settled or closed loan paid out, skipping the payout', () => {
    const never: Array<[OrderStatus, OrderStatus, LifecycleAction]> = [
      ['repaying', 'first_review', 'reset'], ['settled', 'disbursing', 're_transfer'], ['closed', 'disbursing', 'confirm_withdrawal'],
      ['withdrawal', 'repaying', 'payout_success'], ['first_review', 'withdrawal', 'confirm_withdrawal'], ['settled', 'overdue', 'overdue'],
      ['pending_review', 'first_review', 'approve'], ['second_review', 'first_review', 'approve'], ['failed', 'repaying', 'payout_success'],
      ['disbursing', 'closed', 'close'], ['repaying', 'closed', 'close'],
    ];
    for (const [f, to, a] of never) expect(canTransition(f, to, a), `${f} -${a}-> ${to}`).toBe(false);
  });

  it('names only known statuses and actions, with no duplicate rows', () => {
    const keys = TRANSITIONS.map((r) => r.join('|'));
    expect(new Set(keys).size).toBe(keys.length);
    for (const [f, to, a] of TRANSITIONS) {
      if (f !== null) expect(ORDER_STATUSES).toContain(f);
      expect(ORDER_STATUSES).toContain(to);
      expect(LIFECYCLE_ACTIONS).toContain(a);
    }
  });
});

describe('transitionOrder on the database', () => {
  it('applies every allowed transition with its history row (who, why, when)', async () => {
    for (const [from, to, action] of TRANSITIONS) {
      if (from === null) continue;
      const id = await orderIn(from);
      const row = await transitionOrder(db, { orderId: id, action, to, actorId: 7, reason: 'because', at });
      expect(row.status).toBe(to);
      const h = await history(id);
      expect(h).toHaveLength(1);
      expect(h[0]).toMatchObject({ fromStatus: from, toStatus: to, accountId: 7, reason: `${action}: because` });
      expect(h[0].createdAt.toISOString()).toBe(at.toISOString());
    }
  }, 120_000);

  it('refuses every forbidden transition with 42200 and changes nothing', async () => {
    let refused = 0;
    for (const from of ORDER_STATUSES) {
      const id = await orderIn(from);
      for (const to of ORDER_STATUSES) {
        for (const action of LIFECYCLE_ACTIONS) {
          if (canTransition(from, to, action)) continue;
          const err = await transitionOrder(db, { orderId: id, action, to, actorId: 1, at }).then(() => null, (e: unknown) => e);
          expect(err, `${from} -${action}-> ${to}`).toBeInstanceOf(AppError);
          expect((err as AppError).code).toBe(42200);
          refused++;
        }
      }
      expect(await statusOf(id)).toBe(from);
      expect(await history(id)).toHaveLength(0);
    }
    expect(refused).toBeGreaterThan(6000);
  }, 300_000);

  it('refuses when the order is not in the status the caller saw, and hides orders of other merchants', async () => {
    const id = await orderIn('first_review');
    const err = await transitionOrder(db, { orderId: id, action: 'approve', to: 'second_review', actorId: 1, at, expect: 'second_review' }).catch((e) => e);
    expect(err.code).toBe(42200);
    const hidden = await transitionOrder(db, { orderId: id, action: 'approve', to: 'second_review', actorId: 1, at, merchantIds: [ids.merchant + 100] }).catch((e) => e);
    expect(hidden.code).toBe(40400);
    expect(await statusOf(id)).toBe('first_review');
  });

  it('writes the patch in the same update', async () => {
    const id = await orderIn('first_review');
    const row = await transitionOrder(db, { orderId: id, action: 'reject', to: 'closed', actorId: 3, reason: 'fake ID', at, patch: { reviewResult: 'rejected', loanRemark: 'fake ID' } });
    expect(row).toMatchObject({ status: 'closed', reviewResult: 'rejected', loanRemark: 'fake ID' });
  });
});

describe('transitionOrders (bulk) on the database', () => {
  it('moves every order with the same history rows and patch as one transitionOrder each', async () => {
    const bulk = [await orderIn('repaying'), await orderIn('extended'), await orderIn('overdue')];
    const single = [await orderIn('repaying'), await orderIn('extended'), await orderIn('overdue')];
    const moves = (ids: number[]) => [
      { orderId: ids[0], action: 'overdue' as const, to: 'overdue' as const, actorId: null, at, expect: 'repaying' as const, reason: 'end of day' },
      { orderId: ids[1], action: 'extension_overdue' as const, to: 'overdue' as const, actorId: null, at, expect: 'extended' as const, reason: 'end of day' },
      { orderId: ids[2], action: 'write_off' as const, to: 'bad_debt' as const, actorId: 4, at, reason: '30 days overdue', patch: { overdueDays: 30, accruedThrough: '2026-03-01', remainingDebtMinor: 1_170_000 } },
    ];
    expect(await transitionOrders(db, moves(bulk))).toEqual([
      { orderId: bulk[0], from: 'repaying' }, { orderId: bulk[1], from: 'extended' }, { orderId: bulk[2], from: 'overdue' },
    ]);
    for (const m of moves(single)) await transitionOrder(db, m);
    const view = async (id: number) => {
      const [o] = await db.select().from(loanOrder).where(eq(loanOrder.id, id));
      const h = (await history(id)).map(({ id: _i, orderId: _o, ...r }) => r);
      return { status: o.status, overdueDays: o.overdueDays, accruedThrough: o.accruedThrough, remaining: o.remainingDebtMinor, h };
    };
    for (let i = 0; i < 3; i++) expect(await view(bulk[i])).toEqual(await view(single[i]));
    expect(await view(bulk[2])).toMatchObject({ status: 'bad_debt', overdueDays: 30, accruedThrough: '2026-03-01', remaining: 1_170_000 });
  });

  it('refuses the whole set when one order is not where the caller expects it, or outside its merchants, and changes nothing', async () => {
    const a = await orderIn('repaying');
    const b = await orderIn('settled');
    const move = (id: number) => ({ orderId: id, action: 'overdue' as const, to: 'overdue' as const, actorId: null, at, expect: 'repaying' as const });
    const err = await transitionOrders(db, [move(a), move(b)]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe(42200);
    const hidden = await transitionOrders(db, [{ ...move(a), merchantIds: [ids.merchant + 100] }]).catch((e) => e);
    expect(hidden.code).toBe(40400);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['repaying', 'settled']);
    expect([...(await history(a)), ...(await history(b))]).toHaveLength(0);
    await expect(transitionOrders(db, [move(a), move(a)])).rejects.toThrow(/twice/);
    expect(await transitionOrders(db, [])).toEqual([]);
  });

  it('patchOrders writes each order its own figures, grouped by the columns patched', async () => {
    const a = await orderIn('overdue');
    const b = await orderIn('overdue');
    await patchOrders(db, [{ id: a, patch: { overdueDays: 3, overdueInterestMinor: 20_000 } }, { id: b, patch: { overdueDays: 5 } }]);
    const rows = await db.select().from(loanOrder).where(inArray(loanOrder.id, [a, b])).orderBy(loanOrder.id);
    expect(rows.map((r) => [r.overdueDays, r.overdueInterestMinor, r.status])).toEqual([[3, 20_000, 'overdue'], [5, 0, 'overdue']]);
    await expect(patchOrders(db, [{ id: 999_999_999, patch: { overdueDays: 1 } }])).rejects.toThrow(/missing/);
  });
});
