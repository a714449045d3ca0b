import { z } from 'zod';
import { id32, id64 } from './common';
import { filterId, queryFlag } from './client';
import { dateOrTime } from './empower';

/**
 * Contracts of the content area (docs/content.md): /merchant banner (the app's carousel), /AppConfig App_Update (app
 * versions per platform), App_Help (help articles per language) and App_Message (in-app messages to borrowers), and
 * the borrower app's signed reads of them on the intake API.
 */

export const CONTENT_API = {
  bannerList: '/loanapi/content/banner/list',
  bannerAdd: '/loanapi/content/banner/add',
  bannerEdit: '/loanapi/content/banner/edit',
  bannerDel: '/loanapi/content/banner/del',
  versionList: '/loanapi/content/app_update/list',
  versionAdd: '/loanapi/content/app_update/add',
  versionEdit: '/loanapi/content/app_update/edit',
  versionDel: '/loanapi/content/app_update/del',
  helpList: '/loanapi/content/app_help/list',
  helpAdd: '/loanapi/content/app_help/add',
  helpEdit: '/loanapi/content/app_help/edit',
  helpDel: '/loanapi/content/app_help/del',
  messageList: '/loanapi/content/app_message/list',
  messageAdd: '/loanapi/content/app_message/add',
  messageEdit: '/loanapi/content/app_message/edit',
  messageDel: '/loanapi/content/app_message/del',
  /** Borrower app (signed like the intake API). */
  appBanners: '/loanapi/app/banners',
  appHelp: '/loanapi/app/help',
  appVersion: '/loanapi/app/version',
  appMessages: '/loanapi/app/messages',
} as const;

export const CONTENT_LANGS = ['zh', 'zhTW', 'vi', 'en', 'ArEg', 'ThA', 'India'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];
export const APP_PLATFORMS = ['android', 'ios'] as const;
export const HELP_CATEGORIES = ['account', 'loan', 'repayment', 'other'] as const;
export const MESSAGE_AUDIENCES = ['all', 'customer'] as const;

/** Printable one-line text without control characters. */
const line = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');
/** Multi-line text: newlines and tabs allowed, other control characters not. */
const body = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'validation.invalidFormat');
/** An absolute http(s) URL. */
export const httpUrl = line(500).refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch { return false; }
}, 'content.validation.url');
/** An uploaded image's stored path (`/files/<month>/<uuid>.<ext>`, docs/uploads.md). */
export const imagePath = line(200).refine((s) => /^\/files\/\d{4}-\d{2}\/[0-9a-f-]{36}\.(png|jpg)$/.test(s), 'content.validation.image');
const bool = z.boolean();

// ---- banner
const bannerFields = {
  merchant_id: id32,
  title: line(100).min(1),
  image: imagePath,
  link_url: z.union([httpUrl, z.literal('')]).default(''),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  starts_at: dateOrTime.optional(),
  ends_at: dateOrTime.optional(),
  enabled: bool.default(true),
};
const endsAfterStart = (b: { starts_at?: string; ends_at?: string }) => !b.starts_at || !b.ends_at || new Date(b.ends_at) > new Date(b.starts_at);
const endMsg = { message: 'content.validation.endAfterStart', path: ['ends_at'] };
export const bannerAddBody = z.object(bannerFields).refine(endsAfterStart, endMsg);
export const bannerEditBody = z.object({ id: id64, ...bannerFields }).refine(endsAfterStart, endMsg);
export const bannerListQuery = z.object({ merchant_id: filterId.optional(), enabled: queryFlag.optional(), title: z.string().trim().max(100).optional() });
export interface BannerRow {
  id: number; merchant_id: number; merchant_name: string | null; title: string; image: string; link_url: string; sort: number;
  starts_at: string | null; ends_at: string | null; enabled: boolean; active: boolean; updated_at: string;
}

// ---- app versions
const notes = z.object(Object.fromEntries(CONTENT_LANGS.map((l) => [l, body(2000).optional()])) as Record<ContentLang, z.ZodOptional<ReturnType<typeof body>>>).strict();
const versionFields = {
  merchant_id: id32,
  platform: z.enum(APP_PLATFORMS),
  version_code: z.coerce.number().int().min(1).max(2_000_000_000),
  version_name: line(32).min(1).refine((s) => /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(s), 'validation.invalidFormat'),
  force: bool.default(false),
  download_url: httpUrl.refine((s) => s.length > 0, 'validation.required'),
  notes: notes.default({}),
};
export const versionAddBody = z.object(versionFields);
export const versionEditBody = z.object({ id: id64, force: bool.optional(), download_url: httpUrl.optional(), notes: notes.optional(), version_name: versionFields.version_name.optional() });
export const versionListQuery = z.object({ merchant_id: filterId.optional(), platform: z.enum(APP_PLATFORMS).optional() });
export interface VersionRow {
  id: number; merchant_id: number; merchant_name: string | null; platform: string; version_code: number; version_name: string;
  force: boolean; download_url: string; notes: Partial<Record<ContentLang, string>>; created_at: string;
}

// ---- help
const helpFields = {
  merchant_id: id32,
  lang: z.enum(CONTENT_LANGS),
  category: z.enum(HELP_CATEGORIES),
  title: line(150).min(1),
  body: body(20_000).min(1),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  published: bool.default(true),
};
export const helpAddBody = z.object(helpFields);
export const helpEditBody = z.object({ id: id64, ...helpFields });
export const helpListQuery = z.object({
  merchant_id: filterId.optional(), lang: z.enum(CONTENT_LANGS).optional(), category: z.enum(HELP_CATEGORIES).optional(),
  published: queryFlag.optional(), title: z.string().trim().max(150).optional(),
});
export interface HelpRow {
  id: number; merchant_id: number; merchant_name: string | null; lang: string; category: string; title: string; body: string;
  sort: number; published: boolean; updated_at: string;
}

// ---- messages
const messageFields = {
  merchant_id: id32,
  title: line(150).min(1),
  body: body(5000).min(1),
  audience: z.enum(MESSAGE_AUDIENCES),
  customer_id: id64.optional(),
  publish_at: dateOrTime.optional(),
};
const audienceOk = (b: { audience: string; customer_id?: number }) => (b.audience === 'customer') === (b.customer_id !== undefined);
const audienceMsg = { message: 'content.validation.audience', path: ['customer_id'] };
export const messageAddBody = z.object(messageFields).refine(audienceOk, audienceMsg);
export const messageEditBody = z.object({ id: id64, ...messageFields }).refine(audienceOk, audienceMsg);
export const messageListQuery = z.object({ merchant_id: filterId.optional(), audience: z.enum(MESSAGE_AUDIENCES).optional(), customer_id: filterId.optional() });
export interface MessageRow {
  id: number; merchant_id: number; merchant_name: string | null; title: string; body: string; audience: string;
  customer_id: number | null; customer_name: string | null; publish_at: string; created_at: string;
}

export const contentIdBody = z.object({ id: id64 });

// ---- borrower app reads
export const appHelpQuery = z.object({ lang: z.enum(CONTENT_LANGS).default('en'), category: z.enum(HELP_CATEGORIES).optional() });
export const appVersionQuery = z.object({ platform: z.enum(APP_PLATFORMS), version_code: z.coerce.number().int().min(0).max(2_000_000_000).optional() });
export const appMessagesQuery = z.object({ phone: line(20).min(5) });
