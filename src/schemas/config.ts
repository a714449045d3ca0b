import { z } from 'zod';
import { id64 } from './common';
import { LANGS, type LangCode } from './i18n';

/**
 * Contracts of the config area (spec §2 /system config and quick, §9 GPS range and continuous-online limit), shared by
 * the server (validation) and the console (forms, grids). docs/config.md.
 *
 * System settings are declared once here (SETTINGS): key, type, default, bounds or allowed values, and the message id of
 * their description. The server stores only values that differ from nothing (a row per edited key) and a history row
 * per change; secrets are sealed and never sent back (only "set" and the last 4 characters).
 */

export const CONFIG_API = {
  list: '/loanapi/config/list',
  edit: '/loanapi/config/edit',
  history: '/loanapi/config/history',
  quickList: '/loanapi/quick/list',
  quickAdd: '/loanapi/quick/add',
  quickEdit: '/loanapi/quick/edit',
  quickDel: '/loanapi/quick/del',
  /** The replies of one purpose in the caller's language (for insertion in notes and SMS). */
  quickFor: '/loanapi/quick/for',
} as const;

export const SETTING_TYPES = ['int', 'decimal', 'bool', 'string', 'secret', 'enum'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

interface Base { key: string; description: string; group: 'intake' | 'session' | 'security' | 'limits' }
export type SettingDef =
  | (Base & { type: 'int'; default: number; min: number; max: number; unit?: string })
  | (Base & { type: 'decimal'; default: number; min: number; max: number; scale: number; unit?: string })
  | (Base & { type: 'bool'; default: boolean })
  | (Base & { type: 'string'; default: string; maxLength: number })
  | (Base & { type: 'secret'; minLength: number; maxLength: number })
  | (Base & { type: 'enum'; default: string; values: readonly string[] });

const d = (key: string) => `config.setting.${key}.desc`;

/** Every system setting, declared once. Adding one here adds it to the screen, the validation and `setting()`. */
export const SETTINGS = [
  { key: 'gps_range_meters', type: 'int', default: 500, min: 10, max: 100_000, unit: 'm', group: 'intake', description: d('gps_range_meters') },
  { key: 'continuous_online_limit_minutes', type: 'int', default: 480, min: 5, max: 1440, unit: 'min', group: 'session', description: d('continuous_online_limit_minutes') },
  { key: 'secure_operation_key', type: 'secret', minLength: 8, maxLength: 64, group: 'security', description: d('secure_operation_key') },
  { key: 'callback_signing_secret', type: 'secret', minLength: 16, maxLength: 128, group: 'security', description: d('callback_signing_secret') },
  { key: 'intake_max_amount_minor', type: 'int', default: 5_000_000_000, min: 0, max: 1e15, group: 'limits', description: d('intake_max_amount_minor') },
  { key: 'intake_daily_applications_per_device', type: 'int', default: 3, min: 1, max: 100, group: 'limits', description: d('intake_daily_applications_per_device') },
  { key: 'sms_daily_limit_per_phone', type: 'int', default: 10, min: 1, max: 1000, group: 'limits', description: d('sms_daily_limit_per_phone') },
  { key: 'max_daily_interest_percent', type: 'decimal', default: 0.3, min: 0, max: 5, scale: 4, unit: '%', group: 'limits', description: d('max_daily_interest_percent') },
  { key: 'gps_required', type: 'bool', default: true, group: 'intake', description: d('gps_required') },
  { key: 'login_captcha', type: 'enum', default: 'on_failure', values: ['always', 'on_failure', 'never'], group: 'security', description: d('login_captcha') },
  { key: 'support_hotline', type: 'string', default: '', maxLength: 40, group: 'intake', description: d('support_hotline') },
] as const satisfies readonly SettingDef[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
export const SETTING_KEYS = SETTINGS.map((s) => s.key) as [SettingKey, ...SettingKey[]];
export const SETTING_BY_KEY: Record<SettingKey, SettingDef> = Object.fromEntries(SETTINGS.map((s) => [s.key, s])) as Record<SettingKey, SettingDef>;

type DefOf<K extends SettingKey> = Extract<(typeof SETTINGS)[number], { key: K }>;
/** The value type of a setting: number for int/decimal, boolean, string; a secret reads as its clear text or null when unset. */
export type SettingValue<K extends SettingKey> =
  DefOf<K>['type'] extends 'int' | 'decimal' ? number
    : DefOf<K>['type'] extends 'bool' ? boolean
      : DefOf<K>['type'] extends 'secret' ? string | null
        : DefOf<K>['type'] extends 'enum' ? (DefOf<K> extends { values: readonly (infer V)[] } ? V : string)
          : string;

/** A value as typed by a person (text) checked against its declaration: the typed value, or the message id of what is wrong. */
export function parseSettingValue(def: SettingDef, raw: string):
  { ok: true; value: number | boolean | string } | { ok: false; id: string; values?: Record<string, string | number> } {
  const s = raw.trim();
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, id: 'validation.invalidFormat' };
  switch (def.type) {
    case 'int': {
      if (!/^-?\d+$/.test(s)) return { ok: false, id: 'config.error.notInt' };
      const n = Number(s);
      if (!Number.isSafeInteger(n) || n < def.min || n > def.max) return { ok: false, id: 'config.error.range', values: { min: def.min, max: def.max } };
      return { ok: true, value: n };
    }
    case 'decimal': {
      if (!/^-?\d+(\.\d+)?$/.test(s)) return { ok: false, id: 'config.error.notDecimal' };
      const decimals = s.split('.')[1]?.length ?? 0;
      if (decimals > def.scale) return { ok: false, id: 'config.error.scale', values: { scale: def.scale } };
      const n = Number(s);
      if (n < def.min || n > def.max) return { ok: false, id: 'config.error.range', values: { min: def.min, max: def.max } };
      return { ok: true, value: n };
    }
    case 'bool':
      if (['true', '1', 'yes', 'on'].includes(s.toLowerCase())) return { ok: true, value: true };
      if (['false', '0', 'no', 'off'].includes(s.toLowerCase())) return { ok: true, value: false };
      return { ok: false, id: 'config.error.notBool' };
    case 'enum':
      return def.values.includes(s) ? { ok: true, value: s } : { ok: false, id: 'config.error.notAllowed', values: { values: def.values.join(', ') } };
    case 'string':
      return s.length > def.maxLength ? { ok: false, id: 'config.error.tooLong', values: { max: def.maxLength } } : { ok: true, value: s };
    case 'secret':
      // A secret is taken as given (no trimming inside), only its length is bounded.
      if (raw !== s || raw.length < def.minLength || raw.length > def.maxLength) {
        return { ok: false, id: 'config.error.secretLength', values: { min: def.minLength, max: def.maxLength } };
      }
      return { ok: true, value: raw };
  }
}

export const configEditBody = z.object({
  key: z.enum(SETTING_KEYS),
  /** The new value as text; checked against the setting's declaration by the server (parseSettingValue). */
  value: z.string().max(2000),
  /** Changing a secret that is already set needs its current value (an administrator holding everything may reset it). */
  current: z.string().max(200).optional(),
});
export type ConfigEditBody = z.infer<typeof configEditBody>;

/** One setting as the screen shows it: its declaration, the value in force (never a secret's), whether it was changed. */
export interface SettingView {
  key: SettingKey;
  type: SettingType;
  group: string;
  description: string;
  default: number | boolean | string | null;
  value: number | boolean | string | null;
  min?: number;
  max?: number;
  values?: string[];
  unit?: string;
  /** Secrets: whether one is set, and its last 4 characters when known. */
  is_set?: boolean;
  hint?: string | null;
  changed: boolean;
  updated_at: string | null;
  updated_by_name: string | null;
}

export const configHistoryQuery = z.object({
  key: z.enum(SETTING_KEYS).optional(),
});

export interface ConfigHistoryRow {
  id: number;
  key: SettingKey;
  old_value: string | null;
  new_value: string | null;
  secret: boolean;
  account_name: string | null;
  changed_at: string;
}

// ---- quick replies

export const QUICK_PURPOSES = ['note', 'sms', 'collection', 'review', 'withdrawal', 'service'] as const;
export type QuickPurpose = (typeof QUICK_PURPOSES)[number];
export const LANG_CODES = LANGS.map((l) => l.code) as [LangCode, ...LangCode[]];

const text = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'validation.invalidFormat');

export const quickAddBody = z.object({
  purpose: z.enum(QUICK_PURPOSES),
  language: z.enum(LANG_CODES),
  title: text(60).min(1),
  /** The text inserted; may hold line breaks. */
  content: text(1000).min(1),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export type QuickAddBody = z.infer<typeof quickAddBody>;
export const quickEditBody = quickAddBody.extend({ id: id64 });
export type QuickEditBody = z.infer<typeof quickEditBody>;
export const quickIdBody = z.object({ id: id64 });

export const quickListQuery = z.object({
  purpose: z.enum(QUICK_PURPOSES).optional(),
  language: z.enum(LANG_CODES).optional(),
  keyword: z.string().trim().max(60).optional(),
});

export const quickForQuery = z.object({
  purpose: z.enum(QUICK_PURPOSES),
  /** Defaults to the caller's language; other languages' replies follow. */
  language: z.enum(LANG_CODES).optional(),
});

export interface QuickRow {
  id: number;
  purpose: QuickPurpose;
  language: LangCode;
  title: string;
  content: string;
  sort: number;
  created_by_name: string | null;
  updated_at: string;
}
