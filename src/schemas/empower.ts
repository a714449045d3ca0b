import { z } from 'zod';
import { hhmm, id32 } from './common';

export const TERMINALS = ['pc', 'mobile'] as const;
export type Terminal = (typeof TERMINALS)[number];

/** Spec §5: name length 2 to 20; other fields 3 to 32 (account) and 6 to 15 (phone). */
const account = z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9_.@-]+$/, 'validation.accountChars');
const personName = z.string().trim().min(2).max(20);
const phone = z.string().trim().regex(/^\+?\d{6,15}$/, 'validation.phone');
const password = z.string().min(6).max(32);

const accountFields = {
  nickname: personName,
  name: personName,
  phone,
  role_id: id32,
  secondary_role_id: id32.nullable().optional(),
  work_start: hhmm.nullable().optional(),
  work_end: hhmm.nullable().optional(),
  allowed_terminals: z.array(z.enum(TERMINALS)).max(2).default([]),
  merchant_ids: z.array(id32).max(500).default([]),
  privacy_protection: z.boolean().default(false),
  enabled: z.boolean().default(true),
  special_nodes: z.array(z.string().max(64)).max(500).default([]),
};

export const accountAddBody = z.object({ account, password, ...accountFields });
export const accountEditBody = z.object({ id: id32, ...accountFields });
export type AccountAddBody = z.infer<typeof accountAddBody>;
export type AccountEditBody = z.infer<typeof accountEditBody>;

export const accountListQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  role_id: id32.optional(),
  enabled: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

export const resetPwdBody = z.object({ id: id32, password });
export const setOrganizerBody = z.object({ id: id32, organizer_id: id32.nullable() });
export const editWorkBody = z.object({ id: id32, work_start: hhmm.nullable(), work_end: hhmm.nullable() });

export interface AccountRow {
  id: number;
  account: string;
  nickname: string;
  name: string;
  phone: string;
  role_id: number;
  role_name: string;
  secondary_role_id: number | null;
  secondary_role_name: string | null;
  work_start: string | null;
  work_end: string | null;
  allowed_terminals: Terminal[];
  merchant_ids: number[];
  privacy_protection: boolean;
  enabled: boolean;
  special_nodes: string[];
  organizer_id: number | null;
  organizer_name: string | null;
  google_bound: boolean;
  device_id: string | null;
  active_at: string | null;
  logout_at: string | null;
  online: boolean;
  created_at: string;
}

export const roleBody = z.object({
  // Role names are labels, not person names: the demo templates ("Withdrawal customer service") run past 20.
  name: z.string().trim().min(2).max(40),
  identifier: z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9_]+$/, 'validation.identifierChars'),
  parent_id: id32.nullable().optional(),
  is_template: z.boolean().default(false),
  node_keys: z.array(z.string().max(64)).max(1000).default([]),
  remark: z.string().max(200).optional().default(''),
});
export const roleEditBody = roleBody.extend({ id: id32 });

export interface RoleRow {
  id: number;
  name: string;
  identifier: string;
  parent_id: number | null;
  parent_name: string | null;
  is_template: boolean;
  node_keys: string[];
  remark: string;
  account_count: number;
  children: number[];
}

export const nodeEditBody = z.object({ key: z.string().max(64), disabled: z.boolean(), remark: z.string().max(200).default('') });

export interface NodeRow {
  key: string;
  kind: 'root' | 'group' | 'page' | 'action';
  parent: string | null;
  title: string;
  path: string | null;
  disabled: boolean;
  remark: string;
  role_count: number;
}

export const tokenListQuery = z.object({
  account: z.string().trim().max(32).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

export interface TokenRow {
  id: number;
  account_id: number;
  account: string;
  name: string;
  ip: string;
  terminal: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  durable: boolean;
}

export interface TokenSummaryRow {
  account_id: number;
  account: string;
  name: string;
  sessions: number;
  first_login_at: string;
  last_seen_at: string;
  online_minutes: number;
}

/** One account (`id`) or several (`ids`): the single-row and bulk commands both end here. */
export const accountIdsBody = z.object({
  id: id32.optional(),
  ids: z.array(id32).min(1).max(500).optional(),
});

/** Session ids, for ending single sessions from the online-sessions screen. */
export const sessionIdsBody = accountIdsBody;

/** A day (`YYYY-MM-DD`, read in the business time zone) or a moment (`YYYY-MM-DD HH:mm[:ss]` or ISO). */
const DATE_OR_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
function realDate(s: string): boolean {
  const m = DATE_OR_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return false;
  return (m[4] === undefined || Number(m[4]) < 24) && (m[5] === undefined || Number(m[5]) < 60) && (m[6] === undefined || Number(m[6]) < 60);
}
export const dateOrTime = z.string().trim().refine(realDate, 'validation.date');

export const tokenSummaryQuery = z.object({
  date_from: dateOrTime.optional(),
  date_to: dateOrTime.optional(),
  account: z.string().trim().max(32).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

export interface RoleOption {
  id: number;
  name: string;
  identifier: string;
  /** Whether the signed-in account holds every permission of the role (and so may give it to an account). */
  grantable: boolean;
}
