import { z } from 'zod';
import type { CoDebtFinding } from './coDebt';
import { amountMinor } from './repayment';
import { id } from './common';
import { callBody, caseQuery, CASE_STATUSES } from './collection';

/**
 * Contracts of the collector's keyboard workbench (/collection/myCollectionList) beyond src/schemas/collection.ts:
 * the list and case-detail shapes, the call with a contact picked by id, the work options. docs/collectionWorkbench.md
 * explains the rules.
 */

/** A promise may be dated from today up to this many days ahead (business date of the merchant's market). */
export const PROMISE_MAX_DAYS = 30;

/** Cases of the holder's list read at once (the list is the collector's own open cases: hundreds at most). */
export const MY_CASES_MAX = 500;

/** The workbench's own calls besides COLLECTION_API (myCases, caseDetail, result, promise, note, call, callEnd). */
export const WORKBENCH_API = {
  /** Call results and dispositions (dictionaries, or the built-in values worded in the reader's language). */
  options: '/loanapi/collection/work_options',
} as const;

const statusList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.enum(CASE_STATUSES)).max(CASE_STATUSES.length).optional(),
);

/**
 * My cases: the case filters (the collector is always the signed-in account, so `collector_id` is ignored), `status`
 * as an array or a comma list (default open), and how many rows (≤ MY_CASES_MAX).
 */
export const myCasesQuery = caseQuery.omit({ status: true }).extend({
  status: statusList,
  size: z.coerce.number().int().min(1).max(MY_CASES_MAX).optional(),
});
export type MyCasesQuery = z.infer<typeof myCasesQuery>;

export const caseDetailQuery = z.object({ id });

/**
 * A call from a case: `phone` is the number as the console shows it (masked for privacy protection) — the server
 * dials only the customer's own number or one of their contacts, found by `contact_id`, else by the number (real or
 * masked form).
 */
export const workCallBody = callBody.extend({ contact_id: id.optional() });

export interface WorkChoice {
  value: string;
  label: string;
}

export interface WorkOptions {
  results: WorkChoice[];
  dispositions: WorkChoice[];
}

/** A row of the holder's list. Money in minor units of `currency`; `days` from the due date (negative before it). */
export interface MyCaseRow {
  id: number;
  order_id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string;
  currency: string;
  customer_id: number;
  customer_name: string;
  phone: string;
  stage_id: number;
  stage_name: string;
  status: string;
  due_date: string | null;
  days: number | null;
  remaining_debt: number;
  penalty: number;
  promise_date: string | null;
  promise_amount: number;
  promise_status: string;
  /** The pending promise is due today (or already past: the collection day resolves it). */
  promise_due: boolean;
  last_result: string;
  disposition: string;
  last_contact_at: string | null;
  assigned_at: string | null;
  entered_at: string;
}

export interface MyCasesAnswer {
  rows: MyCaseRow[];
  total: number;
  /** More cases match than `size`: narrow the filters. */
  truncated: boolean;
}

export interface CaseContact {
  id: number;
  kind: string;
  name: string;
  relation: string;
  phone: string;
}

export interface CaseEventOut {
  id: number;
  kind: string;
  at: string;
  business_date: string;
  actor_name: string | null;
  from_stage: string | null;
  to_stage: string | null;
  from_collector: string | null;
  to_collector: string | null;
  reason: string;
  note: string;
  detail: Record<string, unknown> | null;
}

export interface CaseCallOut {
  id: number;
  account_name: string | null;
  phone: string;
  contact_name: string;
  relation: string;
  result: string;
  duration_seconds: number | null;
  started_at: string;
}

export interface CasePromiseOut {
  id: number;
  promise_date: string;
  amount: number;
  status: string;
  note: string;
  created_by_name: string | null;
  created_at: string;
  resolved_at: string | null;
}

export interface CaseDetail {
  /** Co-debt flag: the person's debts at other merchants over the merchant's co-debt rule (docs/coDebt.md); null when not flagged. */
  co_debt?: CoDebtFinding | null;
  case: {
    id: number;
    status: string;
    stage_id: number;
    stage_name: string;
    collector_id: number | null;
    collector_name: string | null;
    stay: boolean;
    entered_at: string;
    assigned_at: string | null;
    last_contact_at: string | null;
    last_result: string;
    disposition: string;
    promise_date: string | null;
    promise_amount: number;
    promise_status: string;
    recovered: number;
    close_reason: string;
  };
  order: {
    id: number;
    order_no: string;
    status: string;
    currency: string;
    merchant_id: number;
    merchant_name: string;
    product_name: string;
    loan_amount: number;
    contract_amount: number;
    due_amount: number;
    paid_amount: number;
    remaining_debt: number;
    overdue_interest: number;
    overdue_penalty: number;
    credit: number;
    due_date: string | null;
    days: number | null;
  };
  customer: { id: number; code: string; name: string; phone: string };
  contacts: CaseContact[];
  events: CaseEventOut[];
  calls: CaseCallOut[];
  promises: CasePromiseOut[];
  /** The reader holds the case and it is open: the work actions apply. */
  can_work: boolean;
  /** Business date of the merchant's market, and the last date a promise may take. */
  today: string;
  promise_max_date: string;
}

export interface CallAnswer {
  call_id: number;
  /** The softphone link (carries the real number: the softphone dials it). */
  link: string;
  /** The number as the reader may see it. */
  phone: string;
  a_text: string;
  sip_text: string;
}

/** From the case the collector holds: offer an extension, ask for a reduction, give the case back to the pool. */
export const offerExtensionBody = z.object({ id, remark: z.string().trim().max(500).optional() });
export const offerReductionBody = z.object({ id, amount: amountMinor, reason: z.string().trim().min(2).max(200), idempotency_key: z.string().trim().min(8).max(100).optional() });
export const giveBackBody = z.object({ id, note: z.string().trim().max(500).optional() });
export const OFFER_API = {
  extension: '/loanapi/collection/offer_extension',
  reduction: '/loanapi/collection/offer_reduction',
  giveBack: '/loanapi/collection/give_back',
} as const;
