import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { externalCall } from './collection.table';
import type { SoftphoneSetting } from '../../../schemas/collectionSetup';

/**
 * The softphone of a call (spec §7 call info): `softphoneLink(config | null, phone)` builds the link (no setting:
 * `sip:{phone}`; sip: `sip:{phone}@domain`; url: the template with {phone}; only_no: without the country prefix). It
 * lives in src/schemas/collectionSetup.ts so that the console's call dialog and /sip page build the same link; the
 * server (the collector's workbench) imports it from here.
 */
export { dialNumber, softphoneConfigOf, softphoneLink, softphoneLinkText, type SoftphoneConfig } from '../../../schemas/collectionSetup';

export type ExternalCallRow = typeof externalCall.$inferSelect;

export const settingView = (r: ExternalCallRow): SoftphoneSetting => ({
  id: r.id, name: r.name, type: r.type as SoftphoneSetting['type'], url: r.url, a_text: r.aText, only_no: r.onlyNo, sip_text: r.sipText, merchant_id: r.merchantId,
});

/**
 * The setting a call of `merchantId` uses: the merchant's first enabled one (by sort, then id), else the first
 * enabled global one (no merchant); null when there is none (the link is then `sip:{phone}`). `configId` picks a
 * setting explicitly (only one the merchant may use).
 */
export async function softphoneFor(db: DbOrTx, merchantId: number | null, configId?: number): Promise<ExternalCallRow | null> {
  const usable = and(eq(externalCall.enabled, true), merchantId === null ? isNull(externalCall.merchantId) : or(isNull(externalCall.merchantId), eq(externalCall.merchantId, merchantId)));
  const [row] = await db.select().from(externalCall)
    .where(configId === undefined ? usable : and(usable, eq(externalCall.id, configId)))
    .orderBy(sql`(CASE WHEN ${externalCall.merchantId} IS NULL THEN 1 ELSE 0 END)`, asc(externalCall.sort), asc(externalCall.id))
    .limit(1);
  return row ?? null;
}
