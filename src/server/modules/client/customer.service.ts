import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  DETAIL_COUNT_CAP, DETAIL_PAGE_SIZE, editableField, isIsoDate, REPAYMENT_CAP,
  type AppView, type AuthRecordView, type BankCardView, type CallView, type CoDebtView, type ContactView, type CreditReviewView,
  type CustomerDetail, type CustomerInfo, type DeviceView, type DocumentView, type EditFieldBody, type ExtensionView,
  type LocationView, type OrderView, type Paged, type RecordKind, type ReductionView, type RepaymentBehaviour, type RepaymentView, type SmsView,
} from '../../../schemas/customer';
import { MARKET_CURRENCY, MARKET_TIME_ZONE, type Market } from '../../../schemas/merchant';
import { DISBURSED_STATUSES, type OrderStatus } from '../../../schemas/order';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { CODE } from '../../../schemas/common';
import { issueMessage } from '../../../schemas/validation';
import { maskIdNumber, maskPhone } from '../../list/mask';
import type { Actor } from '../../plugins/session';
import { adminAccount } from '../empower/empower.table';
import { isUnscoped } from '../empower/scope';
import { extension } from '../extension/extension.table';
import { dateIn } from '../lifecycle/clock';
import { channel } from '../merchant/channel.table';
import { merchant } from '../merchant/merchant.table';
import { product } from '../merchant/product.table';
import { loanOrder, orderStatusHistory } from '../order/order.table';
import { paymentChannel } from '../payment/payment.table';
import { orderMoney } from '../repayment/money';
import { reduction, repayment } from '../repayment/repayment.table';
import { scorecardRules } from '../scoring/breakdown';
import { dictItem } from '../system/system.table';
import { blacklistEntriesOf } from '../blacklist/match';
import { coDebtRuleOf, countedMerchants, findCoDebt } from '../coDebt/check';
import type { CoDebtFinding } from '../../../schemas/coDebt';
import { collectionLogs } from './collectionLogs';
import { storedReports } from './riskReport';
import {
  bankCard, customer, customerApp, customerAuthRecord, customerCall, customerComment, customerContact, customerDevice, customerDocument,
  customerLabel, customerLabelLink, customerLocation, customerSms,
} from './client.table';

/**
 * The customer-detail view's data (spec §2 "Detail pages"): one customer in the actor's merchant scope with every
 * section, phone and ID numbers masked for accounts with privacy protection, and large child lists (phone book,
 * SMS, calls, apps, locations) answered as a first page with a capped count and a keyset cursor, so the view
 * stays fast for a customer with thousands of SMS.
 */

type Customer = typeof customer.$inferSelect;
type Who = Pick<Actor, 'nodes' | 'merchantIds' | 'privacy'>;

/** Orders answered in "historical orders" (newest first); a customer rarely has more than a few dozen. */
export const ORDER_CAP = 100;
/** Review records, devices, auth records and co-debt rows answered at most. */
export const SMALL_CAP = 200;

const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const isoNN = (d: Date | string): string => iso(d)!;

export function phoneOut(who: Pick<Actor, 'privacy'>, phone: string): string {
  return who.privacy ? maskPhone(phone) : phone;
}

export function idOut(who: Pick<Actor, 'privacy'>, idNumber: string): string {
  return who.privacy ? maskIdNumber(idNumber) : idNumber;
}

/** Bank card numbers for a privacy-protected reader: every digit but the last 4 starred (as the bank-card list). */
export function cardOut(who: Pick<Actor, 'privacy'>, n: string): string {
  if (!who.privacy || !n) return n;
  return n.length <= 4 ? '*'.repeat(n.length) : '*'.repeat(n.length - 4) + n.slice(-4);
}

/** Whether the actor may see customers of the merchant (DESIGN §4 merchant scope). */
export function merchantInScope(who: Pick<Actor, 'nodes' | 'merchantIds'>, merchantId: number): boolean {
  return isUnscoped(who) || who.merchantIds.includes(merchantId);
}

/**
 * The customer, if it exists inside the actor's merchants; otherwise 40400, the same answer as for an id that does
 * not exist, so that ids of other merchants' customers cannot be probed.
 */
export async function findCustomer(db: DbOrTx, who: Pick<Actor, 'nodes' | 'merchantIds'>, customerId: number, forUpdate = false): Promise<Customer> {
  const q = db.select().from(customer).where(eq(customer.id, customerId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row || !merchantInScope(who, row.merchantId)) throw notFound('customer');
  return row;
}

// ------------------------------------------------------------------------------------------------ child lists

interface RecordSpec<T> {
  table: PgTable;
  customerCol: PgColumn;
  /** Extra condition (contact kind). */
  where?: SQL;
  key: PgColumn;
  /** Sort column before the key (a timestamptz), or none: the key alone. */
  time?: PgColumn;
  dir: 'asc' | 'desc';
  fields: Record<string, PgColumn | SQL>;
  map(row: Record<string, unknown>, who: Pick<Actor, 'privacy'>): T;
}

const PG_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** base64url(JSON [time text | null, key]): a position inside one customer's list (the customer is always re-checked). */
export function encodeRecordCursor(time: string | null, key: number): string {
  return Buffer.from(JSON.stringify([time, key])).toString('base64url');
}

export function decodeRecordCursor(s: string, withTime: boolean): { time: string | null; key: number } {
  try {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(s)) throw new Error('format');
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(v) || v.length !== 2 || !Number.isSafeInteger(v[1])) throw new Error('shape');
    const [time, key] = v as [unknown, number];
    if (withTime ? typeof time !== 'string' || !PG_TIME.test(time) : time !== null) throw new Error('time');
    return { time: time as string | null, key };
  } catch {
    throw badRequest('error.badRequest');
  }
}

const contactFields = {
  id: customerContact.id, name: customerContact.name, relation: customerContact.relation, phone: customerContact.phone, created_at: customerContact.createdAt,
};
const contactOut = (r: Record<string, unknown>, who: Pick<Actor, 'privacy'>): ContactView => ({
  id: r.id as number, name: r.name as string, relation: r.relation as string, phone: phoneOut(who, r.phone as string), created_at: isoNN(r.created_at as Date),
});

const SPECS: { [K in RecordKind]: RecordSpec<unknown> } = {
  contacts: {
    table: customerContact, customerCol: customerContact.customerId, where: eq(customerContact.kind, 'phonebook'), key: customerContact.id, dir: 'asc',
    fields: contactFields, map: contactOut,
  },
  sms: {
    table: customerSms, customerCol: customerSms.customerId, key: customerSms.id, time: customerSms.sentAt, dir: 'desc',
    fields: { id: customerSms.id, phone: customerSms.phone, direction: customerSms.direction, content: customerSms.content, sent_at: customerSms.sentAt },
    map: (r, who): SmsView => ({
      id: r.id as number, phone: phoneOut(who, r.phone as string), direction: r.direction as string, content: r.content as string, sent_at: isoNN(r.sent_at as Date),
    }),
  },
  calls: {
    table: customerCall, customerCol: customerCall.customerId, key: customerCall.id, time: customerCall.calledAt, dir: 'desc',
    fields: {
      id: customerCall.id, phone: customerCall.phone, name: customerCall.name, direction: customerCall.direction,
      duration_seconds: customerCall.durationSeconds, called_at: customerCall.calledAt,
    },
    map: (r, who): CallView => ({
      id: r.id as number, phone: phoneOut(who, r.phone as string), name: r.name as string, direction: r.direction as string,
      duration_seconds: r.duration_seconds as number, called_at: isoNN(r.called_at as Date),
    }),
  },
  apps: {
    table: customerApp, customerCol: customerApp.customerId, key: customerApp.id, dir: 'asc',
    fields: { id: customerApp.id, app_name: customerApp.appName, package_name: customerApp.packageName, version: customerApp.version, installed_at: customerApp.installedAt },
    map: (r): AppView => ({
      id: r.id as number, app_name: r.app_name as string, package_name: r.package_name as string, version: r.version as string,
      installed_at: iso(r.installed_at as Date | null),
    }),
  },
  locations: {
    table: customerLocation, customerCol: customerLocation.customerId, key: customerLocation.id, dir: 'desc',
    fields: {
      id: customerLocation.id, lat: customerLocation.lat, lng: customerLocation.lng, address: customerLocation.address,
      source: customerLocation.source, captured_at: customerLocation.capturedAt,
    },
    map: (r): LocationView => ({
      id: r.id as number, lat: r.lat as number, lng: r.lng as number, address: r.address as string, source: r.source as string,
      captured_at: isoNN(r.captured_at as Date),
    }),
  },
};

/** At most DETAIL_COUNT_CAP + 1 rows are counted (over the customer's index), so a count never scans more. */
async function cappedCount(db: Db, spec: RecordSpec<unknown>, customerId: number): Promise<{ total: number; capped: boolean }> {
  const sub = db.select({ k: spec.key }).from(spec.table).where(and(eq(spec.customerCol, customerId), spec.where)).limit(DETAIL_COUNT_CAP + 1).as('capped');
  const [{ n }] = await db.select({ n: count() }).from(sub);
  const total = Number(n);
  return total > DETAIL_COUNT_CAP ? { total: DETAIL_COUNT_CAP, capped: true } : { total, capped: false };
}

/** One page of a customer's child list, newest (or first) first; `withCount` adds the capped total. */
export async function pageRecords<T>(
  db: Db, who: Pick<Actor, 'privacy'>, kind: RecordKind, customerId: number, opts: { cursor?: string; size?: number; withCount?: boolean } = {},
): Promise<Paged<T>> {
  const spec = SPECS[kind];
  const size = opts.size ?? DETAIL_PAGE_SIZE;
  const conds: (SQL | undefined)[] = [eq(spec.customerCol, customerId), spec.where];
  if (opts.cursor) {
    const c = decodeRecordCursor(opts.cursor, !!spec.time);
    const op = spec.dir === 'desc' ? sql`<` : sql`>`;
    conds.push(spec.time ? sql`(${spec.time}, ${spec.key}) ${op} (${c.time}::timestamptz, ${c.key})` : sql`${spec.key} ${op} ${c.key}`);
  }
  const dir = spec.dir === 'desc' ? desc : asc;
  const order = spec.time ? [dir(spec.time), dir(spec.key)] : [dir(spec.key)];
  const fields = { ...spec.fields, __k: spec.key, __t: spec.time ? sql<string>`${spec.time}::text` : sql<null>`null` };
  const [rows, counted] = await Promise.all([
    db.select(fields).from(spec.table).where(and(...conds)).orderBy(...order).limit(size + 1),
    opts.withCount ? cappedCount(db, spec, customerId) : Promise.resolve(null),
  ]);
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  const last = page[page.length - 1] as Record<string, unknown> | undefined;
  return {
    rows: page.map((r) => spec.map(r as Record<string, unknown>, who) as T),
    total: counted?.total ?? page.length,
    capped: counted?.capped ?? false,
    next_cursor: more && last ? encodeRecordCursor((last.__t as string | null) ?? null, Number(last.__k)) : null,
  };
}

// ------------------------------------------------------------------------------------------------ sections

const orderFields = {
  id: loanOrder.id, order_no: loanOrder.orderNo, external_order_no: loanOrder.externalOrderNo, merchant_id: loanOrder.merchantId,
  product_name: loanOrder.productName, currency: loanOrder.currency, status: loanOrder.status, order_type: loanOrder.orderType,
  is_returning: loanOrder.isReturning, application_amount_minor: loanOrder.applicationAmountMinor, loan_amount_minor: loanOrder.loanAmountMinor,
  received_amount_minor: loanOrder.receivedAmountMinor, contract_amount_minor: loanOrder.contractAmountMinor, due_amount_minor: loanOrder.dueAmountMinor,
  paid_amount_minor: loanOrder.paidAmountMinor, remaining_debt_minor: loanOrder.remainingDebtMinor, interest_minor: loanOrder.interestMinor,
  management_fee_minor: loanOrder.managementFeeMinor, risk_fee_minor: loanOrder.riskFeeMinor, payment_fee_minor: loanOrder.paymentFeeMinor,
  overdue_interest_minor: loanOrder.overdueInterestMinor, overdue_penalty_minor: loanOrder.overduePenaltyMinor,
  reduction_total_minor: loanOrder.reductionTotalMinor, extension_fee_minor: loanOrder.extensionFeeMinor, interest_rate_bp: loanOrder.interestRateBp,
  interest_type: loanOrder.interestType, overdue_rate_bp: loanOrder.overdueRateBp, loan_days: loanOrder.loanDays, loan_at: loanOrder.loanAt,
  success_at: loanOrder.successAt, due_date: loanOrder.dueDate, overdue_days: loanOrder.overdueDays, settled: loanOrder.settled,
  settled_at: loanOrder.settledAt, machine_review_result: loanOrder.machineReviewResult, machine_review_score: loanOrder.machineReviewScore,
  review_stage: loanOrder.reviewStage, review_result: loanOrder.reviewResult, review_limit_minor: loanOrder.reviewLimitMinor,
  loan_remark: loanOrder.loanRemark, withdrawal_type: loanOrder.withdrawalType, withdrawal_at: loanOrder.withdrawalAt,
  extension_count: loanOrder.extensionCount, extension_days: loanOrder.extensionDays, extended_at: loanOrder.extendedAt, created_at: loanOrder.createdAt,
};

function orderOut(r: Record<string, unknown>): OrderView {
  const out = { ...r } as Record<string, unknown>;
  for (const k of ['loan_at', 'success_at', 'settled_at', 'withdrawal_at', 'extended_at', 'created_at']) out[k] = iso(r[k] as Date | null);
  return out as unknown as OrderView;
}

/** Statuses an order leaves when a review stage decides it: their transitions are the credit review records. */
const REVIEW_STATUSES = ['machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended', 'reloan'];
/** Orders that still carry (or are about to carry) a debt: what co-debt counts. */
const OPEN_DEBT_STATUSES = ['disbursing', 'repaying', 'overdue', 'extended', 'bad_debt'];

function customerOut(c: Customer, who: Who, names: { merchant: string; channel: string; product: string; currency: string }, labels: CustomerInfo['labels']): CustomerInfo {
  return {
    id: c.id, code: c.code, name: c.name, phone: phoneOut(who, c.phone), market: c.market, currency: names.currency,
    merchant_id: c.merchantId, merchant_name: names.merchant, channel_id: c.channelId, channel_name: names.channel,
    registration_source: c.registrationSource, registration_method: c.registrationMethod,
    id_number: idOut(who, c.idNumber), tax_id: idOut(who, c.taxId), religion: c.religion, relative_name: c.relativeName,
    relative_relation: c.relativeRelation, guardian_name: c.guardianName, father_name: c.fatherName, gender: c.gender, birth_date: c.birthDate,
    marital_status: c.maritalStatus, education: c.education, children_count: c.childrenCount, residence_months: c.residenceMonths,
    user_level: c.userLevel, registered_device: c.registeredDevice, home_address: c.homeAddress ?? null, work_address: c.workAddress ?? null,
    id_address: c.idAddress ?? null, labels, whitelisted: c.whitelisted, login_allowed: c.loginAllowed,
    reference_limit_minor: c.referenceLimitMinor, exclusive_product_id: c.exclusiveProductId, exclusive_product_name: names.product,
    exclusive_limit_minor: c.exclusiveLimitMinor, marketing_status: c.marketingStatus, rotation: c.rotation, app_active_at: iso(c.appActiveAt),
    h5_active_at: iso(c.h5ActiveAt), watermark_code: c.watermarkCode, loan_count: c.loanCount, created_at: isoNN(c.createdAt),
    updated_at: isoNN(c.updatedAt),
  };
}

const PHOTO_KINDS = ['id_front', 'id_back', 'selfie', 'face'];

function documentsOut(c: Customer, docs: Array<typeof customerDocument.$inferSelect>): CustomerDetail['documents'] {
  const photos: DocumentView[] = [];
  const seen = new Set<string>();
  const add = (d: DocumentView) => {
    const key = `${d.kind}|${d.url}`;
    if (!d.url || seen.has(key)) return;
    seen.add(key);
    photos.push(d);
  };
  // Uploaded documents first (they carry time and uploader), then the customer's own ID photo columns.
  for (const d of docs.filter((x) => PHOTO_KINDS.includes(x.kind))) {
    add({ id: d.id, kind: d.kind, url: d.url, uploaded_at: iso(d.uploadedAt), uploader: d.uploader });
  }
  add({ id: null, kind: 'id_front', url: c.idFrontUrl, uploaded_at: null, uploader: 'customer' });
  add({ id: null, kind: 'id_back', url: c.idBackUrl, uploaded_at: null, uploader: 'customer' });
  add({ id: null, kind: 'selfie', url: c.selfieUrl, uploaded_at: null, uploader: 'customer' });
  const order = (k: string) => PHOTO_KINDS.indexOf(k);
  photos.sort((a, b) => order(a.kind) - order(b.kind));
  const videos = docs.filter((d) => d.kind === 'video').map((d): DocumentView => ({ id: d.id, kind: d.kind, url: d.url, uploaded_at: iso(d.uploadedAt), uploader: d.uploader }));
  return { liveness_score: c.livenessScore ?? null, photos, videos };
}

/**
 * Open debts of the same person at other customer records. With the merchant's co-debt rule (docs/coDebt.md): matched
 * by the rule's keys, at the merchants it counts (sister merchants, or every other merchant), with the rule's finding;
 * without one: by ID number, phone or device anywhere on the platform.
 */
async function coDebt(db: Db, who: Who, c: Customer, deviceIds: string[]): Promise<{ rows: CoDebtView[]; finding: CoDebtFinding | null }> {
  const rule = await coDebtRuleOf(db, c.merchantId);
  const keys = rule?.matchKeys ?? ['id_number', 'phone', 'device'];
  const counted = rule ? await countedMerchants(db, rule) : null;
  const orderMerchants = rule ? (counted === null ? ne(loanOrder.merchantId, c.merchantId) : counted.length ? inArray(loanOrder.merchantId, counted) : sql`false`) : undefined;
  const matches: SQL[] = [];
  if (keys.includes('id_number') && c.idNumber) matches.push(eq(customer.idNumber, c.idNumber));
  if (keys.includes('phone') && c.phone) matches.push(eq(customer.phone, c.phone));
  const others = matches.length
    ? await db.select({ id: customer.id, idNumber: customer.idNumber, phone: customer.phone }).from(customer)
      .where(and(or(...matches), ne(customer.id, c.id))).limit(SMALL_CAP)
    : [];
  const matchedBy = new Map<number, string>(others.map((o) => [o.id, c.idNumber && o.idNumber === c.idNumber && keys.includes('id_number') ? 'id_number' : 'phone']));
  const devices = keys.includes('device') ? deviceIds.filter(Boolean) : [];
  if (devices.length) {
    const shared = await db.selectDistinct({ id: customerDevice.customerId }).from(customerDevice)
      .where(and(inArray(customerDevice.deviceId, devices), ne(customerDevice.customerId, c.id))).limit(SMALL_CAP);
    for (const s of shared) if (!matchedBy.has(s.id)) matchedBy.set(s.id, 'device');
  }
  const finding = rule ? await findCoDebt(db, rule, { idNumber: c.idNumber, phone: c.phone, deviceIds: devices }) : null;
  if (!matchedBy.size) return { rows: [], finding };
  const rows = await db.select({
    customer_id: loanOrder.customerId, customer_code: customer.code, merchant_id: loanOrder.merchantId, merchant_name: merchant.name,
    order_no: loanOrder.orderNo, status: loanOrder.status, currency: loanOrder.currency, loan_amount_minor: loanOrder.loanAmountMinor,
    remaining_debt_minor: loanOrder.remainingDebtMinor, due_date: loanOrder.dueDate, overdue_days: loanOrder.overdueDays,
  }).from(loanOrder)
    .innerJoin(customer, eq(customer.id, loanOrder.customerId))
    .leftJoin(merchant, eq(merchant.id, loanOrder.merchantId))
    .where(and(inArray(loanOrder.customerId, [...matchedBy.keys()]), inArray(loanOrder.status, OPEN_DEBT_STATUSES), orderMerchants))
    .orderBy(desc(loanOrder.id)).limit(SMALL_CAP);
  return {
    finding,
    rows: rows.map((r) => {
      const inScope = merchantInScope(who, r.merchant_id);
      return {
        customer_id: r.customer_id, customer_code: r.customer_code, merchant_name: inScope ? r.merchant_name ?? '' : '', in_scope: inScope,
        order_no: r.order_no, status: r.status, currency: r.currency, loan_amount_minor: r.loan_amount_minor,
        remaining_debt_minor: r.remaining_debt_minor, due_date: r.due_date, overdue_days: r.overdue_days,
        matched_by: matchedBy.get(r.customer_id) ?? 'phone',
      };
    }),
  };
}

// ------------------------------------------------------------------------------------------------ money sections

/** Names of staff accounts by id (who recorded, revoked, requested, decided, applied, reviewed). */
async function accountNames(db: Db, ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const want = [...new Set(ids.filter((x): x is number => x != null))];
  if (!want.length) return new Map();
  const rows = await db.select({ id: adminAccount.id, name: adminAccount.name }).from(adminAccount).where(inArray(adminAccount.id, want));
  return new Map(rows.map((r) => [r.id, r.name]));
}


interface MoneyRows {
  repayments: RepaymentView[];
  reductions: ReductionView[];
  extensions: ExtensionView[];
  counts: { ok: number; amount: number; revoked: number };
}

/** Repayments, reductions and extension applications of the customer's orders, newest first, with the staff names. */
async function moneyRows(db: Db, who: Who, orders: readonly OrderView[]): Promise<MoneyRows> {
  const orderIds = orders.map((o) => o.id);
  if (!orderIds.length) return { repayments: [], reductions: [], extensions: [], counts: { ok: 0, amount: 0, revoked: 0 } };
  const byId = new Map(orders.map((o) => [o.id, o]));
  const [reps, reds, exts, agg] = await Promise.all([
    db.select({ r: repayment, channel: paymentChannel.name }).from(repayment)
      .leftJoin(paymentChannel, eq(paymentChannel.id, repayment.channelId))
      .where(inArray(repayment.orderId, orderIds)).orderBy(desc(repayment.id)).limit(REPAYMENT_CAP),
    db.select().from(reduction).where(inArray(reduction.orderId, orderIds)).orderBy(desc(reduction.id)).limit(SMALL_CAP),
    db.select().from(extension).where(inArray(extension.orderId, orderIds)).orderBy(desc(extension.id)).limit(SMALL_CAP),
    db.select({
      ok: sql<number>`count(*) filter (where ${repayment.status} = 'success')::int`,
      amount: sql<string>`coalesce(sum(${repayment.successMinor}) filter (where ${repayment.status} = 'success'), 0)::text`,
      revoked: sql<number>`count(*) filter (where ${repayment.status} = 'revoked')::int`,
    }).from(repayment).where(inArray(repayment.orderId, orderIds)),
  ]);
  const names = await accountNames(db, [
    ...reps.flatMap(({ r }) => [r.operatorId, r.revokedBy]), ...reds.flatMap((r) => [r.requestedBy, r.decidedBy]),
    ...exts.flatMap((e) => [e.applicantId, e.reviewerId]),
  ]);
  const name = (id: number | null) => (id == null ? null : names.get(id) ?? `#${id}`);
  const orderNo = (id: number | null) => (id == null ? '' : byId.get(id)?.order_no ?? '');
  const currencyOf = (id: number) => byId.get(id)?.currency ?? '';
  return {
    repayments: reps.map(({ r, channel: ch }): RepaymentView => ({
      id: r.id, serial_no: r.serialNo, order_id: r.orderId, order_no: orderNo(r.orderId), currency: r.currency, type: r.type, status: r.status,
      requested_minor: r.requestedMinor, success_minor: r.successMinor,
      allocated: { penalty: r.penaltyMinor, interest: r.interestMinor, fee: r.feeMinor, principal: r.principalMinor, overpaid: r.overpaidMinor },
      channel: ch ?? '', card_no: cardOut(who, r.cardNo), va_number: cardOut(who, r.vaNumber), reference: r.reference,
      over_contract: r.overContract, abnormal_reason: r.abnormalReason, operator: name(r.operatorId), remark: r.remark,
      created_at: isoNN(r.createdAt), paid_at: iso(r.paidAt), revoked_at: iso(r.revokedAt), revoked_by: name(r.revokedBy), revoke_reason: r.revokeReason,
    })),
    reductions: reds.map((r): ReductionView => ({
      id: r.id, order_id: r.orderId, order_no: orderNo(r.orderId), currency: currencyOf(r.orderId), amount_minor: r.amountMinor,
      parts: { penalty: r.penaltyMinor, interest: r.interestMinor, fee: r.feeMinor, principal: r.principalMinor }, status: r.status,
      reason: r.reason, requested_by: name(r.requestedBy), decided_by: name(r.decidedBy), decide_remark: r.decideRemark,
      created_at: isoNN(r.createdAt), decided_at: iso(r.decidedAt), expires_at: isoNN(r.expiresAt),
    })),
    extensions: exts.map((e): ExtensionView => ({
      id: e.id, application_no: e.applicationNo, order_id: e.orderId, order_no: orderNo(e.orderId), currency: currencyOf(e.orderId),
      status: e.status, fee_type: e.feeType, fee_setting: e.feeSetting, fee_minor: e.feeMinor, penalty_minor: e.penaltyMinor, days: e.days,
      time_type: e.timeType, overpayment: e.overpayment, paid_fee_minor: e.paidFeeMinor, start_date: e.startDate, end_date: e.endDate,
      applicant: name(e.applicantId), reviewer: name(e.reviewerId), remark: e.remark, review_remark: e.reviewRemark,
      created_at: isoNN(e.createdAt), reviewed_at: iso(e.reviewedAt), paid_at: iso(e.paidAt),
    })),
    counts: { ok: Number(agg[0]?.ok ?? 0), amount: Number(agg[0]?.amount ?? 0), revoked: Number(agg[0]?.revoked ?? 0) },
  };
}

/**
 * Repayment behaviour for the scorecard: a settled order is late when it was ever overdue or settled after its due
 * date (business date of the merchant's market), else on time; extensions are those the orders record.
 */
export function repaymentBehaviour(orders: readonly OrderView[], counts: MoneyRows['counts'], timeZone: string, currency: string): RepaymentBehaviour {
  let onTime = 0;
  let late = 0;
  for (const o of orders.filter((x) => x.status === 'settled')) {
    const settledOn = o.settled_at ? dateIn(new Date(o.settled_at), timeZone) : null;
    if (o.overdue_days > 0 || (settledOn && o.due_date && settledOn > o.due_date)) late++;
    else onTime++;
  }
  return {
    currency, repayments: counts.ok, repaid_minor: counts.amount, revoked: counts.revoked, settled_orders: onTime + late, on_time: onTime, late,
    overdue_now: orders.filter((o) => o.status === 'overdue' || o.status === 'bad_debt').length,
    extensions: orders.reduce((n, o) => n + o.extension_count, 0),
    max_overdue_days: orders.reduce((n, o) => Math.max(n, o.overdue_days), 0),
  };
}

/** Every section of the detail view for one customer in the actor's scope. */
export async function loadCustomerDetail(db: Db, who: Who, customerId: number): Promise<CustomerDetail> {
  const c = await findCustomer(db, who, customerId);
  const cid = c.id;
  const [
    names, labels, emergency, docs, authRecords, locations, contacts, sms, calls, orders, cards, devices, apps, comments,
  ] = await Promise.all([
    db.select({ merchant: merchant.name, currency: merchant.currency, channel: channel.name, product: product.name })
      .from(merchant)
      .leftJoin(channel, c.channelId ? eq(channel.id, c.channelId) : sql`false`)
      .leftJoin(product, c.exclusiveProductId ? eq(product.id, c.exclusiveProductId) : sql`false`)
      .where(eq(merchant.id, c.merchantId)).limit(1),
    db.select({ id: customerLabel.id, label_name: customerLabel.labelName, mark_color: customerLabel.markColor })
      .from(customerLabelLink).innerJoin(customerLabel, eq(customerLabel.id, customerLabelLink.labelId))
      .where(eq(customerLabelLink.customerId, cid)).orderBy(asc(customerLabel.labelName)),
    db.select(contactFields).from(customerContact)
      .where(and(eq(customerContact.customerId, cid), eq(customerContact.kind, 'emergency'))).orderBy(asc(customerContact.id)).limit(SMALL_CAP),
    db.select().from(customerDocument).where(eq(customerDocument.customerId, cid)).orderBy(asc(customerDocument.id)).limit(SMALL_CAP),
    db.select().from(customerAuthRecord).where(eq(customerAuthRecord.customerId, cid)).orderBy(desc(customerAuthRecord.id)).limit(SMALL_CAP),
    pageRecords<LocationView>(db, who, 'locations', cid, { withCount: true }),
    pageRecords<ContactView>(db, who, 'contacts', cid, { withCount: true }),
    pageRecords<SmsView>(db, who, 'sms', cid, { withCount: true }),
    pageRecords<CallView>(db, who, 'calls', cid, { withCount: true }),
    db.select(orderFields).from(loanOrder).where(eq(loanOrder.customerId, cid)).orderBy(desc(loanOrder.id)).limit(ORDER_CAP),
    db.select().from(bankCard).where(eq(bankCard.customerId, cid)).orderBy(desc(bankCard.isDefault), desc(bankCard.id)).limit(SMALL_CAP),
    db.select().from(customerDevice).where(eq(customerDevice.customerId, cid)).orderBy(desc(customerDevice.id)).limit(SMALL_CAP),
    pageRecords<AppView>(db, who, 'apps', cid, { withCount: true }),
    db.select({ n: count() }).from(customerComment).where(and(eq(customerComment.customerId, cid), isNull(customerComment.deletedAt))),
  ]);
  const n = names[0];
  const currency = n?.currency ?? MARKET_CURRENCY[c.market as Market] ?? 'USD';
  const orderViews = (orders as Record<string, unknown>[]).map(orderOut);

  const orderIds = orderViews.map((o) => o.id);
  const orderNo = new Map(orderViews.map((o) => [o.id, o.order_no]));
  const reviews = orderIds.length
    ? await db.select({
      id: orderStatusHistory.id, order_id: orderStatusHistory.orderId, from_status: orderStatusHistory.fromStatus, to_status: orderStatusHistory.toStatus,
      account_id: orderStatusHistory.accountId, account_name: adminAccount.name, reason: orderStatusHistory.reason, created_at: orderStatusHistory.createdAt,
    }).from(orderStatusHistory)
      .leftJoin(adminAccount, eq(adminAccount.id, orderStatusHistory.accountId))
      .where(and(inArray(orderStatusHistory.orderId, orderIds), inArray(orderStatusHistory.fromStatus, REVIEW_STATUSES)))
      .orderBy(desc(orderStatusHistory.id)).limit(SMALL_CAP)
    : [];
  const creditReviews: CreditReviewView[] = reviews.map((r) => ({
    ...r, order_no: orderNo.get(r.order_id) ?? '', account_name: r.account_name ?? '', created_at: isoNN(r.created_at),
  }));

  const latest = orderViews[0];
  const [money, loanRows] = await Promise.all([
    moneyRows(db, who, orderViews),
    latest && DISBURSED_STATUSES.includes(latest.status as OrderStatus) ? db.select().from(loanOrder).where(eq(loanOrder.id, latest.id)) : Promise.resolve([]),
  ]);
  const [logs, reports, debts] = await Promise.all([
    collectionLogs(db, who, orderViews), storedReports(db, cid), coDebt(db, who, c, devices.map((d) => d.deviceId)),
  ]);
  const timeZone = MARKET_TIME_ZONE[c.market as Market] ?? 'UTC';
  const scored = orderViews.find((o) => o.machine_review_score !== null || o.machine_review_result !== '');

  const deviceViews: DeviceView[] = devices.map((d) => ({
    id: d.id, device_id: d.deviceId, brand: d.brand, model: d.model, os: d.os, os_version: d.osVersion, app_version: d.appVersion,
    browser: d.browser, ip: d.ip, mac: d.mac, ssid: d.ssid, resolution: d.resolution, gps_lat: d.gpsLat, gps_lng: d.gpsLng,
    captured_at: isoNN(d.capturedAt),
  }));
  const authViews: AuthRecordView[] = authRecords.map((a) => ({
    id: a.id, kind: a.kind, status: a.status, provider: a.provider, score: a.score, remark: a.remark, created_at: isoNN(a.createdAt),
  }));
  const cardViews: BankCardView[] = cards.map((b) => ({
    id: b.id, bank_name: b.bankName, bank_code: b.bankCode, card_number: cardOut(who, b.cardNumber), cardholder: b.cardholder,
    status: b.status, is_default: b.isDefault, created_at: isoNN(b.createdAt),
  }));

  return {
    customer: customerOut(c, who, { merchant: n?.merchant ?? '', channel: n?.channel ?? '', product: n?.product ?? '', currency }, labels),
    company: {
      company_name: c.companyName, company_region: c.companyRegion, company_address: c.companyAddress, occupation: c.occupation,
      income_level: c.incomeLevel, company_size: c.companySize, company_phone: c.companyPhone ? phoneOut(who, c.companyPhone) : '',
    },
    emergency_contacts: emergency.map((r) => contactOut(r as Record<string, unknown>, who)),
    documents: documentsOut(c, docs),
    auth_records: authViews,
    locations,
    contacts,
    sms,
    calls,
    carrier: {
      status: c.carrierAuthStatus, remark: c.carrierAuthRemark, at: iso(c.carrierAuthAt),
      records: authViews.filter((a) => a.kind === 'carrier'),
    },
    loan: latest ?? null,
    loan_money: loanRows[0] ? orderMoney(loanRows[0]) : null,
    orders: orderViews,
    extensions: money.extensions,
    credit_reviews: creditReviews,
    bank_cards: cardViews,
    repayments: money.repayments,
    reductions: money.reductions,
    collection_logs: logs.rows,
    collection_logs_total: logs.total,
    scorecard: {
      result: c.machineReviewResult, status: c.machineReviewStatus, at: iso(c.machineReviewAt),
      score: scored?.machine_review_score ?? null, order_no: scored?.order_no ?? null, rules: await scorecardRules(db, scored?.id),
      behaviour: repaymentBehaviour(orderViews, money.counts, timeZone, latest?.currency ?? currency),
    },
    devices: deviceViews,
    apps,
    risk_report: reports.risk_report,
    multi_lender: reports.multi_lender,
    co_debt: debts.rows,
    co_debt_finding: debts.finding,
    blacklist: { blacklisted: c.blacklisted, level: c.blacklistLevel, whitelisted: c.whitelisted, login_allowed: c.loginAllowed, entries: await blacklistEntriesOf(db, c) },
    comments_total: Number(comments[0]?.n ?? 0),
    masked: who.privacy,
  };
}

// ------------------------------------------------------------------------------------------------ edit field

/** Column of each editable field (EDITABLE_FIELDS in src/schemas/customer.ts). */
const FIELD_COLUMNS = {
  birth_date: 'birthDate', gender: 'gender', marital_status: 'maritalStatus', education: 'education', religion: 'religion',
  relative_relation: 'relativeRelation', relative_name: 'relativeName', guardian_name: 'guardianName', father_name: 'fatherName',
  tax_id: 'taxId', children_count: 'childrenCount', residence_months: 'residenceMonths', company_name: 'companyName',
  company_region: 'companyRegion', company_address: 'companyAddress', occupation: 'occupation', income_level: 'incomeLevel',
  company_size: 'companySize', company_phone: 'companyPhone',
} as const satisfies Record<string, keyof Customer>;

const NUMERIC_FIELDS = new Set(['children_count', 'residence_months']);
const PHONE_FIELDS = new Set(['company_phone']);
const ID_FIELDS = new Set(['tax_id']);

/** How a stored value of an editable field reads (as the view shows it to this reader). */
export function fieldOut(who: Pick<Actor, 'privacy'>, field: string, v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  if (PHONE_FIELDS.has(field) && s) return phoneOut(who, s);
  if (ID_FIELDS.has(field) && s) return idOut(who, s);
  return s;
}

/**
 * The phone the request names must be the customer's: the editor sends the phone of the page it was opened on, so
 * a stale or mistyped page cannot change another customer. A privacy-protected reader only ever saw the masked
 * number, so for them the masked form is accepted too.
 */
export function phoneMatches(who: Pick<Actor, 'privacy'>, sent: string, actual: string): boolean {
  const norm = (s: string) => s.replace(/[\s().-]/g, '');
  const s = norm(sent);
  if (s === norm(actual)) return true;
  return who.privacy && s === maskPhone(norm(actual));
}

/** A value refused by the field's rule; the route words it as "<field>: <reason>" in the caller's language. */
export class FieldValueError extends Error {
  constructor(public readonly field: string, public readonly reasonId: string, public readonly values: Record<string, string | number>) {
    super(reasonId);
  }
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/**
 * Validates and applies one field change inside the caller's transaction; returns the old and new value.
 * Refusals: unknown field (40000), customer outside scope (40400), phone mismatch (40000), invalid value by kind.
 */
export async function applyFieldEdit(tx: DbOrTx, who: Who, body: EditFieldBody, now: Date): Promise<FieldChange> {
  const def = editableField(body.field_name);
  if (!def) throw badRequest('error.customerFieldNotEditable', { field: body.field_name });
  const c = await findCustomer(tx, who, body.customer_id, true);
  if (!phoneMatches(who, body.phone, c.phone)) throw new AppError(CODE.VALIDATION, 'error.customerPhoneMismatch');

  const raw = body.field_value.trim();
  let value: string | number | null = raw;
  if (def.kind === 'date') {
    if (raw === '') value = null;
    else if (!isIsoDate(raw)) throw badRequest('error.customerFieldDate');
    else if (raw < '1900-01-01' || raw > now.toISOString().slice(0, 10)) throw badRequest('error.customerFieldDate');
  } else if (def.kind === 'dict') {
    if (raw !== '') {
      const [hit] = await tx.select({ id: dictItem.id }).from(dictItem)
        .where(and(eq(dictItem.dictName, def.dict!), eq(dictItem.value, raw), eq(dictItem.enabled, true))).limit(1);
      if (!hit) throw badRequest('error.customerFieldChoice', { dict: def.dict! });
    }
  } else {
    const r = def.schema!.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      if (issue?.message?.startsWith('validation.')) throw new FieldValueError(body.field_name, issue.message, {});
      const m = issue ? issueMessage(issue) : { id: 'validation.invalid', values: {} };
      throw new FieldValueError(body.field_name, m.id, m.values);
    }
    value = NUMERIC_FIELDS.has(body.field_name) ? Number(r.data) : r.data;
  }

  const col = FIELD_COLUMNS[body.field_name as keyof typeof FIELD_COLUMNS];
  const before = c[col];
  await tx.update(customer).set({ [col]: value, updatedAt: now } as Partial<Customer>).where(eq(customer.id, c.id));
  return { field: body.field_name, before: before === null || before === undefined ? '' : String(before), after: value === null ? '' : String(value) };
}

// ------------------------------------------------------------------------------------------------ calls

/** The number the call dialog dials for a target, and whom it reaches. */
export async function callTarget(db: DbOrTx, c: Customer, target: string, contactId?: number): Promise<{ phone: string; name: string }> {
  if (target === 'customer') return { phone: c.phone, name: c.name };
  if (target === 'company') {
    if (!c.companyPhone) throw badRequest('error.customerNoPhone');
    return { phone: c.companyPhone, name: c.companyName };
  }
  if (!contactId) throw badRequest('error.customerNoPhone');
  const [row] = await db.select().from(customerContact)
    .where(and(eq(customerContact.id, contactId), eq(customerContact.customerId, c.id), eq(customerContact.kind, target === 'emergency' ? 'emergency' : 'phonebook')))
    .limit(1);
  if (!row) throw notFound('customer_contact');
  return { phone: row.phone, name: row.name };
}
