import { z } from 'zod';
import { id32 } from './common';
import { filterId, queryFlag } from './client';
import { LANG_CODES } from './config';
import { SMS_VARIABLES, templateVariables } from './sms';

/**
 * Contracts of the template area (docs/template.md): /system template, the H5 templates with `{variable}` places used
 * by the H5 landing pages (rendered at /h5/t/:id) and by SMS. The variables each kind may use are declared here once:
 * the server refuses a body naming any other, the console marks each unknown one as you type.
 */

export const TEMPLATE_API = {
  list: '/loanapi/template/list',
  add: '/loanapi/template/add',
  edit: '/loanapi/template/edit',
  enable: '/loanapi/template/enable',
  disable: '/loanapi/template/disable',
  del: '/loanapi/template/del',
  preview: '/loanapi/template/preview',
  /** The public page of an enabled H5 landing template. */
  page: '/h5/t/:id',
} as const;

export const TEMPLATE_KINDS = ['h5_landing', 'sms'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Variables by kind: an SMS template speaks the SMS engine's variables, an H5 page the promotion's. */
export const TEMPLATE_VARIABLES: Record<TemplateKind, readonly string[]> = {
  h5_landing: ['merchant', 'product', 'max_amount', 'max_days', 'channel', 'promo_code'],
  sms: SMS_VARIABLES,
};

/** What the preview puts in each place (a real page or message fills them from the merchant, product and customer). */
export const SAMPLE_VALUES: Record<string, string> = {
  merchant: 'Vay Nhanh', product: 'Quick Loan 30', max_amount: '10,000,000 ₫', max_days: '30', channel: 'FB01', promo_code: 'Ab3dE9xY',
  name: 'Nguyen Van A', phone: '0912345678', amount: '1,250,000 ₫', due: '1,250,000 ₫', due_date: '2026-03-15', days: '3',
  order_no: 'LN2026031500012', link: 'https://example.com/s/Ab3dE9',
};

/** Largest body: an H5 page is a short promotion, an SMS a few segments. */
export const TEMPLATE_LIMITS = { title: 100, h5Body: 20_000, smsBody: 500 } as const;

/** One problem per unknown variable, so the editor can say which place is wrong. */
export interface VariableIssue { name: string; allowed: string }

export function unknownVariables(body: string, kind: TemplateKind): VariableIssue[] {
  const allowed = TEMPLATE_VARIABLES[kind];
  const list = allowed.map((v) => `{${v}}`).join(' ');
  return templateVariables(body).filter((v) => !allowed.includes(v)).map((name) => ({ name, allowed: list }));
}

const line = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');
/** Newlines and tabs allowed, other control characters not. */
const text = (max: number) => z.string().max(max).refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'validation.invalidFormat');

const bodyFits = (b: { kind: TemplateKind; body: string }) => b.body.length <= (b.kind === 'sms' ? TEMPLATE_LIMITS.smsBody : TEMPLATE_LIMITS.h5Body);
const fitsMsg = { message: 'template.validation.tooLong', path: ['body'] };

const fields = {
  /** Absent or null: a global template, used by merchants without their own. */
  merchant_id: id32.nullable().optional(),
  kind: z.enum(TEMPLATE_KINDS),
  lang: z.enum(LANG_CODES),
  title: line(TEMPLATE_LIMITS.title).min(1),
  body: text(TEMPLATE_LIMITS.h5Body).refine((s) => s.trim().length > 0, 'validation.required'),
  enabled: z.boolean().default(false),
};
export const templateAddBody = z.object(fields).refine(bodyFits, fitsMsg);
/** A template keeps its merchant and kind; its language, words and title may change. */
export const templateEditBody = z.object({ id: id32, lang: fields.lang, title: fields.title, body: fields.body });
export const templateIdBody = z.object({ id: id32 });
export const templatePreviewBody = z.object({ kind: fields.kind, body: text(TEMPLATE_LIMITS.h5Body) });
export const templateListQuery = z.object({
  merchant_id: filterId.optional(),
  kind: z.enum(TEMPLATE_KINDS).optional(),
  lang: z.enum(LANG_CODES).optional(),
  enabled: queryFlag.optional(),
  title: z.string().trim().max(TEMPLATE_LIMITS.title).optional(),
});
export const templatePageParams = z.object({ id: id32 });
/** What the promotion link appends (`?ch=<channel>&pc=<code>`); anything else is ignored. */
export const templatePageQuery = z.object({
  ch: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/).optional().catch(undefined),
  pc: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/).optional().catch(undefined),
});

export interface TemplateRow {
  id: number; merchant_id: number | null; merchant_name: string | null; kind: TemplateKind; lang: string; title: string; body: string;
  enabled: boolean; updated_by_name: string | null; updated_at: string;
}

/** The preview: the body with the sample values, as safe HTML (h5_landing) or plain text (sms), and what is wrong. */
export interface TemplatePreview { kind: TemplateKind; html: string | null; text: string | null; unknown: VariableIssue[] }
