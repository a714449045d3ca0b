import type { OrderStatus } from '../../../schemas/order';
import type { RuleAction, RuleKind } from '../../../schemas/scoring';
import type { Comparator } from '../../../schemas/scoring-expr';
import type { Db } from '../../db/client';
import { bankCard, customer, customerApp, customerContact, customerDevice } from '../client/client.table';
import { recordCreation } from '../lifecycle/transition';
import { loanOrder } from '../order/order.table';
import { scoringRule, scoringSetting } from './scoring.table';

/**
 * Test support for the scoring area (not used by the server): applicants with exactly the data a rule reads,
 * their orders waiting for machine review, and rules written straight into a test database.
 */

let seq = 0;

export interface ApplicantOptions {
  status?: Extract<OrderStatus, 'pending_review' | 'reloan'> | OrderStatus;
  birthDate?: string | null;
  blacklisted?: boolean;
  liveness?: number | null;
  incomeLevel?: string;
  contacts?: number;
  apps?: Array<[string, string]>;
  deviceId?: string;
  /** Application amount, minor units (VND has none). */
  amount?: number;
  isReturning?: boolean;
  currency?: string;
  createdAt?: Date;
  cardBound?: boolean;
}

export interface Applicant {
  customerId: number;
  orderId: number;
  merchantId: number;
}

/** A customer of `merchantId` and one order of theirs, created as the intake would (insert + creation history row). */
export async function applicant(db: Db, merchantId: number, o: ApplicantOptions = {}): Promise<Applicant> {
  seq += 1;
  const n = `${process.pid % 1000}${String(seq).padStart(4, '0')}`;
  const [c] = await db.insert(customer).values({
    code: `TSC${n}`, merchantId, market: 'vn', name: `Applicant ${n}`, phone: `0933${n.slice(-6).padStart(6, '0')}`,
    birthDate: o.birthDate === undefined ? '1990-06-15' : o.birthDate, gender: '2', maritalStatus: '2', education: '4',
    incomeLevel: o.incomeLevel ?? '3', blacklisted: o.blacklisted ?? false, blacklistLevel: o.blacklisted ? 2 : 0,
    livenessScore: o.liveness === undefined ? 91 : o.liveness, carrierAuthStatus: 'success', residenceMonths: 36,
  }).returning({ id: customer.id });
  if (o.contacts) {
    await db.insert(customerContact).values(Array.from({ length: o.contacts }, (_, i) => ({
      customerId: c.id, kind: 'phonebook', name: `Contact ${i}`, phone: `0902${String(i).padStart(6, '0')}`,
    })));
  }
  if (o.apps?.length) await db.insert(customerApp).values(o.apps.map(([appName, packageName]) => ({ customerId: c.id, appName, packageName })));
  await db.insert(customerDevice).values({ customerId: c.id, deviceId: o.deviceId ?? `tsc-dev-${n}` });
  if (o.cardBound !== false) {
    await db.insert(bankCard).values({ customerId: c.id, merchantId, bankName: 'VCB', bankCode: 'VCB', cardNumber: `9704${n}`, cardholder: 'A', status: 'bound' });
  }
  const status = (o.status ?? 'pending_review') as OrderStatus;
  const at = o.createdAt ?? new Date();
  const [order] = await db.insert(loanOrder).values({
    orderNo: `TSO${n}`, merchantId, customerId: c.id, productId: 1, productName: 'Quick 7', currency: o.currency ?? 'VND', status,
    applicationAmountMinor: o.amount ?? 3_000_000, loanDays: 7, isReturning: o.isReturning ?? status === 'reloan',
    orderType: status === 'reloan' ? 'reloan' : 'normal', createdAt: at, updatedAt: at,
  }).returning({ id: loanOrder.id });
  if (status === 'pending_review' || status === 'reloan') await recordCreation(db, { id: order.id, merchantId, status }, null, at);
  return { customerId: c.id, orderId: order.id, merchantId };
}

export interface RuleSpec {
  name?: string;
  code?: string;
  left: string;
  cmp: Comparator;
  right: string;
  hit: RuleAction;
  miss?: RuleAction;
  score?: number;
  weight?: number;
  order?: number;
  enabled?: boolean;
}

let ruleSeq = 0;

export async function addRule(db: Db, merchantId: number, kind: RuleKind, r: RuleSpec): Promise<number> {
  ruleSeq += 1;
  const [row] = await db.insert(scoringRule).values({
    merchantId, kind, name: r.name ?? `Rule ${ruleSeq}`, cloneCode: r.code ?? `T-${ruleSeq}`, leftExpr: r.left, comparator: r.cmp,
    rightExpr: r.right, actionHit: r.hit, actionMiss: r.miss ?? 'none', score: r.score ?? 0, weight: r.weight ?? 1,
    sortOrder: r.order ?? ruleSeq, enabled: r.enabled ?? true,
  }).returning({ id: scoringRule.id });
  return row.id;
}

export async function setThreshold(db: Db, merchantId: number, passScore: number): Promise<void> {
  await db.insert(scoringSetting).values({ merchantId, passScore }).onConflictDoUpdate({ target: scoringSetting.merchantId, set: { passScore } });
}
