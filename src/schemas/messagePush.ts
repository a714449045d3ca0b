import { z } from 'zod';
import { id32, id64 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';

/**
 * Contracts of the message-push area (spec §2 /system messagePush): push configurations of the borrower app (a
 * sandbox provider) and messages to borrower-app users by audience, now or scheduled. docs/messagePush.md.
 */

export const PUSH_API = {
  list: '/loanapi/message_push/list',
  add: '/loanapi/message_push/add',
  cancel: '/loanapi/message_push/cancel',
  audience: '/loanapi/message_push/audience',
  configList: '/loanapi/message_push/config/list',
  configAdd: '/loanapi/message_push/config/add',
  configEdit: '/loanapi/message_push/config/edit',
  options: '/loanapi/message_push/options',
} as const;

export const PUSH_AUDIENCES = ['all', 'due_today', 'overdue', 'group'] as const;
export type PushAudience = (typeof PUSH_AUDIENCES)[number];
export const PUSH_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export const PUSH_PROVIDERS = ['sandbox'] as const;

const text = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');
/** Message text may hold line breaks, nothing else below space. */
const multiline = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s), 'validation.invalidFormat');
const link = z.string().trim().max(500).refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'validation.invalidFormat');

/** Audience fields: `overdue_days` with `overdue` (1–365), `group_id` with `group`. */
const audienceShape = {
  merchant_id: id32,
  push_audience: z.enum(PUSH_AUDIENCES),
  overdue_days: z.coerce.number().int().min(1).max(365).optional(),
  group_id: id32.optional(),
};
function audienceRefine(b: { push_audience: PushAudience; overdue_days?: number; group_id?: number }, ctx: z.RefinementCtx) {
  if (b.push_audience === 'overdue' && b.overdue_days === undefined) ctx.addIssue({ code: 'custom', path: ['overdue_days'], message: 'validation.required' });
  if (b.push_audience === 'group' && b.group_id === undefined) ctx.addIssue({ code: 'custom', path: ['group_id'], message: 'validation.required' });
}

export const pushAddBody = z.object({
  ...audienceShape,
  config_id: id32,
  title: text(100).min(1),
  body: multiline(1000).min(1),
  link_url: link.default(''),
  /** Absent: send now. Otherwise an ISO time (or YYYY-MM-DD HH:mm) in the future, at most 90 days ahead. */
  send_at: dateOrTime.optional(),
}).superRefine(audienceRefine);
export type PushAddBody = z.infer<typeof pushAddBody>;

export const pushAudienceQuery = z.object(audienceShape).superRefine(audienceRefine);
export const pushIdBody = z.object({ id: id64 });

export const pushListQuery = z.object({
  merchant_id: filterId.optional(),
  push_status: z.enum(PUSH_STATUSES).optional(),
  push_audience: z.enum(PUSH_AUDIENCES).optional(),
  created_from: dateOrTime.optional(),
  created_to: dateOrTime.optional(),
});

export interface PushRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  config_name: string | null;
  title: string;
  body: string;
  link_url: string;
  audience: PushAudience;
  overdue_days: number | null;
  group_id: number | null;
  group_name: string | null;
  status: (typeof PUSH_STATUSES)[number];
  scheduled_at: string | null;
  targeted: number;
  sent: number;
  delivered: number;
  failed: number;
  created_by_name: string | null;
  created_at: string;
  sent_at: string | null;
  cancelled_at: string | null;
}

export const pushConfigAddBody = z.object({
  merchant_id: id32,
  name: text(64).min(2),
  push_provider: z.enum(PUSH_PROVIDERS).default('sandbox'),
  app_id: text(64).default(''),
  /** Sealed on the server; never shown back. */
  secret: text(300).default(''),
  failure_rate: z.coerce.number().int().min(0).max(100).default(0),
  enabled: z.boolean().default(true),
  remark: text(200).default(''),
});
export const pushConfigEditBody = z.object({
  id: id32,
  name: text(64).min(2).optional(),
  app_id: text(64).optional(),
  /** Empty keeps the stored secret. */
  secret: text(300).optional(),
  failure_rate: z.coerce.number().int().min(0).max(100).optional(),
  enabled: z.boolean().optional(),
  remark: text(200).optional(),
});
export const pushConfigListQuery = z.object({
  merchant_id: filterId.optional(),
  enabled: queryFlag.optional(),
});
export interface PushConfigRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  name: string;
  provider: string;
  app_id: string;
  has_secret: boolean;
  secret_hint: string;
  failure_rate: number;
  enabled: boolean;
  remark: string;
  messages: number;
  created_at: string;
}

export interface PushOptions {
  configs: { id: number; merchant_id: number; name: string; enabled: boolean }[];
  groups: { id: number; merchant_id: number; name: string }[];
}
export interface PushAudienceSize { targeted: number }
