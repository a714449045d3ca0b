import { z } from 'zod';
import { id } from './common';
import { filterId, queryFlag } from './client';
import type { OrderMoney, Parts } from './repayment';
import type { ScorecardRule } from './scoring';
import type { CoDebtFinding } from './coDebt';

/**
 * The shared customer-detail view (spec §2 "Detail pages": /example/orderDetails and /details/reviewDetails),
 * the customer field editor (spec §3 "Customer editable field update", §4 "Field editor flow", §7 `customer
 * edit_field`), customer comments (spec §7 `customer_comment/*`) and the call dialog (spec §2, §3 "Call info").
 * Money is integer minor units of `currency`; times are ISO strings.
 */

// ------------------------------------------------------------------------------------------------ detail

/** Rows of a large child list the detail answers at most (the rest through /loanapi/customer/records). */
export const DETAIL_PAGE_SIZE = 50;
/** Rows counted exactly before a child list's total is shown as "more than". */
export const DETAIL_COUNT_CAP = 1_000;

export const customerDetailQuery = z.object({ customer_id: id });

/** Large child lists of a customer, paged by keyset. */
export const RECORD_KINDS = ['contacts', 'sms', 'calls', 'apps', 'locations'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const customerRecordsQuery = z.object({
  customer_id: id,
  kind: z.enum(RECORD_KINDS),
  /** Opaque cursor from the previous page's `next_cursor`. */
  cursor: z.string().max(200).optional(),
  size: z.coerce.number().int().min(1).max(200).default(DETAIL_PAGE_SIZE),
});

/** A capped child list: the first rows, the total (exact up to DETAIL_COUNT_CAP, else `capped`), the next cursor. */
export interface Paged<T> {
  rows: T[];
  total: number;
  capped: boolean;
  next_cursor: string | null;
}

export interface AddressView {
  region: string;
  city: string;
  district: string;
  line: string;
  postcode: string;
  full: string;
}

export interface LabelView {
  id: number;
  label_name: string;
  mark_color: string;
}

export interface CustomerInfo {
  id: number;
  code: string;
  name: string;
  /** Masked for accounts with privacy protection. */
  phone: string;
  market: string;
  currency: string;
  merchant_id: number;
  merchant_name: string;
  channel_id: number | null;
  channel_name: string;
  registration_source: string;
  registration_method: string;
  /** Masked for accounts with privacy protection. */
  id_number: string;
  tax_id: string;
  religion: string;
  relative_name: string;
  relative_relation: string;
  guardian_name: string;
  father_name: string;
  gender: string;
  birth_date: string | null;
  marital_status: string;
  education: string;
  children_count: number;
  residence_months: number;
  user_level: number;
  registered_device: string;
  home_address: AddressView | null;
  work_address: AddressView | null;
  id_address: AddressView | null;
  labels: LabelView[];
  whitelisted: boolean;
  login_allowed: boolean;
  reference_limit_minor: number;
  exclusive_product_id: number | null;
  exclusive_product_name: string;
  exclusive_limit_minor: number;
  marketing_status: string;
  rotation: boolean;
  app_active_at: string | null;
  h5_active_at: string | null;
  watermark_code: string;
  loan_count: number;
  created_at: string;
  updated_at: string;
}

export interface CompanyInfo {
  company_name: string;
  company_region: string;
  company_address: string;
  occupation: string;
  income_level: string;
  company_size: string;
  /** Masked for accounts with privacy protection. */
  company_phone: string;
}

export interface ContactView {
  id: number;
  name: string;
  /** Dictionary `relation` value ('' in the phone book). */
  relation: string;
  /** Masked for accounts with privacy protection. */
  phone: string;
  created_at: string;
}

export interface DocumentView {
  id: number | null;
  /** id_front | id_back | selfie | face | video */
  kind: string;
  url: string;
  uploaded_at: string | null;
  uploader: string;
}

export interface DocumentsSection {
  /** 0–100, null when no liveness check ran. */
  liveness_score: number | null;
  photos: DocumentView[];
  videos: DocumentView[];
}

export interface AuthRecordView {
  id: number;
  kind: string;
  status: string;
  provider: string;
  score: number | null;
  remark: string;
  created_at: string;
}

export interface LocationView {
  id: number;
  lat: number;
  lng: number;
  address: string;
  source: string;
  captured_at: string;
}

export interface SmsView {
  id: number;
  phone: string;
  direction: string;
  content: string;
  sent_at: string;
}

export interface CallView {
  id: number;
  phone: string;
  name: string;
  /** in | out | missed, or `staff` for a call placed from the console's call dialog. */
  direction: string;
  duration_seconds: number;
  called_at: string;
}

export interface AppView {
  id: number;
  app_name: string;
  package_name: string;
  version: string;
  installed_at: string | null;
}

export interface CarrierSection {
  status: string;
  remark: string;
  at: string | null;
  records: AuthRecordView[];
}

export interface OrderView {
  id: number;
  order_no: string;
  external_order_no: string;
  merchant_id: number;
  product_name: string;
  currency: string;
  status: string;
  order_type: string;
  is_returning: boolean;
  application_amount_minor: number;
  loan_amount_minor: number;
  received_amount_minor: number;
  contract_amount_minor: number;
  due_amount_minor: number;
  paid_amount_minor: number;
  remaining_debt_minor: number;
  interest_minor: number;
  management_fee_minor: number;
  risk_fee_minor: number;
  payment_fee_minor: number;
  overdue_interest_minor: number;
  overdue_penalty_minor: number;
  reduction_total_minor: number;
  extension_fee_minor: number;
  interest_rate_bp: number;
  interest_type: string;
  overdue_rate_bp: number;
  loan_days: number;
  loan_at: string | null;
  success_at: string | null;
  due_date: string | null;
  overdue_days: number;
  settled: boolean;
  settled_at: string | null;
  machine_review_result: string;
  machine_review_score: number | null;
  review_stage: string;
  review_result: string;
  review_limit_minor: number;
  loan_remark: string;
  withdrawal_type: string;
  withdrawal_at: string | null;
  extension_count: number;
  extension_days: number;
  extended_at: string | null;
  created_at: string;
}

/**
 * An extension application of one of the customer's orders (extension table): its price as fixed at review, its time
 * rule, what was paid and the new dates once paid. `applicant` null: applied from the borrower app.
 */
export interface ExtensionView {
  id: number;
  application_no: string;
  order_id: number;
  order_no: string;
  currency: string;
  /** under_review | passed | rejected | success */
  status: string;
  /** fixed | rate */
  fee_type: string;
  /** fixed: minor units; rate: basis points of the principal. */
  fee_setting: number;
  fee_minor: number;
  penalty_minor: number;
  days: number;
  /** due_date | today_if_overdue */
  time_type: string;
  /** credit | to_debt */
  overpayment: string;
  paid_fee_minor: number;
  start_date: string | null;
  end_date: string | null;
  applicant: string | null;
  reviewer: string | null;
  remark: string;
  review_remark: string;
  created_at: string;
  reviewed_at: string | null;
  paid_at: string | null;
}

/** A review decision: a status change of one of the customer's orders at a review stage. */
export interface CreditReviewView {
  id: number;
  order_id: number;
  order_no: string;
  from_status: string | null;
  to_status: string;
  account_id: number | null;
  account_name: string;
  reason: string;
  created_at: string;
}

export interface BankCardView {
  id: number;
  bank_name: string;
  bank_code: string;
  /** Masked for accounts with privacy protection. */
  card_number: string;
  cardholder: string;
  status: string;
  is_default: boolean;
  created_at: string;
}

/** A reduction (waiver) request on one of the customer's orders (reduction table), penalty first. */
export interface ReductionView {
  id: number;
  order_id: number;
  order_no: string;
  currency: string;
  amount_minor: number;
  /** How the amount splits over the parts (penalty first, then interest, fee, principal). */
  parts: Parts;
  /** pending | approved | rejected | expired */
  status: string;
  reason: string;
  requested_by: string | null;
  decided_by: string | null;
  decide_remark: string;
  created_at: string;
  decided_at: string | null;
  expires_at: string;
}

/**
 * How the customer repays, over all their orders: successful repayments, settlements on time or late (settled after
 * the due date, or ever overdue), extensions used and the worst overdue days.
 */
export interface RepaymentBehaviour {
  currency: string;
  /** Successful repayments (money applied, not revoked). */
  repayments: number;
  repaid_minor: number;
  revoked: number;
  settled_orders: number;
  on_time: number;
  late: number;
  /** Orders overdue or written off now. */
  overdue_now: number;
  extensions: number;
  max_overdue_days: number;
}

export interface ScorecardSection {
  result: string;
  status: string;
  at: string | null;
  /** Score of the latest order's machine review. */
  score: number | null;
  order_no: string | null;
  /** Per-rule breakdown of that machine review (src/server/modules/scoring/breakdown.ts). */
  rules: ScorecardRule[];
  /** Repayment behaviour over the customer's orders. */
  behaviour: RepaymentBehaviour;
}

export interface DeviceView {
  id: number;
  device_id: string;
  brand: string;
  model: string;
  os: string;
  os_version: string;
  app_version: string;
  browser: string;
  ip: string;
  mac: string;
  ssid: string;
  resolution: string;
  gps_lat: number | null;
  gps_lng: number | null;
  captured_at: string;
}

/** Open loans of the same person (same ID number or phone) at other customer records of the platform. */
export interface CoDebtView {
  customer_id: number;
  customer_code: string;
  /** '' when the merchant is outside the account's authorised merchants. */
  merchant_name: string;
  in_scope: boolean;
  order_no: string;
  status: string;
  currency: string;
  loan_amount_minor: number;
  remaining_debt_minor: number;
  due_date: string | null;
  overdue_days: number;
  /** What matched: id_number | phone | device. */
  matched_by: string;
}

export interface BlacklistSection {
  blacklisted: boolean;
  /** 0 none, 1 watch, 2 refuse new loans, 3 refuse everything. */
  level: number;
  whitelisted: boolean;
  login_allowed: boolean;
  /** Blacklist entries (internal and risk-control lists): rows arrive with the blacklist screens. */
  entries: Array<{ id: number; source: string; reason: string; created_at: string; expires_at: string | null }>;
}

/** A risk (credit) report fetched for the customer, newest first: score 0–1000 (higher is safer), grade A–E, flags. */
export interface RiskReportView {
  id: number;
  provider: string;
  score: number | null;
  grade: string;
  flags: string[];
  ref: string;
  fetched_at: string;
  /** Who fetched it (null: the system). */
  fetched_by: string | null;
}

export interface OtherLenderLoanView {
  lender: string;
  product: string;
  amount_minor: number;
  outstanding_minor: number;
  overdue_days: number;
  opened_on: string;
}

/** A multi-lender report: the customer's loans at other lenders (outside the platform), newest report first. */
export interface MultiLenderView {
  id: number;
  provider: string;
  lenders: number;
  applications_30d: number;
  loans: OtherLenderLoanView[];
  outstanding_minor: number;
  max_overdue_days: number;
  currency: string;
  ref: string;
  fetched_at: string;
  fetched_by: string | null;
}

/** Reports kept per customer and kind that the detail answers (newest first). */
export const REPORT_CAP = 10;

/** The refresh action of the detail's report sections: fetches both reports again from the risk provider. */
export const riskReportRefreshBody = z.object({ customer_id: id });
export interface RiskReportRefresh {
  risk_report: RiskReportView[];
  multi_lender: MultiLenderView[];
}

/**
 * A collection log row, newest first: a case event (stage change, assignment, result, note, promise kept or broken),
 * a call placed from the case, or a promise to pay — with the collector and the time.
 */
export interface CollectionLogView {
  /** `e<id>` event, `c<id>` call, `p<id>` promise. */
  id: string;
  /** A case event kind (CASE_EVENTS), or call / promise. */
  kind: string;
  order_no: string;
  collector: string;
  /** Call result (collection_call_result dictionary) or the event's reason. */
  result: string;
  remark: string;
  currency: string;
  /** Promised amount (promise rows). */
  amount_minor: number | null;
  promise_date: string | null;
  /** Promise status (pending / kept / broken / replaced). */
  status: string;
  /** Number called (masked for privacy protection) and the call's length. */
  phone: string;
  duration_seconds: number | null;
  created_at: string;
}

/** Collection log rows the detail answers at most. */
export const COLLECTION_LOG_CAP = 200;

/**
 * Money that came in for one of the customer's orders (repayment table), newest first: how it was allocated over the
 * parts (and what was paid above the debt, kept as credit), where it came from and who recorded or revoked it.
 */
export interface RepaymentView {
  id: number;
  serial_no: string;
  order_id: number | null;
  order_no: string;
  currency: string;
  /** REPAYMENT_TYPES: app, link, qr, va, card, manual, reconciliation, extension. */
  type: string;
  /** REPAYMENT_STATUSES: pending, success, failed, expired, revoked, abnormal. */
  status: string;
  requested_minor: number;
  success_minor: number;
  allocated: Parts & { overpaid: number };
  channel: string;
  /** Card or account the money came from (masked for privacy protection). */
  card_no: string;
  va_number: string;
  reference: string;
  /** Repaid in total above the contract amount when applied (spec §5). */
  over_contract: boolean;
  abnormal_reason: string;
  operator: string | null;
  remark: string;
  created_at: string;
  paid_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  revoke_reason: string;
}

/** Repayment rows the detail answers at most (newest first). */
export const REPAYMENT_CAP = 200;

export interface CustomerDetail {
  customer: CustomerInfo;
  company: CompanyInfo;
  emergency_contacts: ContactView[];
  documents: DocumentsSection;
  auth_records: AuthRecordView[];
  locations: Paged<LocationView>;
  contacts: Paged<ContactView>;
  sms: Paged<SmsView>;
  calls: Paged<CallView>;
  carrier: CarrierSection;
  /** The latest order (loan info), or null. */
  loan: OrderView | null;
  /** The latest order's money by part (due, paid, owed, reduced, credit, over-contract), once it is paid out; else null. */
  loan_money: OrderMoney | null;
  orders: OrderView[];
  extensions: ExtensionView[];
  credit_reviews: CreditReviewView[];
  bank_cards: BankCardView[];
  repayments: RepaymentView[];
  reductions: ReductionView[];
  collection_logs: CollectionLogView[];
  /** All collection log rows of the customer (capped count: COLLECTION_LOG_CAP + 1 means more). */
  collection_logs_total: number;
  scorecard: ScorecardSection;
  devices: DeviceView[];
  apps: Paged<AppView>;
  risk_report: RiskReportView[];
  multi_lender: MultiLenderView[];
  co_debt: CoDebtView[];
  /** The merchant's co-debt rule applied to the customer (docs/coDebt.md); null when the merchant has no rule. */
  co_debt_finding: CoDebtFinding | null;
  blacklist: BlacklistSection;
  /** Live comments on the customer. */
  comments_total: number;
  /** Whether the reader gets masked phone and ID numbers. */
  masked: boolean;
}

/** The sections of the view, in the order spec §2 lists them (anchors of the page's section navigation). */
export const DETAIL_SECTIONS = [
  'user', 'company', 'emergency', 'documents', 'auth', 'location', 'contacts', 'sms', 'calls', 'carrier', 'loan', 'orders',
  'extensions', 'reviews', 'bankCards', 'repayments', 'reductions', 'collection', 'scorecard', 'device', 'risk',
  'multiLender', 'coDebt', 'blacklist', 'comments',
] as const;
export type DetailSection = (typeof DETAIL_SECTIONS)[number];

// ------------------------------------------------------------------------------------------------ field editor

export type EditKind = 'text' | 'date' | 'dict';

export interface EditableField {
  kind: EditKind;
  /** Dictionary code for kind `dict` (GET /loanapi/dict/detail_on_list?dict_name=). */
  dict?: string;
  /** Section of the detail view the field is shown in. */
  section: 'user' | 'company';
  /** Validation of the text (kind text); dates and dictionary choices are checked by kind. */
  schema?: z.ZodType<string>;
}

const text = (max: number, min = 0) => z.string().trim().min(min).max(max);
const digits = (max: number) => z.string().trim().regex(/^\d{1,4}$/, 'validation.invalidFormat').refine((v) => Number(v) <= max, 'validation.invalid');

/**
 * The customer fields staff may edit (spec §3 "Customer editable field update"), with their kind:
 * text, date (yyyy-MM-dd) or a dictionary choice. Anything else is refused. Identity keys (phone, ID number,
 * name) are not editable here: they are the customer's identity, changed through their own flows.
 */
export const EDITABLE_FIELDS = {
  birth_date: { kind: 'date', section: 'user' },
  gender: { kind: 'dict', dict: 'gender', section: 'user' },
  marital_status: { kind: 'dict', dict: 'marital_status', section: 'user' },
  education: { kind: 'dict', dict: 'education', section: 'user' },
  religion: { kind: 'dict', dict: 'religion', section: 'user' },
  relative_relation: { kind: 'dict', dict: 'relation', section: 'user' },
  relative_name: { kind: 'text', section: 'user', schema: text(100) },
  guardian_name: { kind: 'text', section: 'user', schema: text(100) },
  father_name: { kind: 'text', section: 'user', schema: text(100) },
  tax_id: { kind: 'text', section: 'user', schema: z.string().trim().regex(/^[A-Za-z0-9-]{0,32}$/, 'validation.invalidFormat') },
  children_count: { kind: 'text', section: 'user', schema: digits(30) },
  residence_months: { kind: 'text', section: 'user', schema: digits(1200) },
  company_name: { kind: 'text', section: 'company', schema: text(200) },
  company_region: { kind: 'text', section: 'company', schema: text(100) },
  company_address: { kind: 'text', section: 'company', schema: text(300) },
  occupation: { kind: 'text', section: 'company', schema: text(100) },
  income_level: { kind: 'dict', dict: 'income_level', section: 'company' },
  company_size: { kind: 'dict', dict: 'company_size', section: 'company' },
  company_phone: { kind: 'text', section: 'company', schema: z.string().trim().regex(/^(\+?\d{6,15})?$/, 'validation.phone') },
} as const satisfies Record<string, EditableField>;

export type EditableFieldName = keyof typeof EDITABLE_FIELDS;
export const EDITABLE_FIELD_NAMES = Object.keys(EDITABLE_FIELDS) as EditableFieldName[];

export function editableField(name: string): EditableField | undefined {
  return Object.prototype.hasOwnProperty.call(EDITABLE_FIELDS, name) ? (EDITABLE_FIELDS as Record<string, EditableField>)[name] : undefined;
}

/** A real calendar date written yyyy-MM-dd (2026-02-30 is refused). */
export function isIsoDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Spec §7 customer edit_field: phone, customer_id, field_name, field_value. */
export const editFieldBody = z.object({
  phone: z.string().trim().min(1).max(32),
  customer_id: id,
  field_name: z.string().trim().min(1).max(64),
  field_value: z.string().max(500),
});
export type EditFieldBody = z.infer<typeof editFieldBody>;

export interface EditFieldResult {
  field_name: string;
  /** The stored value as the view shows it (masked for privacy-protected readers when it is a phone or ID). */
  field_value: string;
}

// ------------------------------------------------------------------------------------------------ comments

export const COMMENT_MAX = 1000;

export const commentAddBody = z.object({
  customer_id: id,
  content: z.string().trim().min(1).max(COMMENT_MAX),
});

export const commentListBody = z.object({
  customer_id: id,
  /** Only comments marked as essence. */
  essence: z.boolean().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

export const commentSignBody = z.object({ id, signed: z.boolean().default(true) });
export const commentEssenceBody = z.object({ id, essence: z.boolean().default(true) });

export interface CommentRow {
  id: number;
  customer_id: number;
  content: string;
  signed: boolean;
  essence: boolean;
  account_id: number;
  account_name: string;
  created_at: string;
  /** The reader may delete it (author, or holder of the delete node). */
  can_delete: boolean;
}

// ------------------------------------------------------------------------------------------------ calls

/** Whose number the call dialog dials. */
export const CALL_TARGETS = ['customer', 'emergency', 'contact', 'company'] as const;
export type CallTarget = (typeof CALL_TARGETS)[number];

export const callLogBody = z.object({
  customer_id: id,
  target: z.enum(CALL_TARGETS),
  /** customer_contact id for `emergency` and `contact`. */
  contact_id: id.optional(),
});

/** Spec §3 "Call info": what the call dialog shows and the softphone link it opens. */
export interface CallInfo {
  /** Masked for accounts with privacy protection. */
  phone: string;
  /** Who is called (customer or contact name). */
  a_text: string;
  /** Reference of the logged call. */
  only_no: string;
  /** Softphone link: sip:<number>. */
  url: string;
  /** Text of the link. */
  sip_text: string;
}

// ------------------------------------------------------------------------------------------------ customer claims

/**
 * /client/clientUserCollection (spec "claim customer"): customers of the account's merchants with an open loan, each
 * claimed by at most one staff member (a work task of queue CLAIM_QUEUE per customer).
 */
export const CLAIM_QUEUE = 'client.claim';
/** Order statuses of an open loan (a customer to claim). */
export const CLAIM_ORDER_STATUSES = ['repaying', 'overdue', 'extended', 'bad_debt'] as const;
export const CUSTOMER_CLAIM_STATES = ['unclaimed', 'claimed', 'all'] as const;

export const CLAIM_API = {
  list: '/loanapi/customer_claim/list',
  claim: '/loanapi/customer_claim/claim',
  release: '/loanapi/customer_claim/release',
} as const;

export const claimListQuery = z.object({
  phone: z.string().trim().max(20).optional(),
  customer_name: z.string().trim().max(100).optional(),
  order_no: z.string().trim().max(64).optional(),
  merchant_id: filterId.optional(),
  status: z.enum(CLAIM_ORDER_STATUSES).optional(),
  /** unclaimed | claimed | all (default all: what the account may see). */
  claim_state: z.enum(CUSTOMER_CLAIM_STATES).optional(),
  /** My customers: claimed by the signed-in account. */
  mine: queryFlag.optional(),
  overdue_days_min: z.coerce.number().int().min(0).max(3650).optional(),
});

/** Claim / release one customer (the row id is the customer id). */
export const claimBody = z.object({ id });

export interface ClaimRow {
  /** The customer id. */
  id: number;
  customer_id: number;
  customer_name: string;
  phone: string;
  merchant_id: number;
  merchant_name: string | null;
  currency: string;
  order_id: number;
  order_no: string;
  status: string;
  loan_amount: number;
  remaining_debt: number;
  due_date: string | null;
  overdue_days: number;
  claimed: boolean;
  mine: boolean;
  owner_id: number | null;
  owner_name: string | null;
  claimed_at: string | null;
  created_at: string;
}
