import { z } from 'zod';
import { id, id32 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';
import { ORDER_STATUSES, orderStatus } from './order';

/**
 * Contracts of the withdrawal area (/withdrawalMoney, /review/manualLending, /log/WithdrawalSMS), shared by the
 * server (validation), the commands (params) and the console (filters, forms). docs/withdrawal.md explains the
 * queues; money on the wire is integer minor units of the order's currency.
 */

/**
 * Work-task queues (src/server/modules/task/task.ts) of this area. One task per order and queue: every order waiting
 * for withdrawal has its task in `waitFor`, whether it sits in the assignment pool or on the market (which one is
 * this area's own `withdrawal_market` row), so a claim is exclusive across both pools.
 */
export const WITHDRAWAL_QUEUES = {
  waitFor: 'withdrawal.waitFor',
  customerService: 'withdrawal.WaitForcustomerService',
  dormant: 'withdrawal.dormantTask',
} as const;
export type WithdrawalQueue = (typeof WITHDRAWAL_QUEUES)[keyof typeof WITHDRAWAL_QUEUES];

/** Timing rules of the queues (docs/withdrawal.md "Timing"). Hours are business-clock hours. */
export const WITHDRAWAL_RULES = {
  /** An unclaimed order goes to the market after this share of its merchant's single valid time… */
  marketAfterShare: 0.5,
  /** …or after this many hours when the merchant sets no validity (single_valid_hours = 0). */
  marketAfterHours: 24,
  /** The first SMS reminder is due this long after the order was approved. */
  reminderFirstAfterHours: 2,
  /** Later reminders at most this often (MywaitSMS). */
  reminderIntervalHours: 12,
  /** Reminders per order, whoever sends them. */
  reminderMax: 3,
  /** A holder's own reminder from a work queue: at least this long after the previous one. */
  manualSmsGapMinutes: 60,
  /** Dormant tasks: orders closed out of withdrawal within this many days, with no newer order. */
  dormantWindowDays: 30,
  /** waitingForRelease: a claim this old with no contact by its holder in the same time (default of the filter). */
  releaseIdleHours: 4,
} as const;

/** The dictionary (system dict screen) of contact results; when it has no items the defaults below apply. */
export const CONTACT_RESULT_DICT = 'withdrawal_contact_result';

/** Built-in contact results (value → message id suffix `option.withdrawal_contact_result.<value>`). */
export const DEFAULT_CONTACT_RESULTS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
/** Values with a meaning the server relies on. */
export const CONTACT_RESULT = {
  willConfirm: '1',
  /** The customer asked staff to confirm the withdrawal for them (written by the confirm action). */
  askedToConfirm: '2',
  callBack: '3',
  noAnswer: '4',
  /** The customer does not want the loan (written by the close action). */
  declined: '5',
  wrongNumber: '6',
  cardProblem: '7',
  other: '8',
} as const;

/** What an SMS of this area says (one template each: `withdrawal.sms.<kind>`). */
export const SMS_KINDS = ['reminder', 'payment_notice', 'payout_failed', 'dormant'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** How the customer was told their money arrived. */
export const NOTICE_CHANNELS = ['sms', 'call'] as const;

/** Claim state filter of the pools that also show claimed rows (supervisors). */
export const CLAIM_STATES = ['unclaimed', 'claimed', 'all'] as const;

const minor = z.coerce.number().int().min(0).max(1e15);
const text = (max: number) => z.string().trim().max(max);

/** Filters every order queue of the area has. */
const orderFilters = {
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
  product_id: filterId.optional(),
  customer_type: z.enum(['new', 'returning']).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
  loan_amount_min: minor.optional(),
  loan_amount_max: minor.optional(),
};

/** Queues of orders waiting for withdrawal (MywaitForOrder, MarketWaitTakeOrder, MyTakeConfirmOrder, MywaitSMS). */
export const withdrawalQueueQuery = z.object({
  ...orderFilters,
  /** Only orders whose validity ends within this many hours. */
  expiring_hours: z.coerce.number().int().min(1).max(720).optional(),
});

/** The assignment pool (waitFor): unclaimed by default; supervisors also see claimed rows and who holds them. */
export const waitForQuery = withdrawalQueueQuery.extend({
  claim_state: z.enum(CLAIM_STATES).optional(),
  assignee_id: filterId.optional(),
});

/** Payout notices (MyPaymentNoticeOrder). */
export const paymentNoticeQuery = z.object({ ...orderFilters });

/** waitingForRelease: idle claims. */
export const releaseQuery = z.object({
  ...orderFilters,
  idle_hours: z.coerce.number().int().min(1).max(720).optional(),
  assignee_id: filterId.optional(),
  queue: z.enum([WITHDRAWAL_QUEUES.waitFor, WITHDRAWAL_QUEUES.customerService, WITHDRAWAL_QUEUES.dormant]).optional(),
});

/** Claimable task lists that are not split into pool and "mine" pages (dormantTask, WaitForcustomerService). */
export const taskQueueQuery = z.object({
  ...orderFilters,
  claim_state: z.enum(CLAIM_STATES).optional(),
  mine: queryFlag.optional(),
});

/** /log/WithdrawalSMS. */
export const withdrawalSmsLogQuery = z.object({
  phone: text(20).optional(),
  order_no: text(64).optional(),
  merchant_id: filterId.optional(),
  sms_kind: z.enum(SMS_KINDS).optional(),
  account: text(32).optional(),
  sent_from: dateOrTime.optional(),
  sent_to: dateOrTime.optional(),
});

/** /review/manualLending: orders staff created by hand. */
export const manualLendingQuery = z.object({
  order_no: text(64).optional(),
  phone: text(20).optional(),
  customer_name: text(100).optional(),
  merchant_id: filterId.optional(),
  product_id: filterId.optional(),
  status: z.array(orderStatus).max(ORDER_STATUSES.length).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

/** GET /loanapi/withdrawal/contacts: an order's contact history. */
export const contactsQuery = z.object({ order_id: id });

// ------------------------------------------------------------------------------------------------ action bodies

const note = text(500);
/** A dictionary value (checked against the contact-result dictionary by the server). */
const dictValue = z.string().trim().min(1).max(64);

export const contactBody = z.object({ id, result: dictValue, note: note.optional() });
/** Confirming for the customer records their consent: who asked, when, what was said. */
export const confirmBody = z.object({ id, note: note.min(2), idempotency_key: z.string().trim().max(100).optional() });
export const closeBody = z.object({ id, note: note.min(2) });
export const noteBody = z.object({ id, note: note.optional() });
export const bulkNoteBody = z.object({ ids: z.array(id).min(1).max(500), note: note.optional() });
export const notifyBody = z.object({ id, channel: z.enum(NOTICE_CHANNELS).default('sms'), note: note.optional() });
export const returnBody = z.object({ id, bank_card_id: id.optional(), note: note.optional() });
export const dispatchBody = z.object({
  /** Agents to share the pool between; default every agent of the actor's merchants who may work the queue. */
  account_ids: z.array(id32).max(200).optional(),
  /** Most claimed tasks an agent may hold after dispatch. */
  cap: z.coerce.number().int().min(1).max(500).default(30),
});

/** /review/manualLending add: a loan order for an existing customer, entered by staff. */
export const manualLendingBody = z.object({
  customer_id: id,
  product_id: id32,
  /** Principal in minor units of the merchant's currency, within the product's limits. */
  amount: z.coerce.number().int().positive().max(1e15),
  loan_days: z.coerce.number().int().min(1).max(3650),
  /** A bound card of the customer to pay out to; default their default card. */
  bank_card_id: id.optional(),
  note: text(200).optional(),
});

// ------------------------------------------------------------------------------------------------ rows

/** A row of the order queues; amounts in minor units of `currency`. */
export type WithdrawalOrderRow = {
  id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string | null;
  customer_id: number;
  customer_name: string | null;
  /** Masked for privacy protection. */
  phone: string | null;
  product_name: string;
  currency: string;
  status: string;
  is_returning: boolean;
  order_type: string;
  loan_amount: number;
  received_amount: number;
  contract_amount: number;
  loan_days: number;
  created_at: string;
  /** When the order entered its current waiting state (approved / payout failed / closed). */
  entered_at: string | null;
  /** End of the withdrawal validity (null: no limit). */
  expires_at: string | null;
  on_market: boolean;
  task_id: number | null;
  assignee_id: number | null;
  assignee_name: string | null;
  claimed_at: string | null;
  reminders: number;
  last_reminder_at: string | null;
  last_contact_result: string | null;
  last_contact_at: string | null;
  success_at?: string | null;
  due_date?: string | null;
  loan_remark?: string;
};

export type ContactResultChoice = { value: string; label: string };

export type ContactRow = {
  id: number;
  order_id: number;
  queue: string;
  account_id: number | null;
  account_name: string | null;
  result: string;
  result_label: string;
  note: string;
  created_at: string;
};

export type WithdrawalSmsRow = {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  order_id: number | null;
  order_no: string | null;
  customer_id: number;
  customer_name: string | null;
  phone: string;
  lang: string;
  kind: SmsKind;
  content: string;
  status: string;
  account_id: number | null;
  account: string | null;
  created_at: string;
};

export type AgentChoice = { id: number; account: string; name: string; claimed: number };

// ------------------------------------------------------------------------------------------------ API

/** Action verbs of each page (permission nodes `<page key>_<verb>`; routes `/loanapi/withdrawal/<page>/<verb>`). */
export const WITHDRAWAL_ACTIONS = {
  waitFor: ['claim', 'dispatch', 'toMarket'],
  MywaitForOrder: ['contact', 'confirmWithdrawal', 'sendSms', 'toMarket', 'release', 'close'],
  MarketWaitTakeOrder: ['take'],
  MyTakeConfirmOrder: ['contact', 'confirmWithdrawal', 'sendSms', 'release', 'close'],
  MyPaymentNoticeOrder: ['notify'],
  waitingForRelease: ['release'],
  dormantTask: ['claim', 'contact', 'sendSms', 'finish', 'release'],
  WaitForcustomerService: ['claim', 'contact', 'notify', 'returnWithdrawal', 'close', 'release'],
  MywaitSMS: ['sendSms'],
} as const;
export type WithdrawalPage = keyof typeof WITHDRAWAL_ACTIONS;
export const WITHDRAWAL_PAGES = Object.keys(WITHDRAWAL_ACTIONS) as WithdrawalPage[];

export const withdrawalActionPath = (page: WithdrawalPage, verb: string) => `/loanapi/withdrawal/${page}/${verb}`;

/** List endpoints by page. */
export const WITHDRAWAL_LISTS: Record<WithdrawalPage, string> = {
  waitFor: '/loanapi/withdrawal/wait_for_list',
  MywaitForOrder: '/loanapi/withdrawal/my_wait_for_list',
  MarketWaitTakeOrder: '/loanapi/withdrawal/market_list',
  MyTakeConfirmOrder: '/loanapi/withdrawal/my_take_list',
  MyPaymentNoticeOrder: '/loanapi/withdrawal/payment_notice_list',
  waitingForRelease: '/loanapi/withdrawal/release_list',
  dormantTask: '/loanapi/withdrawal/dormant_list',
  WaitForcustomerService: '/loanapi/withdrawal/customer_service_list',
  MywaitSMS: '/loanapi/withdrawal/sms_due_list',
};

export const WITHDRAWAL_SMS_LOG_LIST = '/loanapi/log/withdrawal_sms_list';
export const MANUAL_LENDING_API = {
  list: '/loanapi/manual_lending/list',
  add: '/loanapi/manual_lending/add',
  /** The customer a manual loan is for, with their bound cards and their merchant's enabled products. */
  lookup: '/loanapi/manual_lending/customer',
} as const;

/** GET /loanapi/manual_lending/customer: by phone, customer code or id. */
export const manualLookupQuery = z.object({ keyword: z.string().trim().min(1).max(64) });

export type ManualLookup = {
  customer: { id: number; name: string; phone: string; merchant_id: number; merchant_name: string; currency: string; blacklisted: boolean; whitelisted: boolean; login_allowed: boolean } | null;
  cards: Array<{ id: number; bank_name: string; card_last4: string; is_default: boolean }>;
  products: Array<{ id: number; name: string; min_amount: number; max_amount: number; min_days: number; max_days: number; white_household_exclusive: boolean }>;
};

export type CardChoice = { id: number; bank_name: string; card_last4: string; is_default: boolean; current?: boolean };
export const WITHDRAWAL_API = {
  contactResults: '/loanapi/withdrawal/contact_results',
  contacts: '/loanapi/withdrawal/contacts',
  cards: '/loanapi/withdrawal/cards',
  agents: '/loanapi/withdrawal/agents',
} as const;
