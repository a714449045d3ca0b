import { z } from 'zod';
import { id32, id64, MONEY_MAX } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';
import { MANUAL_STAGES } from './lifecycle';

/**
 * Contracts of the channel area (docs/channel.md): /merchant channel (spec §3 "Channel and promotion link"),
 * virtualChannel, channelAuditRule, channelProvider, and `POST /loanapi/admin_binding_channel/edit` (spec §7).
 * Secrets (communication private key, tracking secret, access token, provider secrets) travel to the server, and
 * back once in the answer that created or rotated them; lists carry their last 4 characters only.
 */

export const CHANNEL_API = {
  list: '/loanapi/channel/list',
  options: '/loanapi/channel/options',
  add: '/loanapi/channel/add',
  edit: '/loanapi/channel/edit',
  enable: '/loanapi/channel/enable',
  disable: '/loanapi/channel/disable',
  rotate: '/loanapi/channel/rotate_secret',
  virtualList: '/loanapi/virtual_channel/list',
  virtualAdd: '/loanapi/virtual_channel/add',
  virtualEdit: '/loanapi/virtual_channel/edit',
  virtualDel: '/loanapi/virtual_channel/del',
  ruleList: '/loanapi/channel_audit_rule/list',
  ruleAdd: '/loanapi/channel_audit_rule/add',
  ruleEdit: '/loanapi/channel_audit_rule/edit',
  ruleDel: '/loanapi/channel_audit_rule/del',
  providerList: '/loanapi/channel_provider/list',
  providerAdd: '/loanapi/channel_provider/add',
  providerEdit: '/loanapi/channel_provider/edit',
  providerRotate: '/loanapi/channel_provider/rotate_secret',
  providerDel: '/loanapi/channel_provider/del',
  deliveries: '/loanapi/channel_provider/deliveries',
  attempts: '/loanapi/channel_provider/attempts',
  retry: '/loanapi/channel_provider/retry',
  bindingList: '/loanapi/admin_binding_channel/list',
  bindingEdit: '/loanapi/admin_binding_channel/edit',
} as const;

export const CHANNEL_TYPES = ['organic', 'facebook', 'google', 'tiktok', 'affiliate', 'sms', 'offline'] as const;
export const TRACKING_PROVIDERS = ['', 'appsflyer', 'adjust', 'facebook', 'tiktok', 'google'] as const;
export const CONVERSION_KINDS = ['registration', 'application', 'payout'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
export const PROVIDER_KINDS = ['sandbox', 'http'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const CHANNEL_SECRETS = ['private_key', 'tracking_secret', 'access_token'] as const;
export type ChannelSecretName = (typeof CHANNEL_SECRETS)[number];

const code = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/, 'validation.channelCode');
const name = z.string().trim().min(2).max(100);
const text = (max: number) => z.string().trim().max(max);
/** http(s) URL or empty; whether the host may be reached is decided when delivering (SSRF rules). */
const url = z.string().trim().max(300).refine((v) => v === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v), 'validation.httpUrl');
const secret = (max: number) => z.string().trim().min(8).max(max);

const channelFields = {
  name,
  type: z.enum(CHANNEL_TYPES).default('organic'),
  opened_at: dateOrTime.optional(),
  /** Empty / null: no expiry. */
  expires_at: dateOrTime.nullable().optional(),
  extendable_quantity: z.coerce.number().int().min(0).max(1000).default(0),
  fixed_identifier: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'validation.channelIdentifier').default(''),
  initial_tag: text(40).default(''),
  public_key: text(4000).default(''),
  tracking_provider: z.enum(TRACKING_PROVIDERS).default(''),
  tracking_id: text(100).default(''),
  pixel_id: text(100).default(''),
  forwarding_url: url.default(''),
  promotion_url: url.default(''),
  promotion_product_id: id32.nullable().optional(),
};

/** New channel. `generate_keys`: the server makes the communication key pair (the private key is shown once). */
export const channelAddBody = z.object({
  merchant_id: id32,
  code,
  ...channelFields,
  enabled: z.boolean().default(true),
  generate_keys: z.boolean().default(false),
  private_key: secret(8000).optional(),
  tracking_secret: secret(200).optional(),
  access_token: secret(300).optional(),
});
/** Edit: a secret left out is kept; one given replaces it (it is never sent back). */
export const channelEditBody = z.object({
  id: id32,
  ...channelFields,
  private_key: secret(8000).optional(),
  tracking_secret: secret(200).optional(),
  access_token: secret(300).optional(),
});
/** Rotation: the private key is regenerated with its public key; the provider's secret and token are given. */
export const channelRotateBody = z.object({
  id: id32,
  which: z.enum(CHANNEL_SECRETS),
  value: secret(300).optional(),
});

export const channelListQuery = z.object({
  merchant_id: filterId.optional(),
  type: z.enum(CHANNEL_TYPES).optional(),
  enabled: queryFlag.optional(),
  keyword: text(60).optional(),
  /** Only the channels bound to the signed-in account. */
  mine: queryFlag.optional(),
});
export const channelOptionsQuery = z.object({ merchant_id: filterId.optional() });

export interface ChannelRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  code: string;
  name: string;
  type: string;
  opened_at: string;
  expires_at: string | null;
  extendable_quantity: number;
  fixed_identifier: string;
  initial_tag: string;
  public_key: string;
  tracking_provider: string;
  tracking_id: string;
  pixel_id: string;
  forwarding_url: string;
  promotion_url: string;
  promotion_product_id: number | null;
  enabled: boolean;
  /** Last 4 characters of each sealed secret, '' when none is set. */
  private_key_hint: string;
  tracking_secret_hint: string;
  access_token_hint: string;
  bound_accounts: number;
  created_at: string;
  updated_at: string;
}

/** The answer to add and rotate: the row and the secrets just set, this once. */
export interface ChannelSecrets {
  row: ChannelRow;
  secrets: Partial<Record<ChannelSecretName, string>>;
}

export interface ChannelOption {
  id: number;
  merchant_id: number;
  code: string;
  name: string;
  enabled: boolean;
}

// ------------------------------------------------------------------------------------------------ virtual channels

export const virtualChannelBody = z.object({
  merchant_id: id32,
  code,
  name,
  /** The channel the alias routes to, or another alias (exactly one). */
  target_channel_id: id32.nullable().optional(),
  target_virtual_id: id32.nullable().optional(),
  enabled: z.boolean().default(true),
  note: text(200).default(''),
});
export const virtualChannelEditBody = virtualChannelBody.omit({ merchant_id: true, code: true }).extend({ id: id32 });
export const virtualListQuery = z.object({ merchant_id: filterId.optional(), target_channel_id: filterId.optional(), keyword: text(60).optional() });

export interface VirtualChannelRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  code: string;
  name: string;
  target_channel_id: number | null;
  target_virtual_id: number | null;
  /** The real channel the alias ends at. */
  resolved_channel_id: number | null;
  target_name: string | null;
  enabled: boolean;
  note: string;
  created_at: string;
}

// ------------------------------------------------------------------------------------------------ audit rules

const stages = z.array(z.enum(MANUAL_STAGES)).max(MANUAL_STAGES.length).default([]);
export const channelAuditRuleBody = z.object({
  channel_id: id32,
  skip_stages: stages,
  add_stages: stages,
  force_manual: z.boolean().default(false),
  max_amount: z.coerce.number().int().min(1).max(MONEY_MAX).nullable().optional(),
  daily_cap: z.coerce.number().int().min(1).max(1_000_000).nullable().optional(),
  enabled: z.boolean().default(true),
  note: text(200).default(''),
});
export const channelAuditRuleEditBody = channelAuditRuleBody.omit({ channel_id: true }).extend({ id: id32 });
export const ruleListQuery = z.object({ merchant_id: filterId.optional(), channel_id: filterId.optional(), enabled: queryFlag.optional() });

export interface ChannelAuditRuleRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  channel_id: number;
  channel_code: string | null;
  channel_name: string | null;
  skip_stages: string[];
  add_stages: string[];
  force_manual: boolean;
  max_amount: number | null;
  daily_cap: number | null;
  enabled: boolean;
  note: string;
  updated_at: string;
}

// ------------------------------------------------------------------------------------------------ providers

export const channelProviderBody = z.object({
  merchant_id: id32,
  name: z.string().trim().min(2).max(60),
  kind: z.enum(PROVIDER_KINDS),
  /** http: the endpoint events are POSTed to. */
  url: url.default(''),
  events: z.array(z.enum(CONVERSION_KINDS)).min(1).max(3).default([...CONVERSION_KINDS]),
  /** Empty: every channel of the merchant. */
  channel_ids: z.array(id32).max(200).default([]),
  failure_rate: z.coerce.number().int().min(0).max(100).default(0),
  timeout_ms: z.coerce.number().int().min(500).max(30_000).default(5000),
  max_attempts: z.coerce.number().int().min(1).max(20).default(6),
  enabled: z.boolean().default(true),
});
export const channelProviderEditBody = channelProviderBody.omit({ merchant_id: true, kind: true }).extend({ id: id32 });
export const providerListQuery = z.object({ merchant_id: filterId.optional(), kind: z.enum(PROVIDER_KINDS).optional(), enabled: queryFlag.optional() });

export interface ChannelProviderRow {
  id: number;
  merchant_id: number;
  merchant_name: string | null;
  name: string;
  kind: string;
  url: string;
  secret_hint: string;
  events: string[];
  channel_ids: number[];
  failure_rate: number;
  timeout_ms: number;
  max_attempts: number;
  enabled: boolean;
  pending: number;
  delivered: number;
  failed: number;
  created_at: string;
}

export interface ChannelProviderSecret {
  row: ChannelProviderRow;
  secret: string;
}

export const deliveryListQuery = z.object({
  provider_id: filterId.optional(),
  merchant_id: filterId.optional(),
  channel_id: filterId.optional(),
  kind: z.enum(CONVERSION_KINDS).optional(),
  /** Delivery status (named `state`: `status` words are the loan's in the filter bar). */
  state: z.enum(DELIVERY_STATUSES).optional(),
});
export const attemptsQuery = z.object({ conversion_id: id64 });
export const retryBody = z.object({ id: id64 });

export interface DeliveryRow {
  id: number;
  provider_id: number;
  provider_name: string | null;
  merchant_id: number;
  channel_id: number;
  channel_code: string | null;
  kind: string;
  customer_id: number;
  order_id: number | null;
  occurred_at: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_code: number | null;
  delivered_at: string | null;
  created_at: string;
}

export interface AttemptRow {
  id: number;
  attempt: number;
  status: string;
  response_code: number | null;
  error: string;
  duration_ms: number;
  at: string;
}

/** The JSON body a provider receives; `X-Signature: sha256=<hex HMAC-SHA256 of the raw body under the secret>`. */
export interface ConversionEvent {
  event_id: string;
  kind: ConversionKind;
  merchant_id: number;
  channel_id: number;
  channel_code: string;
  customer_id: number;
  order_id: number | null;
  at: string;
}

// ------------------------------------------------------------------------------------------------ bindings

/** Replaces the channels bound to an account (spec §7 `admin_binding_channel/edit`). */
export const bindingEditBody = z.object({
  account_id: id32,
  channel_ids: z.array(id32).max(500),
});
export const bindingListQuery = z.object({ account_id: filterId.optional(), channel_id: filterId.optional() });

export interface BindingRow {
  account_id: number;
  account: string;
  name: string;
  channel_ids: number[];
}
