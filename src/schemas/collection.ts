import { z } from 'zod';
import { id, id32 } from './common';
import { filterId } from './client';
import { dateOrTime } from './empower';
import { amountMinor } from './repayment';

/**
 * Contracts of the collection area (/collection, /merchant/stage, /empower/outbound), shared by the server, the
 * commands and the console. docs/collection.md explains stages, allocation, cases and promises.
 */

// ------------------------------------------------------------------------------------------------ stages

/**
 * A stage covers a range of days relative to the due date (negative before it: D-2..D0 reminders; 1..7 S1 …), and
 * the ranges of one merchant's enabled stages do not overlap. Cases of a stage go to the collectors of its group.
 */
export const stageBody = z.object({
  merchant_id: id32,
  name: z.string().trim().min(1).max(40),
  min_day: z.coerce.number().int().min(-30).max(3650),
  max_day: z.coerce.number().int().min(-30).max(3650),
  group_id: id32,
  /** New cases one collector of the stage may receive per business day. */
  daily_cap: z.coerce.number().int().min(1).max(1000),
  /** A case held this many days goes back to allocation unless marked to stay (0: never). */
  reassign_after_days: z.coerce.number().int().min(0).max(365),
  /** Reminder stage (before or on the due date): its cases are listed on collectionPromptList. */
  reminder: z.boolean().default(false),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(999).default(0),
}).refine((s) => s.max_day >= s.min_day, { path: ['max_day'], message: 'validation.rangeOrder' });
export const stageEditBody = z.object({ id: id32 }).and(stageBody);

export const collectorGroupBody = z.object({ merchant_id: id32, name: z.string().trim().min(2).max(40) });
/** A collector in a group: enabled, with an optional daily cap of their own (0: the stage's). */
export const collectorMemberBody = z.object({ group_id: id32, account_id: id32, enabled: z.boolean().default(true), daily_cap: z.coerce.number().int().min(0).max(1000).default(0) });

// ------------------------------------------------------------------------------------------------ cases

/** open: being worked; success: repaid or extended; closed: ended otherwise (order reversed, closed by staff). */
export const CASE_STATUSES = ['open', 'success', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The history of a case (and the allocation log CollectionAllocationQuery reads). */
export const CASE_EVENTS = [
  'entered', 'stage_change', 'assigned', 'claimed', 'returned', 'reassigned', 'unassigned', 'call', 'result', 'promise', 'promise_kept',
  'promise_broken', 'note', 'completed',
] as const;
export type CaseEvent = (typeof CASE_EVENTS)[number];

/** Why a case went to whom (allocation log). */
export const ALLOCATION_REASONS = ['least_loaded', 'claimed', 'manual', 'returned', 'reassigned_after_days', 'restaged', 'no_capacity'] as const;

export const PROMISE_STATUSES = ['pending', 'kept', 'broken', 'replaced'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

/** Dictionaries (system dictionary screen) of call results and dispositions; defaults when empty. */
export const CALL_RESULT_DICT = 'collection_call_result';
export const DISPOSITION_DICT = 'collection_disposition';
export const DEFAULT_CALL_RESULTS = ['answered', 'no_answer', 'busy', 'wrong_number', 'switched_off', 'third_party'] as const;
export const DEFAULT_DISPOSITIONS = ['will_pay', 'promise', 'dispute', 'hardship', 'refuses', 'callback', 'deceased', 'other'] as const;

const text = (max: number) => z.string().trim().max(max);
const idempotencyKey = z.string().trim().min(8).max(100).optional();

export const caseQuery = z.object({
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
  stage_id: filterId.optional(),
  collector_id: filterId.optional(),
  status: z.array(z.enum(CASE_STATUSES)).max(CASE_STATUSES.length).optional(),
  promise_status: z.enum(PROMISE_STATUSES).optional(),
  overdue_min: z.coerce.number().int().min(-30).max(3650).optional(),
  overdue_max: z.coerce.number().int().min(-30).max(3650).optional(),
  entered_from: dateOrTime.optional(),
  entered_to: dateOrTime.optional(),
});
export const allocationQuery = z.object({
  order_no: text(64).optional(),
  merchant_id: filterId.optional(),
  stage_id: filterId.optional(),
  collector_id: filterId.optional(),
  reason: z.enum(ALLOCATION_REASONS).optional(),
  from: dateOrTime.optional(),
  to: dateOrTime.optional(),
});

/** Record a call result (one key on the workbench) with its disposition and a note. */
export const resultBody = z.object({ id, result: z.string().trim().min(1).max(40), disposition: z.string().trim().max(40).optional(), note: text(500).optional(), call_id: id.optional() });
export const promiseBody = z.object({ id, promise_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'), amount: amountMinor, note: text(500).optional() });
export const noteBody = z.object({ id, note: z.string().trim().min(1).max(1000) });
export const assignBody = z.object({ ids: z.array(id).min(1).max(500), collector_id: id32, reason: text(200).optional() });
export const stayBody = z.object({ id, stay: z.boolean() });
/** A call started from a case (the softphone link is opened by the console; the log is written here). */
export const callBody = z.object({ id, phone: z.string().trim().min(3).max(30), contact_name: text(60).optional(), relation: text(30).optional(), config_id: id32.optional() });
export const callEndBody = z.object({ call_id: id, duration_seconds: z.coerce.number().int().min(0).max(36_000) });
/** refundTheAmount: refund a customer's credit (overpayment) from a case or an order. */
export const refundBody = z.object({ order_id: id, amount: amountMinor, reason: z.string().trim().min(2).max(200), idempotency_key: idempotencyKey });

// ------------------------------------------------------------------------------------------------ softphone

/** External-call (softphone) settings of spec §7 "Call info: phone, a_text, only_no, url, sip_text". */
export const EXTERNAL_CALL_TYPES = ['sip', 'url'] as const;
export const externalCallBody = z.object({
  name: z.string().trim().min(2).max(40),
  type: z.enum(EXTERNAL_CALL_TYPES),
  /** url: a template with {phone} (e.g. https://pbx.example/call?to={phone}); sip: the domain (sip:{phone}@domain). */
  url: z.string().trim().min(3).max(300),
  a_text: text(60).default(''),
  only_no: z.boolean().default(false),
  sip_text: text(60).default(''),
  merchant_id: id32.optional(),
  enabled: z.boolean().default(true),
});
export const externalCallEditBody = z.object({ id: id32 }).and(externalCallBody);

// ------------------------------------------------------------------------------------------------ API

export const COLLECTION_API = {
  cases: '/loanapi/collection/cases',
  myCases: '/loanapi/collection/my_cases',
  pool: '/loanapi/collection/pool',
  prompt: '/loanapi/collection/prompt_list',
  success: '/loanapi/collection/success_list',
  allocation: '/loanapi/collection/allocation_log',
  refunds: '/loanapi/collection/refund_list',
  caseDetail: '/loanapi/collection/case',
  claim: '/loanapi/collection/claim',
  returnToPool: '/loanapi/collection/return',
  assign: '/loanapi/collection/assign',
  stay: '/loanapi/collection/stay',
  result: '/loanapi/collection/result',
  promise: '/loanapi/collection/promise',
  note: '/loanapi/collection/note',
  call: '/loanapi/collection/call',
  callEnd: '/loanapi/collection/call_end',
  refund: '/loanapi/collection/refund',
  liveCounts: '/loanapi/collection/live_counts',
  alerts: '/loanapi/collection/alerts',
  runDay: '/loanapi/collection/run_day',
  stages: '/loanapi/collection/stage/list',
  stageAdd: '/loanapi/collection/stage/add',
  stageEdit: '/loanapi/collection/stage/edit',
  stageDel: '/loanapi/collection/stage/del',
  groups: '/loanapi/collection/group/list',
  groupAdd: '/loanapi/collection/group/add',
  groupDel: '/loanapi/collection/group/del',
  memberSave: '/loanapi/collection/group/member_save',
  memberDel: '/loanapi/collection/group/member_del',
} as const;

/** External-call calls of spec §7 (exact paths not shown there: ours). */
export const EXTERNAL_CALL_API = {
  list: '/loanapi/external_call/list',
  add: '/loanapi/external_call/add',
  edit: '/loanapi/external_call/edit',
  del: '/loanapi/external_call/del',
  types: '/loanapi/external_call/get_external_call_type',
} as const;
