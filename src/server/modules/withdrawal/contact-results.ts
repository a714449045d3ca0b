import { and, asc, eq } from 'drizzle-orm';
import { CODE } from '../../../schemas/common';
import type { Lang } from '../../../schemas/i18n';
import { CONTACT_RESULT_DICT, DEFAULT_CONTACT_RESULTS, type ContactResultChoice } from '../../../schemas/withdrawal';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { dictItem } from '../system/system.table';
import { dictLabelSql } from '../system/dictLabel';

/**
 * Contact results come from the `withdrawal_contact_result` dictionary (editable on the system dict screen). Until
 * an administrator fills it, the built-in results apply, worded in the reader's language
 * (`option.withdrawal_contact_result.<value>`). Values 2 (asked us to confirm) and 5 (declined) keep their meaning
 * either way: the confirm and close actions write them.
 */
export async function contactResults(db: DbOrTx, lang: Lang): Promise<ContactResultChoice[]> {
  const items = await db.select({ value: dictItem.value, label: dictLabelSql(lang) }).from(dictItem)
    .where(and(eq(dictItem.dictName, CONTACT_RESULT_DICT), eq(dictItem.enabled, true)))
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
  if (items.length) return items;
  return DEFAULT_CONTACT_RESULTS.map((value) => ({ value, label: translate(lang, `option.withdrawal_contact_result.${value}`) }));
}

/** Refuses a result outside the dictionary (40000 on the `result` field). */
export async function assertContactResult(db: DbOrTx, lang: Lang, value: string): Promise<void> {
  const allowed = await contactResults(db, lang);
  if (allowed.some((r) => r.value === value)) return;
  throw new AppError(CODE.VALIDATION, 'withdrawal.resultUnknown', { value }, 200, [{ path: 'result', id: 'withdrawal.resultUnknown', values: { value } }]);
}
