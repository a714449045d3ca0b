/**
 * The seed generator: customers with every detail row, and their loan orders with status histories, as rows of
 * values per table (ready for COPY). Pure and deterministic: a customer's rows depend only on the seed, the time
 * anchor `now`, the catalog ids and the customer's index, so chunks can be generated in any order, in worker
 * threads, and give the same database.
 *
 * Two steps:
 * 1. `planSeed` draws, for every customer, the merchant, the status of the last order, how many orders and cards
 *    it has (cheap), until the wanted number of orders is reached; it also picks the customers that get the
 *    bulky detail rows (SMS, calls, apps, phone book …): those with an order under review first, then by index.
 * 2. `generateChunk` turns a range of customers into rows.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../schemas/order';
import type { Market } from '../../schemas/merchant';
import {
  COMMENTS, EXPIRED_REASON, INTERCEPT_REASONS, MACHINE_REJECT, PAYOUT_FAILURES, REJECT_REASONS,
} from './catalog';
import { cardNumber, MARKET_DATA, type Gender, type MarketData, type PersonName, type Region } from './markets';
import { Rng, type Weighted } from './rng';

export const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
/** Orders are spread over this many days before `now`. */
export const WINDOW_DAYS = 180;

// ---------------------------------------------------------------------------------------------------------------
// Inputs

export interface GenProduct {
  id: number;
  key: string;
  name: string;
  days: number[];
  rateBp: number;
  interestType: 'flat' | 'daily';
  managementFeeBp: number;
  riskFeeBp: number;
  paymentFeeBp: number;
  feeTiming: 'upfront' | 'maturity';
  overdueRateBp: number;
  /** Share of orders; 0 = never chosen at random. */
  weight: number;
}

export interface GenMerchant {
  id: number;
  market: Market;
  currency: string;
  weight: number;
  products: GenProduct[];
  /** Index in `products` of the white-household product offered to good returning customers (-1: none). */
  primeProduct: number;
  channels: Array<{ id: number; weight: number }>;
}

export interface GenAccounts {
  reviewer1: number | null;
  reviewer2: number | null;
  prereview: number | null;
  withdrawal: number | null;
  collector: number | null;
  admin: number | null;
  /** Accounts that write comments and attach labels. */
  staff: number[];
}

export interface GenContext {
  seed: string;
  /** Time anchor (ms): orders lie in the WINDOW_DAYS before it. */
  now: number;
  /** Orders wanted in total. */
  orders: number;
  /** How many customers get SMS, calls, apps, phone book, extra documents, auth records and locations. */
  richLimit: number;
  merchants: GenMerchant[];
  labelIds: number[];
  accounts: GenAccounts;
}

// ---------------------------------------------------------------------------------------------------------------
// Output: columns of every table, in COPY order

export const SEED_TABLES = [
  'customer', 'customer_contact', 'customer_sms', 'customer_call', 'customer_app', 'customer_device', 'customer_document',
  'customer_auth_record', 'customer_location', 'bank_card', 'customer_label_link', 'customer_comment', 'customer_sms_log',
  'loan_order', 'order_status_history',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

export const TABLE_COLUMNS: Record<SeedTable, readonly string[]> = {
  customer: [
    'id', 'code', 'merchant_id', 'channel_id', 'market', 'name', 'phone', 'registration_source', 'registration_method',
    'id_front_url', 'id_back_url', 'selfie_url', 'id_number', 'tax_id', 'religion', 'relative_name', 'relative_relation',
    'guardian_name', 'father_name', 'gender', 'birth_date', 'marital_status', 'education', 'children_count',
    'residence_months', 'user_level', 'registered_device', 'home_address', 'work_address', 'id_address', 'company_name',
    'company_region', 'company_address', 'occupation', 'income_level', 'company_size', 'company_phone', 'blacklisted',
    'blacklist_level', 'whitelisted', 'login_allowed', 'machine_review_at', 'machine_review_result',
    'machine_review_status', 'reference_limit_minor', 'exclusive_product_id', 'exclusive_limit_minor', 'marketing_status',
    'rotation', 'app_active_at', 'h5_active_at', 'carrier_auth_status', 'carrier_auth_remark', 'carrier_auth_at',
    'liveness_score', 'watermark_code', 'loan_count', 'created_at', 'updated_at',
  ],
  customer_contact: ['customer_id', 'kind', 'name', 'relation', 'phone', 'created_at'],
  customer_sms: ['customer_id', 'phone', 'direction', 'content', 'sent_at'],
  customer_call: ['customer_id', 'phone', 'name', 'direction', 'duration_seconds', 'called_at'],
  customer_app: ['customer_id', 'app_name', 'package_name', 'version', 'installed_at'],
  customer_device: [
    'customer_id', 'device_id', 'brand', 'model', 'os', 'os_version', 'app_version', 'browser', 'ip', 'mac', 'ssid',
    'resolution', 'gps_lat', 'gps_lng', 'captured_at',
  ],
  customer_document: ['customer_id', 'kind', 'url', 'uploaded_at', 'uploader'],
  customer_auth_record: ['customer_id', 'kind', 'status', 'provider', 'score', 'remark', 'created_at'],
  customer_location: ['customer_id', 'lat', 'lng', 'address', 'source', 'captured_at'],
  bank_card: [
    'id', 'customer_id', 'merchant_id', 'bank_name', 'bank_code', 'card_number', 'cardholder', 'status', 'is_default',
    'created_at', 'updated_at',
  ],
  customer_label_link: ['customer_id', 'label_id', 'created_by', 'created_at'],
  customer_comment: ['customer_id', 'account_id', 'content', 'signed', 'essence', 'deleted_at', 'created_at'],
  customer_sms_log: ['merchant_id', 'customer_id', 'phone', 'code', 'purpose', 'ip', 'sent_at', 'used_at'],
  loan_order: [
    'id', 'order_no', 'external_order_no', 'merchant_id', 'customer_id', 'channel_id', 'product_id', 'product_name',
    'currency', 'status', 'order_type', 'is_returning', 'application_amount_minor', 'loan_amount_minor',
    'received_amount_minor', 'contract_amount_minor', 'due_amount_minor', 'paid_amount_minor', 'remaining_debt_minor',
    'interest_minor', 'management_fee_minor', 'risk_fee_minor', 'payment_fee_minor', 'overdue_interest_minor',
    'overdue_penalty_minor', 'reduction_total_minor', 'extension_fee_minor', 'interest_rate_bp', 'interest_type',
    'fee_timing', 'overdue_rate_bp', 'loan_days', 'loan_at', 'success_at', 'due_date', 'overdue_days', 'settled',
    'settled_at', 'machine_review_result', 'machine_review_score', 'review_stage', 'review_result', 'review_limit_minor',
    'loan_remark', 'withdrawal_type', 'withdrawal_at', 'extension_count', 'extension_days', 'extended_at', 'bank_card_id',
    'created_at', 'updated_at', 'paid_penalty_minor', 'paid_interest_minor', 'paid_fee_minor', 'paid_principal_minor',
    'reduced_penalty_minor', 'accrued_through',
  ],
  order_status_history: ['order_id', 'merchant_id', 'from_status', 'to_status', 'account_id', 'reason', 'created_at'],
};

/** A cell: null → NULL; strings, numbers, booleans; objects are written as JSON. */
export type Cell = string | number | boolean | null | object;

/** Where generated rows go: kept as arrays (tests), or encoded to CSV at once (the loader). */
export interface RowSink {
  push(row: Cell[]): unknown;
}
export type Sinks = Record<SeedTable, RowSink>;
export type Rows = Record<SeedTable, Cell[][]>;

export function emptyRows(): Rows {
  return Object.fromEntries(SEED_TABLES.map((t) => [t, []])) as unknown as Rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Plan

/** Share of each status among customers' latest orders (earlier orders of a customer are settled or closed). */
export const STATUS_WEIGHTS: Weighted<OrderStatus> = [
  ['settled', 30], ['repaying', 12], ['overdue', 11], ['closed', 12], ['failed', 3], ['extended', 3], ['bad_debt', 4],
  ['pending_review', 3], ['machine_review', 1], ['first_review', 3.5], ['second_review', 2.5], ['pre_review', 1.5],
  ['disbursement_review', 1.5], ['suspended', 1.5], ['withdrawal', 3], ['disbursing', 1], ['reloan', 2],
];
const STATUS_INDEX = new Map<OrderStatus, number>(ORDER_STATUSES.map((s, i) => [s, i]));
const ORDER_COUNT_WEIGHTS: Weighted<number> = [[1, 55], [2, 22], [3, 12], [4, 7], [5, 4]];
const PRE_DISBURSEMENT = new Set<OrderStatus>([
  'pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'suspended',
  'withdrawal', 'disbursing', 'reloan',
]);

export interface Plan {
  customers: number;
  orders: number;
  /** Orders per customer (after the last customer is cut to reach exactly `orders`). */
  orderCounts: Uint8Array;
  cardCounts: Uint8Array;
  /** 1 = gets the bulky detail rows. */
  rich: Uint8Array;
}

interface OrderSkel {
  status: OrderStatus;
  productIdx: number;
  loanDays: number;
  createdAt: number;
  /** Time the current (pre-disbursement) stage began, or the order was closed / failed. */
  stageAt: number;
  loanAt: number | null;
  successAt: number | null;
  /** Local day numbers (days since epoch in the market calendar). */
  dueDay: number | null;
  origDueDay: number | null;
  extensionCount: number;
  extendedAt: number[];
  settledAt: number | null;
  /** Overdue days: now for open orders, at settlement for settled ones. */
  overdueDays: number;
}

interface CustomerSkel {
  merchantIdx: number;
  cards: number;
  orders: OrderSkel[];
}

function dayOf(ms: number, tz: number): number {
  return Math.floor((ms + tz * MIN) / DAY);
}

function dayStart(day: number, tz: number): number {
  return day * DAY - tz * MIN;
}

const dayStrings = new Map<number, string>();
function dayString(day: number): string {
  let s = dayStrings.get(day);
  if (s === undefined) {
    s = new Date(day * DAY).toISOString().slice(0, 10);
    dayStrings.set(day, s);
  }
  return s;
}

/** A time during the business day (08:00–22:00 local) of a local day. */
function timeOnDay(rng: Rng, day: number, tz: number): number {
  return dayStart(day, tz) + rng.int(8 * 60, 22 * 60 - 1) * MIN + rng.int(0, 59_999);
}

const OVERDUE_RANGES: Weighted<[number, number]> = [[[1, 3], 30], [[4, 7], 20], [[8, 15], 20], [[16, 30], 15], [[31, 60], 10], [[61, 89], 5]];

/**
 * The time skeleton of one customer: its orders (oldest first) with their statuses and key times. Drawn from the
 * customer's own 'plan' stream, so the plan and the generation agree.
 */
function skeleton(ctx: GenContext, weights: Weighted<number>, i: number): CustomerSkel {
  const rng = new Rng(ctx.seed, 'plan', i);
  const merchantIdx = rng.weighted(weights);
  const m = ctx.merchants[merchantIdx];
  const tz = MARKET_DATA[m.market].tzOffsetMinutes;
  // The first customers cycle through every status, so even a small seed shows each one.
  const status: OrderStatus = i < ORDER_STATUSES.length ? ORDER_STATUSES[i] : rng.weighted(STATUS_WEIGHTS);
  let k = rng.weighted(ORDER_COUNT_WEIGHTS);
  if (status === 'reloan') k = Math.max(k, 2);
  if (status === 'pending_review') k = 1;
  const cards = rng.chance(0.15) ? 2 : 1;
  const now = ctx.now;
  const windowStart = now - WINDOW_DAYS * DAY;
  const today = dayOf(now, tz);

  const pickProduct = (position: number): number => {
    if (position >= 2 && m.primeProduct >= 0 && rng.chance(0.15)) return m.primeProduct;
    return rng.weighted(m.products.map((p, idx) => [idx, p.weight] as const));
  };
  const preDuration = () => rng.chance(0.7) ? rng.int(20, 6 * 60) * MIN : rng.int(6 * 60, 72 * 60) * MIN;

  const make = (st: OrderStatus, productIdx: number): OrderSkel => ({
    status: st, productIdx, loanDays: rng.pick(m.products[productIdx].days), createdAt: 0, stageAt: 0, loanAt: null,
    successAt: null, dueDay: null, origDueDay: null, extensionCount: 0, extendedAt: [], settledAt: null, overdueDays: 0,
  });

  /** Places a disbursed order from its (original) due day. */
  const disburseFrom = (o: OrderSkel, dueDay: number) => {
    o.origDueDay = dueDay;
    o.dueDay = dueDay;
    o.successAt = Math.min(timeOnDay(rng, dueDay - o.loanDays, tz), now - 10 * MIN);
    o.loanAt = o.successAt - rng.int(1, 30) * MIN;
    o.createdAt = o.loanAt - preDuration();
    o.stageAt = o.loanAt;
  };

  /**
   * A settled order, repaid early, on time or up to 20 days late, sometimes after an extension. Settled at
   * `settledAt`, or (for the latest order) at a time chosen so that the whole loan fits in the window.
   */
  const settle = (o: OrderSkel, settledAt: number | null) => {
    const overdue = rng.chance(0.25) ? rng.int(1, 20) : 0;
    const early = overdue ? 0 : rng.int(0, Math.floor(o.loanDays / 2));
    const ext = rng.chance(0.08) ? 1 : 0;
    // Days from the payout to the settlement, plus a few for the review before it.
    const span = o.loanDays * (1 + ext) + overdue - early + 4;
    const at = settledAt ?? now - rng.int(1, Math.max(2, (WINDOW_DAYS - span) * 24)) * HOUR;
    const sDay = dayOf(at, tz);
    disburseFrom(o, sDay - overdue + early - ext * o.loanDays);
    if (ext) {
      o.extensionCount = 1;
      o.dueDay = o.origDueDay! + o.loanDays;
      o.extendedAt = [Math.max(o.successAt! + HOUR, timeOnDay(rng, o.origDueDay! - rng.int(0, 2), tz))];
    }
    o.settledAt = Math.max(at, o.successAt! + HOUR);
    o.overdueDays = Math.max(0, dayOf(o.settledAt, tz) - o.dueDay!);
  };

  const last = make(status, pickProduct(k - 1));
  const L = last.loanDays;
  switch (status) {
    case 'pending_review': case 'machine_review': case 'first_review': case 'second_review': case 'pre_review':
    case 'disbursement_review': case 'withdrawal': case 'reloan': case 'suspended': {
      const wait: Record<string, number> = {
        pending_review: 2 * HOUR, machine_review: 10 * MIN, first_review: 36 * HOUR, second_review: 36 * HOUR,
        pre_review: 24 * HOUR, disbursement_review: 24 * HOUR, withdrawal: 72 * HOUR, reloan: 24 * HOUR, suspended: 15 * DAY,
      };
      last.stageAt = now - rng.int(1, wait[status] / 1000) * 1000;
      last.createdAt = status === 'pending_review' || status === 'reloan' ? last.stageAt
        : status === 'machine_review' ? last.stageAt - rng.int(10, 300) * 1000 : last.stageAt - preDuration();
      break;
    }
    case 'disbursing':
      last.loanAt = now - rng.int(2, 120) * MIN;
      last.stageAt = last.loanAt;
      last.createdAt = last.loanAt - preDuration();
      break;
    case 'closed':
      last.stageAt = now - rng.int(1, 175 * 24) * HOUR;
      last.createdAt = last.stageAt - rng.int(10, 48 * 60) * MIN;
      break;
    case 'failed':
      last.loanAt = now - rng.int(1, 175 * 24) * HOUR;
      last.stageAt = last.loanAt + rng.int(1, 120) * MIN;
      last.createdAt = last.loanAt - preDuration();
      break;
    case 'repaying':
      disburseFrom(last, dayOf(now - rng.int(0, L * 24 - 1) * HOUR, tz) + L);
      break;
    case 'overdue': case 'bad_debt': {
      const maxOd = WINDOW_DAYS - 3 - L;
      const [lo, hi] = status === 'bad_debt' ? [90, Math.max(90, maxOd)] : rng.weighted(OVERDUE_RANGES);
      const od = Math.min(rng.int(lo, hi), status === 'bad_debt' ? Math.max(90, maxOd) : maxOd);
      disburseFrom(last, today - od);
      last.overdueDays = od;
      break;
    }
    case 'extended': {
      let e = rng.chance(0.75) ? 1 : 2;
      while (e > 1 && (e + 2) * L > WINDOW_DAYS - 5) e--;
      const dueDay = today + rng.int(1, L);
      disburseFrom(last, dueDay - e * L);
      last.extensionCount = e;
      last.dueDay = dueDay;
      for (let x = 0; x < e; x++) {
        const around = last.origDueDay! + x * L;
        last.extendedAt.push(Math.min(now - MIN, Math.max(last.successAt! + HOUR, timeOnDay(rng, around - rng.int(0, 2), tz))));
      }
      break;
    }
    case 'settled':
      settle(last, null);
      break;
  }

  const orders: OrderSkel[] = [last];
  let next = last.createdAt;
  for (let j = 1; j < k; j++) {
    const prev = make(rng.chance(0.92) ? 'settled' : 'closed', pickProduct(k - 1 - j));
    const end = next - rng.int(1, 15 * 24) * HOUR;
    if (prev.status === 'settled') settle(prev, end);
    else {
      prev.stageAt = end;
      prev.createdAt = end - rng.int(10, 48 * 60) * MIN;
    }
    if (prev.createdAt < windowStart || (prev.settledAt ?? prev.stageAt) >= next) break;
    orders.push(prev);
    next = prev.createdAt;
  }
  orders.reverse();
  return { merchantIdx, cards, orders };
}

function merchantWeights(ctx: GenContext): Weighted<number> {
  return ctx.merchants.map((m, i) => [i, m.weight] as const);
}

/** Draws every customer's shape until `ctx.orders` orders are reached. */
export function planSeed(ctx: GenContext): Plan {
  const weights = merchantWeights(ctx);
  let cap = Math.max(64, Math.ceil(ctx.orders * 0.7));
  let orderCounts = new Uint8Array(cap);
  let cardCounts = new Uint8Array(cap);
  let firstStatus = new Uint8Array(cap);
  let n = 0;
  let total = 0;
  while (total < ctx.orders) {
    if (n === cap) {
      cap *= 2;
      const grow = (a: Uint8Array) => { const b = new Uint8Array(cap); b.set(a); return b; };
      orderCounts = grow(orderCounts); cardCounts = grow(cardCounts); firstStatus = grow(firstStatus);
    }
    const s = skeleton(ctx, weights, n);
    const k = Math.min(s.orders.length, ctx.orders - total);
    orderCounts[n] = k;
    cardCounts[n] = s.cards;
    firstStatus[n] = STATUS_INDEX.get(s.orders[s.orders.length - 1].status)!;
    total += k;
    n++;
  }
  // Bulky detail rows go first to customers whose order is still under review (what reviewers open), then by index.
  const rich = new Uint8Array(n);
  let left = Math.min(ctx.richLimit, n);
  for (let i = 0; i < n && left > 0; i++) {
    if (PRE_DISBURSEMENT.has(ORDER_STATUSES[firstStatus[i]])) { rich[i] = 1; left--; }
  }
  for (let i = 0; i < n && left > 0; i++) {
    if (!rich[i]) { rich[i] = 1; left--; }
  }
  return { customers: n, orders: total, orderCounts: orderCounts.slice(0, n), cardCounts: cardCounts.slice(0, n), rich };
}

// ---------------------------------------------------------------------------------------------------------------
// Chunk generation

export interface ChunkSpec {
  /** First and last+1 customer index of the chunk. */
  from: number;
  to: number;
  /** Order and card ids of the chunk's first customer. */
  orderIdStart: number;
  cardIdStart: number;
  /** Rough number of rows the chunk makes (for progress and ETA: rich customers weigh far more than others). */
  estimatedRows: number;
  /** Plan slices for [from, to). */
  orderCounts: Uint8Array;
  cardCounts: Uint8Array;
  rich: Uint8Array;
}

/** Splits the plan into chunks of about `ordersPerChunk` orders. */
export function chunkPlan(plan: Plan, ordersPerChunk: number): ChunkSpec[] {
  const out: ChunkSpec[] = [];
  let from = 0;
  let orderId = 1;
  let cardId = 1;
  while (from < plan.customers) {
    let to = from;
    let orders = 0;
    let cards = 0;
    let rich = 0;
    while (to < plan.customers && orders < ordersPerChunk) {
      orders += plan.orderCounts[to];
      cards += plan.cardCounts[to];
      rich += plan.rich[to];
      to++;
    }
    out.push({
      from, to, orderIdStart: orderId, cardIdStart: cardId, estimatedRows: orders * 8 + (to - from) * 9 + rich * 100,
      orderCounts: plan.orderCounts.slice(from, to), cardCounts: plan.cardCounts.slice(from, to), rich: plan.rich.slice(from, to),
    });
    orderId += orders;
    cardId += cards;
    from = to;
  }
  return out;
}

const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** UTC timestamp to the second, `YYYY-MM-DDTHH:MM:SSZ` (a fast toISOString: most of the cells are times). */
function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  let rest = Math.floor((ms - day * DAY) / 1000);
  const h = Math.floor(rest / 3600);
  rest -= h * 3600;
  const m = Math.floor(rest / 60);
  return `${dayString(day)}T${TWO[h]}:${TWO[m]}:${TWO[rest - m * 60]}Z`;
}
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Digits of the phone number made unique per customer (the rest is the market's prefix). */
const PHONE_UNIQUE_DIGITS: Record<Market, number> = { vn: 7, cn: 8, tw: 8, eg: 8, th: 8, in: 9, en: 6 };

/** Stock pictures and video written by the seed (seed/assets.ts) under the files folder. */
export const DOC_URL = {
  id_front: '/files/2000-01/00000000-0000-4000-8000-000000000001.png',
  id_back: '/files/2000-01/00000000-0000-4000-8000-000000000002.png',
  selfie: '/files/2000-01/00000000-0000-4000-8000-000000000003.png',
  face: '/files/2000-01/00000000-0000-4000-8000-000000000004.png',
  video: '/files/2000-01/00000000-0000-4000-8000-000000000005.mp4',
} as const;

const OCCUPATION_INCOME: Weighted<string> = [['1', 15], ['2', 30], ['3', 30], ['4', 17], ['5', 8]];
const EDUCATION: Weighted<string> = [['1', 8], ['2', 35], ['3', 25], ['4', 27], ['5', 5]];
const COMPANY_SIZE: Weighted<string> = [['1', 25], ['2', 30], ['3', 20], ['4', 15], ['5', 10]];
const RESOLUTIONS = ['1080x2400', '720x1600', '1080x2340', '1170x2532', '1284x2778', '720x1560'];

function roundTo(x: number, unit: number): number {
  return Math.round(x / unit) * unit;
}

function ip(rng: Rng): string {
  return `${rng.pick([14, 27, 42, 58, 101, 103, 113, 115, 117, 123, 171, 183, 202, 203])}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

function mac(rng: Rng): string {
  const hex = '0123456789abcdef';
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) parts.push(rng.chars(2, hex));
  return parts.join(':');
}

function fill(template: string, rng: Rng, md: MarketData, amount: number, day: string): string {
  return template
    .replace('{code}', rng.digits(6))
    .replace('{amt}', md.money(amount))
    .replace('{bal}', md.money(amount * rng.int(2, 9)))
    .replace('{date}', day)
    .replace('{last4}', rng.digits(4));
}

function amountIn(rng: Rng, md: MarketData, scale = 1): number {
  const { min, max, step } = md.amount;
  const steps = Math.floor((max - min) / step);
  const raw = min + Math.floor(Math.pow(rng.next(), 1.6) * (steps + 1)) * step;
  return Math.min(max, roundTo(raw * scale, step));
}

interface Transition {
  to: OrderStatus;
  at: number;
  by: number | null;
  reason: string;
}

/** Everything about one customer that its rows share. */
interface Person {
  ctx: GenContext;
  rows: Sinks;
  rng: Rng;
  id: number;
  m: GenMerchant;
  md: MarketData;
  tz: number;
  orders: OrderSkel[];
  rich: boolean;
  createdAt: number;
  firstOrderAt: number;
  gender: Gender;
  age: number;
  birthDate: string;
  name: PersonName;
  homeRegion: Region;
  phone: string;
  idNumber: string;
  taxId: string;
  married: boolean;
  channel: number | null;
  device: { name: string; brand: string; model: string; iphone: boolean };
  source: string;
  emergency: Array<{ relation: string; name: string; phone: string }>;
  cards: number[];
  /** Filled while the orders are generated. */
  settledLoans: number;
  lastEventAt: number;
  anyPrime: boolean;
  lastMachine: { at: number; result: string } | null;
}

const STAGE_NAME: Partial<Record<OrderStatus, string>> = {
  pending_review: '', reloan: 'reloan', machine_review: 'machine', first_review: 'first', second_review: 'second', pre_review: 'pre',
  disbursement_review: 'disbursement',
};

function makePerson(ctx: GenContext, rows: Sinks, skel: CustomerSkel, orders: OrderSkel[], i: number, rich: boolean, phoneOffset: number): Person {
  const m = ctx.merchants[skel.merchantIdx];
  const md = MARKET_DATA[m.market];
  const rng = new Rng(ctx.seed, 'customer', i);
  const id = i + 1;
  const firstOrderAt = orders[0].createdAt;
  const createdAt = firstOrderAt - (rng.chance(0.6) ? rng.int(5, 120) * MIN : rng.int(2, 14 * 24) * HOUR);
  const gender: Gender = rng.chance(['vn', 'cn', 'eg', 'in'].includes(m.market) ? 0.56 : 0.5) ? 'M' : 'F';
  const age = rng.int(20, 55);
  const birth = new Date(ctx.now - age * 365.25 * DAY - rng.int(0, 364) * DAY);
  const name = md.name(rng, gender);
  const homeRegion = rng.pick(md.regions);
  const idRegion = rng.chance(0.7) ? homeRegion : rng.pick(md.regions);
  // The last digits of the phone come from a permutation of the customer id: phones are unique.
  const unique = PHONE_UNIQUE_DIGITS[m.market];
  const raw = md.phone(rng);
  const phone = raw.slice(0, raw.length - unique) + pad((id * 7_654_321 + phoneOffset) % 10 ** unique, unique);
  const idNumber = md.idNumber(rng, birth, gender, idRegion);
  const deviceName = rng.pick(md.devices);
  const iphone = deviceName.startsWith('iPhone');
  const brand = iphone ? 'Apple' : deviceName.split(' ')[0];
  return {
    ctx, rows, rng, id, m, md, tz: md.tzOffsetMinutes, orders, rich, createdAt, firstOrderAt, gender, age,
    birthDate: birth.toISOString().slice(0, 10), name, homeRegion, phone, idNumber, taxId: md.taxId(rng, idNumber, name),
    married: age > 24 && rng.chance(Math.min(0.85, (age - 20) / 25)),
    channel: m.channels.length ? rng.weighted(m.channels.map((c) => [c.id, c.weight] as const)) : null,
    device: { name: deviceName, brand, model: iphone ? deviceName : deviceName.slice(brand.length + 1), iphone },
    source: rng.weighted([[iphone ? 'ios' : 'android', 85], ['h5', 15]] as const),
    emergency: [], cards: [], settledLoans: 0, lastEventAt: createdAt, anyPrime: false, lastMachine: null,
  };
}

/** Emergency contacts (relation dictionary: 1 parent, 2 spouse, 3 sibling, 4 friend, 5 colleague). */
function emitEmergency(p: Person): void {
  const { rng, md } = p;
  const relations = p.married ? ['2', rng.pick(['1', '3', '4'])] : [rng.pick(['1', '1', '3']), rng.pick(['3', '4', '5'])];
  for (const relation of relations) {
    const sameFamily = (relation === '1' || relation === '3') && p.m.market !== 'eg';
    const g: Gender = relation === '2' ? (p.gender === 'M' ? 'F' : 'M') : rng.chance(0.5) ? 'M' : 'F';
    const c = { relation, name: md.name(rng, g, sameFamily ? p.name.family : undefined).full, phone: md.phone(rng) };
    p.emergency.push(c);
    p.rows.customer_contact.push([p.id, 'emergency', c.name, c.relation, c.phone, iso(p.createdAt + rng.int(2, 20) * MIN)]);
  }
}

function emitCards(p: Person, count: number, firstId: number): void {
  const { rng } = p;
  for (let c = 0; c < count; c++) {
    const bank = rng.pick(p.md.banks);
    const at = Math.min(p.ctx.now - MIN, c === 0 ? p.createdAt + rng.int(5, 60) * MIN : p.firstOrderAt + rng.int(1, 30 * 24) * HOUR);
    const status = c === 0 || rng.chance(0.4) ? 'bound' : 'pending';
    p.rows.bank_card.push([firstId + c, p.id, p.m.id, bank.name, bank.code, cardNumber(rng, bank), p.name.full, status, c === 0, iso(at), iso(at)]);
    p.cards.push(firstId + c);
  }
}

interface Route {
  stages: OrderStatus[];
  /** Manual review stages of this order's path. */
  manual: OrderStatus[];
  closeAt: OrderStatus | null;
  suspendAfter: OrderStatus | null;
}

/**
 * The stages an order went through (the lifecycle of src/schemas/lifecycle.ts): new customers pending review →
 * machine → first → second review → [pre-review] → [disbursement review] → withdrawal → disbursing; returning
 * ones start as re-loans and usually skip the manual stages. Cut where the order's status says it stopped.
 */
function route(rng: Rng, st: OrderStatus, returning: boolean): Route {
  let manual: OrderStatus[] = returning ? (rng.chance(0.3) ? ['first_review'] : []) : ['first_review', 'second_review'];
  const optional: OrderStatus[] = [];
  if (rng.chance(0.2) || st === 'pre_review') optional.push('pre_review');
  if (rng.chance(0.2) || st === 'disbursement_review') optional.push('disbursement_review');
  if (st === 'first_review' && !manual.length) manual = ['first_review'];
  if (st === 'second_review') manual = ['first_review', 'second_review'];
  const full: OrderStatus[] = [returning ? 'reloan' : 'pending_review', 'machine_review', ...manual, ...optional, 'withdrawal', 'disbursing'];
  if (st === 'closed') {
    let closeAt: OrderStatus = rng.weighted([['machine_review', 40], ['first_review', 30], ['second_review', 15], ['withdrawal', 15]] as const);
    if (!full.includes(closeAt)) closeAt = 'machine_review';
    return { stages: [...full.slice(0, full.indexOf(closeAt) + 1), 'closed'], manual, closeAt, suspendAfter: null };
  }
  if (st === 'suspended') {
    const candidates = full.filter((s) => s === 'first_review' || s === 'second_review' || s === 'pre_review');
    const suspendAfter: OrderStatus = candidates.length ? rng.pick(candidates) : 'machine_review';
    return { stages: [...full.slice(0, full.indexOf(suspendAfter) + 1), 'suspended'], manual, closeAt: null, suspendAfter };
  }
  if (PRE_DISBURSEMENT.has(st)) return { stages: full.slice(0, full.indexOf(st) + 1), manual, closeAt: null, suspendAfter: null };
  return { stages: st === 'failed' ? [...full, 'failed'] : full, manual, closeAt: null, suspendAfter: null };
}

/** Times of the stages: spread between creation and the anchor (current stage, closing, or the payout). */
function stageTimes(rng: Rng, o: OrderSkel, stages: OrderStatus[]): number[] {
  const st = o.status;
  const anchorAt = st === 'failed' || o.successAt !== null ? o.loanAt! : o.stageAt;
  const anchorIndex = st === 'failed' ? stages.length - 2 : stages.length - 1;
  const times: number[] = [o.createdAt];
  const span = Math.max(0, anchorAt - o.createdAt);
  const fractions: number[] = [];
  for (let s = 1; s < anchorIndex; s++) fractions.push(rng.next());
  fractions.sort((a, b) => a - b);
  for (let s = 1; s < anchorIndex; s++) {
    const t = s === 1 ? o.createdAt + Math.min(span * 0.5, rng.int(20, 300) * 1000) : o.createdAt + fractions[s - 1] * span;
    times.push(Math.max(times[times.length - 1] + 1000, Math.round(t)));
  }
  if (anchorIndex >= 1) times.push(Math.max(times[times.length - 1] + 1000, anchorAt));
  if (st === 'failed') times.push(o.stageAt);
  return times;
}

interface Review {
  machineScore: number | null;
  machineResult: string;
  withdrawalAt: number | null;
  withdrawalType: string;
  remark: string;
}

/** Who moved the order into each stage, and why; fills the review fields as the stages pass. */
function transitionsFor(p: Person, o: OrderSkel, r: Route, times: number[], review: Review): Transition[] {
  const { rng } = p;
  const acc = p.ctx.accounts;
  const out: Transition[] = [];
  for (let s = 0; s < r.stages.length; s++) {
    const to = r.stages[s];
    const prev = s > 0 ? r.stages[s - 1] : null;
    const at = times[Math.min(s, times.length - 1)];
    let by: number | null = null;
    let reason = '';
    switch (to) {
      case 'pending_review': case 'reloan': reason = 'Application submitted'; break;
      case 'machine_review': reason = 'Scoring rules started'; break;
      case 'first_review':
        review.machineScore = rng.int(600, 950); review.machineResult = 'approved';
        reason = `Machine review approved (score ${review.machineScore})`; break;
      case 'second_review': by = acc.reviewer1; reason = 'First review approved'; break;
      case 'pre_review': case 'disbursement_review': case 'withdrawal':
        if (prev === 'machine_review') {
          review.machineScore = rng.int(650, 980); review.machineResult = 'approved';
          reason = `Machine review approved (score ${review.machineScore}); returning customer skips manual review`;
        } else if (prev === 'first_review') { by = acc.reviewer1; reason = 'Approved'; } else if (prev === 'second_review') { by = acc.reviewer2; reason = 'Second review approved'; }
        else if (prev === 'pre_review') { by = acc.prereview; reason = 'Pre-review approved'; } else if (prev === 'disbursement_review') { by = acc.admin; reason = 'Payout approved'; }
        break;
      case 'disbursing':
        review.withdrawalAt = at;
        review.withdrawalType = rng.chance(0.85) ? 'auto' : 'manual';
        by = review.withdrawalType === 'manual' ? acc.withdrawal : null;
        reason = review.withdrawalType === 'manual' ? 'Withdrawal confirmed by staff for the customer' : 'Customer confirmed the withdrawal';
        break;
      case 'closed':
        if (prev === 'machine_review') { review.machineScore = rng.int(150, 599); review.machineResult = 'rejected'; reason = MACHINE_REJECT; } else if (prev === 'withdrawal') { reason = EXPIRED_REASON; } else { by = prev === 'first_review' ? acc.reviewer1 : acc.reviewer2; reason = rng.pick(REJECT_REASONS); }
        review.remark = reason;
        break;
      case 'suspended':
        by = rng.chance(0.5) ? acc.prereview : null; reason = rng.pick(INTERCEPT_REASONS); review.remark = reason; break;
      case 'failed': reason = rng.pick(PAYOUT_FAILURES); review.remark = reason; break;
      default: break;
    }
    out.push({ to, at, by, reason });
  }
  // After the payout.
  if (o.successAt !== null) {
    const st = o.status;
    const now = p.ctx.now;
    out.push({ to: 'repaying', at: o.successAt, by: null, reason: 'Payout succeeded' });
    for (const e of o.extendedAt) out.push({ to: 'extended', at: e, by: null, reason: 'Extension fee paid' });
    const dueEnd = dayStart(o.dueDay! + 1, p.tz);
    if (st === 'overdue' || st === 'bad_debt' || (st === 'settled' && o.overdueDays > 0)) {
      const at = dueEnd + rng.int(1, 30) * MIN;
      out.push({ to: 'overdue', at: Math.min(at, st === 'settled' ? o.settledAt! - 1000 : now - MIN), by: null, reason: 'End of day: past the due date' });
    }
    if (st === 'bad_debt') out.push({ to: 'bad_debt', at: Math.min(now - MIN, dueEnd + rng.int(90, Math.max(90, o.overdueDays)) * DAY), by: acc.admin, reason: 'Written off after 90 days overdue' });
    if (st === 'settled') out.push({ to: 'settled', at: o.settledAt!, by: rng.chance(0.1) ? acc.collector : null, reason: 'Repaid in full' });
  }
  out.sort((a, b) => a.at - b.at);
  return out;
}

/** review_stage and review_result of an order in its status. */
function reviewState(o: OrderSkel, r: Route): [string, string] {
  const st = o.status;
  if (PRE_DISBURSEMENT.has(st) && st !== 'withdrawal' && st !== 'disbursing') {
    const stage = STAGE_NAME[st === 'suspended' ? r.suspendAfter! : st] ?? '';
    return [stage, stage ? 'pending' : ''];
  }
  if (st === 'closed') {
    if (r.closeAt === 'withdrawal') return [r.manual.length === 2 ? 'second' : r.manual.length ? 'first' : 'machine', 'approved'];
    return [STAGE_NAME[r.closeAt!]!, 'rejected'];
  }
  const reached = r.stages;
  const stage = reached.includes('disbursement_review') ? 'disbursement' : reached.includes('pre_review') ? 'pre'
    : r.manual.length === 2 ? 'second' : r.manual.length ? 'first' : 'machine';
  return [stage, 'approved'];
}

function emitOrder(p: Person, o: OrderSkel, id: number): void {
  const { rng, md, m } = p;
  const product = m.products[o.productIdx];
  if (o.productIdx === m.primeProduct) p.anyPrime = true;
  const st = o.status;
  // A re-loan is a returning customer's order even when its earlier loans fall outside the generated set.
  const returning = p.settledLoans > 0 || st === 'reloan';
  const r = route(rng, st, returning);
  const times = stageTimes(rng, o, r.stages);
  const review: Review = { machineScore: null, machineResult: '', withdrawalAt: null, withdrawalType: '', remark: '' };
  const transitions = transitionsFor(p, o, r, times, review);
  if (!review.machineResult && st !== 'machine_review' && st !== 'pending_review' && st !== 'reloan' && st !== 'closed') {
    review.machineResult = 'approved';
    review.machineScore = rng.int(600, 950);
  }
  const [reviewStage, reviewResult] = reviewState(o, r);
  const approved = reviewResult === 'approved';

  // Money, minor units (see loan_order in order.table.ts).
  const application = amountIn(rng, md, returning ? 1 + 0.25 * Math.min(p.settledLoans, 4) : 1);
  const limit = !approved ? 0 : returning ? application : Math.max(md.amount.min, roundTo(application * rng.pick([1, 1, 1, 0.8, 0.7]), md.amount.step));
  const loan = approved ? limit : application;
  const unit = md.moneyRound;
  const interest = roundTo(product.interestType === 'daily' ? (loan * product.rateBp * o.loanDays) / 10_000 : (loan * product.rateBp) / 10_000, unit);
  const mgmt = roundTo((loan * product.managementFeeBp) / 10_000, unit);
  const risk = roundTo((loan * product.riskFeeBp) / 10_000, unit);
  const pay = roundTo((loan * product.paymentFeeBp) / 10_000, unit);
  const fees = mgmt + risk + pay;
  const received = product.feeTiming === 'upfront' ? loan - fees : loan;
  const contract = product.feeTiming === 'upfront' ? loan + interest : loan + interest + fees;
  const disbursed = o.successAt !== null;
  const od = disbursed ? o.overdueDays : 0;
  const overdueInterest = od > 0 ? Math.min(loan, roundTo((loan * product.overdueRateBp * od) / 10_000, unit)) : 0;
  const penalty = od > 0 ? roundTo((loan * 500) / 10_000, unit) : 0;
  let reduction = 0;
  if (od > 0 && rng.chance(st === 'settled' ? 0.2 : st === 'bad_debt' ? 0.1 : 0.05)) {
    reduction = Math.min(penalty + overdueInterest, penalty + roundTo(overdueInterest * rng.float(0, 0.5), unit));
  }
  const due = disbursed ? contract + overdueInterest + penalty - reduction : 0;
  let paid = 0;
  if (st === 'settled') paid = due;
  else if (disbursed && rng.chance(st === 'bad_debt' ? 0.1 : 0.2)) paid = roundTo(due * rng.float(0.1, 0.5), unit);
  const settled = st === 'settled';
  if (settled) p.settledLoans++;
  // What was paid, by part, in the default allocation order (penalty, interest, fee, principal; docs/repayment.md);
  // the reduction waived penalty first. Overdue figures stand as of the last overdue day (accrued_through).
  const penaltyOwed = overdueInterest + penalty - reduction;
  const feeOwed = product.feeTiming === 'maturity' ? fees : 0;
  const paidPenalty = Math.min(paid, penaltyOwed);
  const paidInterest = Math.min(paid - paidPenalty, interest);
  const paidFee = Math.min(paid - paidPenalty - paidInterest, feeOwed);
  const paidPrincipal = paid - paidPenalty - paidInterest - paidFee;
  const accruedThrough = od > 0 && o.dueDay !== null ? dayString(o.dueDay + od) : null;

  const lastAt = transitions[transitions.length - 1].at;
  p.lastEventAt = Math.max(p.lastEventAt, lastAt);
  if (review.machineResult) {
    const decided = transitions.find((t) => t.to !== 'pending_review' && t.to !== 'reloan' && t.to !== 'machine_review');
    p.lastMachine = { at: decided?.at ?? o.createdAt + 2 * MIN, result: review.machineResult };
  }
  p.rows.loan_order.push([
    id, `LO${dayString(dayOf(o.createdAt, p.tz)).replaceAll('-', '').slice(2)}${pad(id, 9)}`,
    o.loanAt !== null ? `PO${pad(m.id, 3)}${rng.digits(12)}` : '', m.id, p.id, p.channel, product.id, product.name, m.currency, st,
    returning ? 'reloan' : 'normal', returning, application, loan, received, contract, due, paid, due - paid, interest, mgmt, risk,
    pay, overdueInterest, penalty, reduction, o.extensionCount * (interest + mgmt), product.rateBp, product.interestType,
    product.feeTiming, product.overdueRateBp, o.loanDays, o.loanAt === null ? null : iso(o.loanAt),
    o.successAt === null ? null : iso(o.successAt), o.dueDay === null ? null : dayString(o.dueDay), od, settled,
    o.settledAt === null ? null : iso(o.settledAt), review.machineResult, review.machineScore, reviewStage, reviewResult, limit,
    review.remark, review.withdrawalType, review.withdrawalAt === null ? null : iso(review.withdrawalAt), o.extensionCount,
    o.extensionCount * o.loanDays, o.extendedAt.length ? iso(o.extendedAt[o.extendedAt.length - 1]) : null, p.cards[0] ?? null,
    iso(o.createdAt), iso(lastAt), paidPenalty, paidInterest, paidFee, paidPrincipal, reduction, accruedThrough,
  ]);
  let from: OrderStatus | null = null;
  for (const t of transitions) {
    p.rows.order_status_history.push([id, m.id, from, t.to, t.by, t.reason, iso(t.at)]);
    from = t.to;
  }
}

function emitCustomer(p: Person): void {
  const { rng, md, m, ctx } = p;
  const loanCount = p.settledLoans;
  const lastStatus = p.orders[p.orders.length - 1].status;
  const blacklisted = lastStatus === 'bad_debt' ? rng.chance(0.6) : rng.chance(0.015);
  const blacklistLevel = blacklisted ? rng.int(1, 3) : 0;
  const whitelisted = !blacklisted && (p.anyPrime || (loanCount >= 2 && rng.chance(0.25)));
  const limitBase = amountIn(rng, md, 1 + 0.3 * Math.min(loanCount, 5));
  const carrier = rng.weighted([['success', 70], ['failed', 8], ['pending', 4], ['', 18]] as const);
  const carrierAt = carrier ? p.createdAt + rng.int(3, 40) * MIN : null;
  const appActive = Math.min(ctx.now - rng.int(1, 600) * MIN, Math.max(p.lastEventAt, ctx.now - rng.int(0, 30 * 24) * HOUR));
  const h5Active = p.source === 'h5' || rng.chance(0.2) ? Math.max(p.createdAt, ctx.now - rng.int(0, 60 * 24) * HOUR) : null;
  const liveness = Math.round(rng.float(p.rich && rng.chance(0.05) ? 30 : 62, 99.9) * 100) / 100;
  const guardian = p.age < 23 ? md.name(rng, 'M', m.market !== 'eg' ? p.name.family : undefined).full : '';
  const home = md.address(rng, p.homeRegion);
  const work = md.address(rng, p.homeRegion);
  const idAddress = rng.chance(0.5) ? home : md.address(rng, rng.pick(md.regions));
  const married = p.married;
  p.rows.customer.push([
    p.id, `${m.market.toUpperCase()}${pad(p.id, 8)}`, m.id, p.channel, m.market, p.name.full, p.phone, p.source,
    rng.weighted([['sms_code', 70], ['password', 20], ['google', 6], ['facebook', 4]] as const),
    DOC_URL.id_front, DOC_URL.id_back, DOC_URL.selfie, p.idNumber, p.taxId, rng.weighted(md.religion),
    p.emergency[0].name, p.emergency[0].relation, guardian, p.name.father, p.gender === 'M' ? '1' : '2', p.birthDate,
    married ? (rng.chance(0.9) ? '2' : rng.pick(['3', '4'])) : '1', rng.weighted(EDUCATION),
    married ? rng.weighted([[0, 20], [1, 35], [2, 32], [3, 10], [4, 3]] as const) : 0, rng.int(3, 240),
    Math.min(5, loanCount + (whitelisted ? 1 : 0)), p.device.name, home, work, idAddress, md.company(rng, p.homeRegion), work.city,
    work.full, rng.pick(md.occupations), rng.weighted(OCCUPATION_INCOME), rng.weighted(COMPANY_SIZE), md.phone(rng), blacklisted,
    blacklistLevel, whitelisted, blacklistLevel < 3, p.lastMachine ? iso(p.lastMachine.at) : null, p.lastMachine?.result ?? '',
    p.lastMachine ? 'done' : lastStatus === 'machine_review' ? 'pending' : '', limitBase,
    whitelisted && m.primeProduct >= 0 ? m.products[m.primeProduct].id : null, whitelisted ? roundTo(limitBase * 1.5, md.amount.step) : 0,
    rng.weighted([['', 40], ['agreed', 45], ['rejected', 15]] as const), rng.chance(0.1), iso(Math.max(p.createdAt, appActive)),
    h5Active === null ? null : iso(h5Active), carrier,
    carrier === 'failed' ? 'Operator service password incorrect' : carrier === 'pending' ? 'Waiting for the operator' : '',
    carrierAt === null ? null : iso(carrierAt), liveness, rng.chars(8, '0123456789ABCDEF'), loanCount, iso(p.createdAt),
    iso(Math.max(p.createdAt, p.lastEventAt)),
  ]);
  if (p.rich) emitAuthRecords(p, liveness, carrier, carrierAt);
}

function deviceRow(p: Person, deviceId: string, at: number): Cell[] {
  const { rng, device } = p;
  return [
    p.id, deviceId, device.brand, device.model, device.iphone ? 'iOS' : 'Android',
    device.iphone ? `${rng.int(15, 17)}.${rng.int(0, 6)}` : String(rng.int(10, 14)), `2.${rng.int(0, 9)}.${rng.int(0, 20)}`,
    p.source === 'h5' ? `Chrome ${rng.int(110, 124)}.0` : device.iphone ? 'WKWebView' : `WebView ${rng.int(110, 124)}`, ip(rng),
    device.iphone ? '02:00:00:00:00:00' : mac(rng), rng.pick(p.md.ssids), rng.pick(RESOLUTIONS),
    Math.round((p.homeRegion.lat + rng.float(-0.05, 0.05)) * 1e6) / 1e6, Math.round((p.homeRegion.lng + rng.float(-0.05, 0.05)) * 1e6) / 1e6, iso(at),
  ];
}

/** Rows every customer has: device, ID documents, the registration code, sometimes labels. */
function emitBasics(p: Person): string {
  const { rng, rows, ctx } = p;
  // About one in a hundred customers shares a device with others (what co-debt checks look for).
  const deviceId = rng.chance(0.01) ? new Rng(ctx.seed, 'shared-device', rng.int(0, 499)).chars(16, '0123456789abcdef') : rng.chars(16, '0123456789abcdef');
  rows.customer_device.push(deviceRow(p, deviceId, p.createdAt));
  const docAt = p.createdAt + rng.int(1, 10) * MIN;
  rows.customer_document.push([p.id, 'id_front', DOC_URL.id_front, iso(docAt), 'customer']);
  rows.customer_document.push([p.id, 'id_back', DOC_URL.id_back, iso(docAt + 20_000), 'customer']);
  rows.customer_document.push([p.id, 'selfie', DOC_URL.selfie, iso(docAt + 60_000), 'customer']);
  const sent = p.createdAt - rng.int(10, 180) * 1000;
  rows.customer_sms_log.push([p.m.id, p.id, p.phone, rng.digits(6), 'register', ip(rng), iso(sent), iso(sent + rng.int(10, 120) * 1000)]);
  if (ctx.labelIds.length && rng.chance(0.12)) {
    for (const label of rng.sample(ctx.labelIds, rng.int(1, 2))) {
      rows.customer_label_link.push([p.id, label, ctx.accounts.staff.length ? rng.pick(ctx.accounts.staff) : null, iso(Math.min(ctx.now - MIN, p.createdAt + rng.int(1, 30 * 24) * HOUR))]);
    }
  }
  return deviceId;
}

function emitAuthRecords(p: Person, liveness: number, carrier: string, carrierAt: number | null): void {
  const { rng, rows } = p;
  const at = p.createdAt + rng.int(1, 20) * MIN;
  const faceOk = liveness >= 60;
  rows.customer_auth_record.push([p.id, 'id_card', 'success', 'OCR', null, 'ID card recognised', iso(at)]);
  rows.customer_auth_record.push([p.id, 'face', faceOk ? 'success' : 'failed', 'FaceMatch', Math.round(rng.float(faceOk ? 80 : 40, faceOk ? 99.5 : 79) * 100) / 100, faceOk ? 'Face matches the ID photo' : 'Face does not match the ID photo', iso(at + 60_000)]);
  rows.customer_auth_record.push([p.id, 'liveness', faceOk ? 'success' : 'failed', 'Liveness', liveness, '', iso(at + 90_000)]);
  rows.customer_auth_record.push([p.id, 'bank_card', 'success', 'CardVerify', null, 'Card holder name matches', iso(at + 5 * MIN)]);
  rows.customer_auth_record.push([p.id, 'contacts', 'success', 'App', null, 'Contacts read with permission', iso(at + 6 * MIN)]);
  if (carrier && carrierAt !== null) rows.customer_auth_record.push([p.id, 'carrier', carrier, 'Carrier', null, carrier === 'failed' ? 'Operator service password incorrect' : '', iso(carrierAt)]);
}

/** The bulky rows of the rich subset: phone book, SMS, calls, apps, more devices and documents, locations, codes, comments. */
function emitRich(p: Person, deviceId: string): void {
  const { rng, md, rows, ctx } = p;
  const book: Array<{ name: string; phone: string }> = p.emergency.map((c) => ({ name: c.name, phone: c.phone }));
  const bookSize = rng.int(15, 40);
  for (let c = 0; c < bookSize; c++) {
    const entry = { name: md.name(rng, rng.chance(0.5) ? 'M' : 'F').full, phone: md.phone(rng) };
    book.push(entry);
    rows.customer_contact.push([p.id, 'phonebook', entry.name, '', entry.phone, iso(p.createdAt + rng.int(2, 20) * MIN)]);
  }
  // Read from the phone when the customer first applied: the 60 days before.
  const readAt = p.firstOrderAt;
  const smsCount = rng.int(10, 40);
  const personal = md.sms.slice(-4);
  for (let c = 0; c < smsCount; c++) {
    const own = rng.chance(0.35);
    const sentAt = readAt - rng.int(1, 60 * 24 * 60) * MIN;
    rows.customer_sms.push([
      p.id, own ? rng.pick(book).phone : rng.pick(md.smsSenders), own && rng.chance(0.5) ? 'out' : 'in',
      fill(own ? rng.pick(personal) : rng.pick(md.sms), rng, md, amountIn(rng, md), dayString(dayOf(sentAt, p.tz) + rng.int(0, 10))), iso(sentAt),
    ]);
  }
  const callCount = rng.int(10, 40);
  for (let c = 0; c < callCount; c++) {
    const who = rng.chance(0.8) ? rng.pick(book) : { name: '', phone: md.phone(rng) };
    const direction = rng.weighted([['in', 45], ['out', 40], ['missed', 15]] as const);
    rows.customer_call.push([p.id, who.phone, who.name, direction, direction === 'missed' ? 0 : rng.int(8, 900), iso(readAt - rng.int(1, 60 * 24 * 60) * MIN)]);
  }
  for (const [name, pkg] of rng.sample(md.apps, rng.int(8, 16))) {
    rows.customer_app.push([p.id, name, pkg, `${rng.int(1, 30)}.${rng.int(0, 20)}.${rng.int(0, 99)}`, iso(readAt - rng.int(1, 700) * DAY)]);
  }
  const extraDevices = Math.min(rng.int(0, 2), p.orders.length);
  for (let c = 0; c < extraDevices; c++) rows.customer_device.push(deviceRow(p, deviceId, p.orders[p.orders.length - 1 - c].createdAt));
  const lastOrder = p.orders[p.orders.length - 1];
  if (rng.chance(0.6)) rows.customer_document.push([p.id, 'face', DOC_URL.face, iso(lastOrder.createdAt + rng.int(1, 5) * MIN), 'customer']);
  if (rng.chance(0.05)) rows.customer_document.push([p.id, 'video', DOC_URL.video, iso(p.createdAt + rng.int(10, 20) * MIN), 'customer']);
  const span = Math.max(1, Math.floor((p.lastEventAt - p.createdAt) / MIN));
  const locations = rng.int(2, 5);
  for (let c = 0; c < locations; c++) {
    const where = rng.chance(0.6) ? md.address(rng, p.homeRegion) : md.address(rng, rng.pick(md.regions));
    rows.customer_location.push([
      p.id, Math.round((p.homeRegion.lat + rng.float(-0.08, 0.08)) * 1e6) / 1e6, Math.round((p.homeRegion.lng + rng.float(-0.08, 0.08)) * 1e6) / 1e6,
      where.full, rng.chance(0.8) ? 'gps' : 'ip', iso(Math.min(ctx.now - MIN, p.createdAt + rng.int(0, span) * MIN)),
    ]);
  }
  const logins = rng.int(1, 4);
  const life = Math.max(2, Math.floor((ctx.now - p.createdAt) / MIN));
  for (let c = 0; c < logins; c++) {
    const sent = Math.min(ctx.now - MIN, p.createdAt + rng.int(1, life) * MIN);
    rows.customer_sms_log.push([p.m.id, p.id, p.phone, rng.digits(6), rng.chance(0.9) ? 'login' : 'reset_password', ip(rng), iso(sent), rng.chance(0.9) ? iso(Math.min(ctx.now, sent + rng.int(10, 170) * 1000)) : null]);
  }
  if (ctx.accounts.staff.length) {
    const comments = rng.weighted([[0, 40], [1, 30], [2, 20], [3, 10]] as const);
    const since = Math.max(11, Math.floor((ctx.now - p.firstOrderAt) / MIN));
    for (let c = 0; c < comments; c++) {
      const at = Math.min(ctx.now - MIN, p.firstOrderAt + rng.int(10, since) * MIN);
      rows.customer_comment.push([p.id, rng.pick(ctx.accounts.staff), rng.pick(COMMENTS), rng.chance(0.2), rng.chance(0.1), rng.chance(0.05) ? iso(Math.min(ctx.now, at + HOUR)) : null, iso(at)]);
    }
  }
}

/**
 * Generates the rows of customers [spec.from, spec.to): the customer, its detail rows, its bank cards, its
 * orders and their status histories.
 */
export function generateChunk<S extends Sinks = Rows>(ctx: GenContext, spec: ChunkSpec, sinks?: S): S {
  const rows = (sinks ?? emptyRows()) as S;
  const weights = merchantWeights(ctx);
  const phoneOffset = new Rng(ctx.seed, 'phone-permutation', 0).int(0, 9_999_999);
  let orderId = spec.orderIdStart;
  let cardId = spec.cardIdStart;
  for (let i = spec.from; i < spec.to; i++) {
    const rel = i - spec.from;
    const skel = skeleton(ctx, weights, i);
    const orders = skel.orders.slice(skel.orders.length - spec.orderCounts[rel]);
    const p = makePerson(ctx, rows, skel, orders, i, spec.rich[rel] === 1, phoneOffset);
    emitEmergency(p);
    emitCards(p, spec.cardCounts[rel], cardId);
    cardId += spec.cardCounts[rel];
    for (const o of orders) emitOrder(p, o, orderId++);
    emitCustomer(p);
    const deviceId = emitBasics(p);
    if (p.rich) emitRich(p, deviceId);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

const NEEDS_QUOTES = /[",\n\r\\]/;

/** One row as a PostgreSQL CSV line (COPY … WITH (FORMAT csv)): empty unquoted = NULL, "" = empty string. */
export function csvLine(row: Cell[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    if (i > 0) line += ',';
    const v = row[i];
    if (v === null) continue;
    if (typeof v === 'string') {
      if (v.length === 0) line += '""';
      else if (NEEDS_QUOTES.test(v)) line += `"${v.replaceAll('"', '""')}"`;
      else line += v;
    } else if (typeof v === 'number') {
      line += v;
    } else if (typeof v === 'boolean') {
      line += v ? 't' : 'f';
    } else {
      line += `"${JSON.stringify(v).replaceAll('"', '""')}"`;
    }
  }
  return line;
}

export function toCsv(rows: Cell[][]): string {
  return rows.length ? rows.map(csvLine).join('\n') + '\n' : '';
}

/**
 * A sink that encodes each row as CSV straight into a growing byte buffer: no string per row stays alive, so a
 * chunk of a million rows costs the garbage collector nothing (keeping row strings made it spend half its time).
 */
export class CsvSink implements RowSink {
  private buf = Buffer.allocUnsafeSlow(1 << 20);
  private len = 0;
  count = 0;

  private ensure(extra: number): void {
    if (this.len + extra <= this.buf.length) return;
    const next = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.len + extra));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  push(row: Cell[]): void {
    // One short-lived string per row and one native write: cheaper than a write per cell.
    const line = csvLine(row);
    this.ensure(line.length * 3 + 1);
    this.len += this.buf.write(line, this.len);
    this.buf[this.len++] = 10; // \n
    this.count++;
  }

  /** The CSV so far (a view, valid until the next push). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

export function csvSinks(): Record<SeedTable, CsvSink> {
  return Object.fromEntries(SEED_TABLES.map((t) => [t, new CsvSink()])) as Record<SeedTable, CsvSink>;
}
