import { z } from 'zod';
import { id32, id64 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';

/**
 * Contracts of the SMS area (spec §2 /system systemSmsConfig, /merchant smsConfig and smsSendTask; §3 SMS config and
 * SMS task; §4 start, pause, resume), shared by the server and the console (docs/sms.md).
 *
 * A configuration is one gateway account for one purpose: a platform configuration (no merchant) serves every merchant
 * that has none of its own for the purpose. Sending picks among the usable configurations of the purpose by send
 * probability, then fails over in usage order; every message is recorded with its delivery status.
 */

export const SMS_API = {
  systemConfigList: '/loanapi/sms/system_config/list',
  systemConfigAdd: '/loanapi/sms/system_config/add',
  systemConfigEdit: '/loanapi/sms/system_config/edit',
  systemConfigTest: '/loanapi/sms/system_config/test',
  configList: '/loanapi/sms/config/list',
  configAdd: '/loanapi/sms/config/add',
  configEdit: '/loanapi/sms/config/edit',
  configTest: '/loanapi/sms/config/test',
  messageList: '/loanapi/sms/message/list',
  alertList: '/loanapi/sms/alert/list',
  templateList: '/loanapi/sms/template/list',
  templateSave: '/loanapi/sms/template/save',
  taskList: '/loanapi/sms/task/list',
  taskAdd: '/loanapi/sms/task/add',
  taskUpload: '/loanapi/sms/task/upload',
  taskStart: '/loanapi/sms/task/start',
  taskPause: '/loanapi/sms/task/pause',
  taskResume: '/loanapi/sms/task/resume',
  taskProgress: '/loanapi/sms/task/progress',
  taskRecipients: '/loanapi/sms/task/recipients',
  options: '/loanapi/sms/options',
  /** Delivery reports of a provider (public, HMAC-signed with the configuration's secret). */
  callback: '/loanapi/sms/callback/:config_id',
} as const;

export const smsCallbackPath = (configId: number) => `/loanapi/sms/callback/${configId}`;

/** What a configuration sends: login and verification codes, repayment reminders, marketing, collection. */
export const SMS_PURPOSES = ['verification', 'reminder', 'marketing', 'collection'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Provider adapters: the built-in sandbox and a generic HTTP gateway configured on the screen. */
export const SMS_PROVIDERS = ['sandbox', 'http'] as const;
export type SmsProviderKind = (typeof SMS_PROVIDERS)[number];

/** queued (recorded, not yet accepted) → sent (accepted by the gateway) → delivered | failed (delivery report). */
export const SMS_MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

/** Where a message came from. */
export const SMS_SOURCES = ['task', 'withdrawal', 'reminder', 'test'] as const;

export const SMS_TASK_TYPES = ['marketing', 'reminder', 'collection', 'notice'] as const;
export type SmsTaskType = (typeof SMS_TASK_TYPES)[number];
/** The purpose (configurations) a task type sends through. */
export const TASK_PURPOSE: Record<SmsTaskType, SmsPurpose> = { marketing: 'marketing', reminder: 'reminder', collection: 'collection', notice: 'marketing' };

/** draft (recipients loaded, not started) → running ⇄ paused → finished; spec §4 start, pause, resume. */
export const SMS_TASK_STATUSES = ['draft', 'running', 'paused', 'finished'] as const;
export type SmsTaskStatus = (typeof SMS_TASK_STATUSES)[number];

export const SMS_RECIPIENT_SOURCES = ['file', 'group', 'customers'] as const;
export const SMS_RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;

/** Customer filters of a task addressed to customers. */
export const SMS_CUSTOMER_FILTERS = ['all', 'overdue', 'repaying', 'settled', 'never_borrowed'] as const;

/** Repayment reminder kinds: days before the due date (D-2, D-1, D0) and overdue days. */
export const REMINDER_KINDS = ['due_d2', 'due_d1', 'due_d0', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** Overdue days a reminder goes out on. */
export const OVERDUE_REMINDER_DAYS = [1, 3, 7] as const;

/** Template kinds a merchant may override (the defaults are in the locale catalogues, `sms.template.<kind>`). */
export const SMS_TEMPLATE_KINDS = [...REMINDER_KINDS, 'withdrawal_reminder', 'payment_notice', 'payout_failed', 'dormant'] as const;
export type SmsTemplateKind = (typeof SMS_TEMPLATE_KINDS)[number];

/** Variables a template may use: `{name}`. An unknown one is refused with sms.template.unknownVariable. */
export const SMS_VARIABLES = ['name', 'phone', 'merchant', 'amount', 'due', 'due_date', 'days', 'order_no', 'link'] as const;
/** Variables each template kind may use (withdrawal texts have no link and no overdue days). */
export const TEMPLATE_VARIABLES: Record<SmsTemplateKind, readonly string[]> = {
  due_d2: SMS_VARIABLES, due_d1: SMS_VARIABLES, due_d0: SMS_VARIABLES, overdue: SMS_VARIABLES,
  withdrawal_reminder: ['name', 'phone', 'merchant', 'amount', 'due', 'due_date', 'order_no'],
  payment_notice: ['name', 'phone', 'merchant', 'amount', 'due', 'due_date', 'order_no'],
  payout_failed: ['name', 'phone', 'merchant', 'amount', 'due', 'due_date', 'order_no'],
  dormant: ['name', 'phone', 'merchant', 'amount', 'due', 'due_date', 'order_no'],
};
/** Variables of a task's content (no order behind a task). */
export const TASK_VARIABLES = ['name', 'phone', 'merchant', 'link'] as const;

/** The variables a template names, in order of appearance (`{x}`; `{{` is a literal brace). */
export function templateVariables(content: string): string[] {
  const out: string[] = [];
  for (const m of content.replace(/\{\{|\}\}/g, '').matchAll(/\{([^{}]*)\}/g)) if (!out.includes(m[1])) out.push(m[1]);
  return out;
}

/** The first variable of `content` not in `allowed`, or null. */
export function unknownVariable(content: string, allowed: readonly string[]): string | null {
  return templateVariables(content).find((v) => !allowed.includes(v)) ?? null;
}

/** Printable text (newlines allowed); the input guard already refuses NUL bytes and lone surrogates. */
const text = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s), 'validation.invalidFormat');
const word = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');

/**
 * A template: at most 500 characters. Its variables are checked by the server (`assertTemplate`), which names the
 * unknown one in the caller's language (sms.template.unknownVariable), and by the console's forms as you type.
 */
export const templateText = () => text(500).min(1);

// ------------------------------------------------------------------------------------------------ configuration

/** Settings of an HTTP gateway (how a message becomes a request) or of the sandbox (latency, failure rates). */
export const smsParams = z.object({
  // sandbox
  latency_ms: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Share of accepted messages whose delivery report says failed (0–1). */
  failure_rate: z.coerce.number().min(0).max(1).optional(),
  /** Share of messages the gateway refuses at once (0–1): the sender fails over to the next configuration. */
  reject_rate: z.coerce.number().min(0).max(1).optional(),
  // http
  url: z.string().trim().max(500).url().refine((u) => /^https?:\/\//i.test(u), 'validation.invalidFormat').optional(),
  method: z.enum(['GET', 'POST']).optional(),
  /** Request field names for the phone, the text and our reference. */
  phone_field: word(40).optional(),
  content_field: word(40).optional(),
  ref_field: word(40).optional(),
  /** The field the secret goes in (e.g. api_key). */
  secret_field: word(40).optional(),
  /** Constant fields sent with every request (account id, sender name). */
  extra: z.record(word(40), word(200)).optional(),
  /** A JSON answer path and the value that means accepted (e.g. `code` = `0`), and the path of the gateway's reference. */
  ok_path: word(60).optional(),
  ok_value: word(60).optional(),
  ref_path: word(60).optional(),
  timeout_ms: z.coerce.number().int().min(100).max(60_000).optional(),
}).strict();
export type SmsParams = z.infer<typeof smsParams>;

export const smsConfigBody = z.object({
  /** Absent: a new configuration. */
  id: id32.optional(),
  name: word(60).min(1),
  provider: z.enum(SMS_PROVIDERS),
  purpose: z.enum(SMS_PURPOSES),
  /** Usage status. */
  enabled: z.boolean().default(true),
  /** Send probability: the weight among the usable configurations of the purpose (0 = only as a fail-over). */
  probability: z.coerce.number().int().min(0).max(100),
  /** Usage order of fail-over (lower first). */
  sort_order: z.coerce.number().int().min(0).max(9999).default(0),
  /** Messages left (units the gateway account holds). */
  balance: z.coerce.number().int().min(0).max(1_000_000_000),
  /** Not used at or below this balance. */
  min_balance: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  /** An alert is raised when the balance falls to this. */
  alarm_threshold: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  /** Messages per second this gateway takes. */
  rate_per_second: z.coerce.number().int().min(1).max(100_000).default(50),
  params: smsParams.default({}),
  /** The gateway's secret (signs callbacks; sent as `secret_field`). Absent or empty on edit: unchanged. Never shown back. */
  secret: word(200).optional(),
  /** Number prefix put before the local number (country code, e.g. +84); empty: the number as stored. */
  number_prefix: z.string().trim().max(8).regex(/^\+?\d{0,7}$/, 'validation.invalidFormat').default(''),
  /** Text (signature) appended to every message, e.g. 【Lender】. */
  text: word(40).default(''),
});
export type SmsConfigBody = z.infer<typeof smsConfigBody>;
/** A new platform configuration (systemSmsConfig add). */
export const smsConfigAddBody = smsConfigBody.omit({ id: true });
/** A change of a configuration (either screen): its id; an absent secret keeps the stored one. */
export const smsConfigEditBody = smsConfigBody.extend({ id: id32 });
/** A new merchant configuration (smsConfig add). */
export const merchantSmsConfigAddBody = smsConfigAddBody.extend({ merchant_id: id32 });

export const smsConfigListQuery = z.object({
  merchant_id: filterId.optional(),
  purpose: z.enum(SMS_PURPOSES).optional(),
  provider: z.enum(SMS_PROVIDERS).optional(),
  enabled: queryFlag.optional(),
});

export interface SmsConfigRow {
  id: number;
  merchant_id: number | null;
  merchant_name: string | null;
  name: string;
  provider: SmsProviderKind;
  purpose: SmsPurpose;
  enabled: boolean;
  probability: number;
  sort_order: number;
  balance: number;
  min_balance: number;
  alarm_threshold: number;
  /** The balance fell to the alarm threshold (cleared when topped up above it). */
  alarm: boolean;
  rate_per_second: number;
  params: SmsParams;
  /** Last 4 characters of the secret, or null when none is set. */
  secret_hint: string | null;
  number_prefix: string;
  text: string;
  sent: number;
  updated_at: string;
}

export const smsConfigTestBody = z.object({ id: id32, phone: word(20).min(5), content: text(300).min(1) });

export const smsMessageListQuery = z.object({
  merchant_id: filterId.optional(),
  config_id: filterId.optional(),
  purpose: z.enum(SMS_PURPOSES).optional(),
  status: z.enum(SMS_MESSAGE_STATUSES).optional(),
  source: z.enum(SMS_SOURCES).optional(),
  task_id: filterId.optional(),
  phone: word(20).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export interface SmsMessageRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  config_id: number | null;
  config_name: string | null;
  purpose: SmsPurpose;
  source: string;
  task_id: number | null;
  phone: string;
  content: string;
  status: SmsMessageStatus;
  provider_ref: string | null;
  error: string;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
}

export const smsAlertListQuery = z.object({ merchant_id: filterId.optional() });
export interface SmsAlertRow { id: number; config_id: number; config_name: string | null; merchant_name: string | null; balance: number; threshold: number; created_at: string }

// ------------------------------------------------------------------------------------------------ templates

export const smsTemplateBody = z.object({
  merchant_id: id32,
  kind: z.enum(SMS_TEMPLATE_KINDS),
  /** Empty: back to the default text of the locale catalogue. */
  content: text(500).default(''),
});
export const smsTemplateListQuery = z.object({ merchant_id: filterId });
export interface SmsTemplateRow { kind: SmsTemplateKind; content: string; custom: boolean }

// ------------------------------------------------------------------------------------------------ tasks

/** Rows of a recipients file (CSV or XLSX; the upload itself is capped at 8 MB). */
export const TASK_FILE_MAX_ROWS = 200_000;

const taskBase = z.object({
  merchant_id: id32,
  type: z.enum(SMS_TASK_TYPES),
  name: word(60).min(1),
  content: templateText(),
  /** Duplicate-check code: a number already sent a message under this code (by any task of the merchant) is skipped. */
  dup_code: z.string().trim().max(32).regex(/^[A-Za-z0-9_.-]*$/, 'validation.invalidFormat').default(''),
  /** The long URL `{link}` stands for (made short through the short-link service). */
  link_url: z.string().trim().max(500).url().refine((u) => /^https?:\/\//i.test(u), 'validation.invalidFormat').optional(),
  /** Start sending at once. */
  start: z.boolean().default(false),
});

/** A task to a whitelist group's numbers (`group_id`) or to the merchant's customers (`customer_filter`); files: upload. */
export const smsTaskAddBody = taskBase.extend({
  source: z.enum(['group', 'customers']),
  group_id: id32.optional(),
  customer_filter: z.enum(SMS_CUSTOMER_FILTERS).default('all'),
});
export type SmsTaskAddBody = z.infer<typeof smsTaskAddBody>;

/** Multipart fields of a task from a file (sent before the file). */
export const smsTaskUploadFields = taskBase.extend({
  merchant_id: id32,
  start: z.enum(['0', '1', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true'),
});

export const smsTaskIdBody = z.object({ id: id64 });
export const smsTaskProgressQuery = z.object({ ids: z.string().trim().max(400).regex(/^\d+(,\d+)*$/, 'validation.invalidFormat') });

export const smsTaskListQuery = z.object({
  merchant_id: filterId.optional(),
  type: z.enum(SMS_TASK_TYPES).optional(),
  status: z.enum(SMS_TASK_STATUSES).optional(),
  name: word(60).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export interface SmsTaskRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  type: SmsTaskType;
  name: string;
  content: string;
  source: string;
  /** Numbers loaded. */
  number_count: number;
  /** Messages handed to a gateway (total sent). */
  sent_count: number;
  /** Delivered. */
  success_count: number;
  failed_count: number;
  /** Skipped by the duplicate-check code. */
  skipped_count: number;
  status: SmsTaskStatus;
  dup_code: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface SmsTaskProgress {
  id: number;
  status: SmsTaskStatus;
  number_count: number;
  sent_count: number;
  success_count: number;
  failed_count: number;
  skipped_count: number;
  pending: number;
}

export interface TaskFileRefusal { row: number; value: string; reason: 'invalid' | 'duplicate_in_file' }
export interface SmsTaskCreated { task: SmsTaskRow; rows: number; refused: TaskFileRefusal[] }

export const smsRecipientsQuery = z.object({ task_id: filterId.optional(), status: z.enum(SMS_RECIPIENT_STATUSES).optional() });
export interface SmsRecipientRow { id: number; task_id: number; phone: string; name: string; status: string; message_id: number | null; updated_at: string }

export interface SmsOptions {
  merchants: { id: number; name: string; code: string }[];
  groups: { id: number; merchant_id: number; name: string }[];
}

export const SMS_TASK_BATCH = 500;
