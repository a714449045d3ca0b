import type { SmsTaskType } from '../../../schemas/sms';
import type { DbOrTx } from '../../db/client';
import { makeShortLink } from '../shortLink/links';

/**
 * `{link}` in SMS: the short-link area's contract `makeShortLink` (docs/areas.md) makes the address on the domain its
 * LinkUseChannel assigns to the purpose; every click is logged there.
 */
export const TASK_LINK_PURPOSE: Record<SmsTaskType, string> = { marketing: 'marketing', notice: 'marketing', collection: 'collection', reminder: 'sms_reminder' };

export function shortLinkFor(db: DbOrTx, merchantId: number, purpose: string, longUrl: string): Promise<string> {
  return makeShortLink(db, { merchantId, purpose, longUrl });
}
