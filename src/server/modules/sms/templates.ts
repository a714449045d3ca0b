import { and, eq } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import { LANG_BY_CODE, type LangCode } from '../../../schemas/i18n';
import { SMS_TEMPLATE_KINDS, SMS_VARIABLES, unknownVariable, type SmsTemplateKind } from '../../../schemas/sms';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { smsTemplate } from './sms.table';

/**
 * Templates (docs/sms.md "Templates"): text with `{variable}` places (`{{` and `}}` are literal braces). The default
 * text of each kind is the locale catalogue's `sms.template.<kind>` in the customer's language; a merchant may word a
 * kind its own way (sms_template). A template naming a variable the kind does not know is refused with a message that
 * names it, and nothing is written.
 */

/** Refuses a template with an unknown variable (40000 sms.template.unknownVariable, on the field `path`). */
export function assertTemplate(content: string, allowed: readonly string[], path = 'content'): void {
  const bad = unknownVariable(content, allowed);
  if (bad !== null) {
    const values = { name: bad, allowed: allowed.map((v) => `{${v}}`).join(' ') };
    throw new AppError(CODE.VALIDATION, 'sms.template.unknownVariable', values, 200, [{ path, id: 'sms.template.unknownVariable', values }]);
  }
}

/** The template with its variables filled (an absent value becomes empty). */
export function render(content: string, vars: Record<string, string | number | null | undefined>): string {
  return content.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (m, name: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    const v = vars[name ?? ''];
    return v === null || v === undefined ? '' : String(v);
  });
}

/** The catalogue's text of a kind in `lang`, with its `{variables}` left in place. */
export function defaultTemplate(kind: SmsTemplateKind, lang: LangCode): string {
  const keep = Object.fromEntries(SMS_VARIABLES.map((v) => [v, `{${v}}`]));
  return translate(LANG_BY_CODE[lang], DEFAULT_KEYS[kind], keep);
}

/** The catalogue message of each kind: the withdrawal area's texts stay where they were written. */
const DEFAULT_KEYS: Record<SmsTemplateKind, string> = {
  due_d2: 'sms.template.due_d2', due_d1: 'sms.template.due_d1', due_d0: 'sms.template.due_d0', overdue: 'sms.template.overdue',
  withdrawal_reminder: 'withdrawal.sms.reminder', payment_notice: 'withdrawal.sms.payment_notice',
  payout_failed: 'withdrawal.sms.payout_failed', dormant: 'withdrawal.sms.dormant',
};

/** The merchant's wording of a kind, else the default in `lang`. */
export async function templateOf(db: DbOrTx, merchantId: number, kind: SmsTemplateKind, lang: LangCode): Promise<string> {
  const [own] = await db.select({ content: smsTemplate.content }).from(smsTemplate)
    .where(and(eq(smsTemplate.merchantId, merchantId), eq(smsTemplate.kind, kind))).limit(1);
  return own?.content || defaultTemplate(kind, lang);
}

/** Every kind for the template screen: the merchant's text or the default in `lang`. */
export async function templatesOf(db: DbOrTx, merchantId: number, lang: LangCode) {
  const own = new Map((await db.select().from(smsTemplate).where(eq(smsTemplate.merchantId, merchantId))).map((r) => [r.kind, r.content]));
  return SMS_TEMPLATE_KINDS.map((kind) => ({ kind, content: own.get(kind) ?? defaultTemplate(kind, lang), custom: own.has(kind) }));
}
