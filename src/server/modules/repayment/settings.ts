import { eq } from 'drizzle-orm';
import { DEFAULT_DEBT_SETTINGS, debtSettingsBody, type DebtSettings } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import { debtSetting } from './repayment.table';

/** A merchant's debt settings (/merchant/DebtSettings), the defaults where it saved none (or an old shape). */
export async function debtSettings(db: DbOrTx, merchantId: number): Promise<DebtSettings> {
  const [row] = await db.select({ settings: debtSetting.settings }).from(debtSetting).where(eq(debtSetting.merchantId, merchantId));
  if (!row) return DEFAULT_DEBT_SETTINGS;
  const parsed = debtSettingsBody.safeParse({ ...DEFAULT_DEBT_SETTINGS, ...(row.settings as object), merchant_id: merchantId });
  if (!parsed.success) return DEFAULT_DEBT_SETTINGS;
  const { merchant_id: _m, ...settings } = parsed.data;
  return settings;
}

export async function saveDebtSettings(db: DbOrTx, merchantId: number, settings: DebtSettings, accountId: number | null): Promise<void> {
  await db.insert(debtSetting).values({ merchantId, settings, updatedBy: accountId })
    .onConflictDoUpdate({ target: debtSetting.merchantId, set: { settings, updatedBy: accountId, updatedAt: new Date() } });
}
