import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { DEVTOOL_API, type MerchantTreeRow } from '../../../schemas/devtool';
import { adminAccount } from '../empower/empower.table';
import { merchant } from '../merchant/merchant.table';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const [other] = await t.db.insert(merchant).values({ code: 'TDT-OTHER', name: 'Other Lender', currency: 'THB', market: 'th' }).returning();
  await t.db.insert(merchant).values({ code: 'TDT-OTHER-01', name: 'Other Sub', parentId: other.id, currency: 'THB', market: 'th' });
  ids = Object.fromEntries((await t.db.select().from(merchant)).map((m) => [m.code, m.id]));
});
afterAll(() => t.close());

describe('GET /loanapi/devtool/merchant_tree', () => {
  it('answers every merchant with its parent to the administrator', async () => {
    const res = await t.get<MerchantTreeRow[]>(await t.login('admin'), DEVTOOL_API.merchantTree);
    expect(res.code).toBe(20000);
    const byCode = new Map(res.data.map((r) => [r.code, r]));
    expect(byCode.get('M001')!.parent_id).toBeNull();
    expect(byCode.get('M001-01')!.parent_id).toBe(ids.M001);
    expect(byCode.get('TDT-OTHER-01')!.parent_id).toBe(ids['TDT-OTHER']);
  });

  it('scopes the supervisor to its merchants, and shows a sub-merchant without its out-of-scope parent as a root', async () => {
    const sup = await t.login('supervisor');
    const res = await t.get<MerchantTreeRow[]>(sup, DEVTOOL_API.merchantTree);
    expect(res.data.map((r) => r.code).sort()).toEqual(['M001', 'M001-01']);
    await t.db.update(adminAccount).set({ merchantIds: [ids['TDT-OTHER-01']] }).where(eq(adminAccount.account, 'supervisor'));
    const only = await t.get<MerchantTreeRow[]>(await t.login('supervisor'), DEVTOOL_API.merchantTree);
    expect(only.data).toEqual([expect.objectContaining({ code: 'TDT-OTHER-01', parent_id: null })]);
    await t.db.update(adminAccount).set({ merchantIds: [] }).where(eq(adminAccount.account, 'supervisor'));
    expect((await t.get(await t.login('supervisor'), DEVTOOL_API.merchantTree)).data).toEqual([]);
  });

  it('refuses accounts without the page (40300)', async () => {
    expect((await t.get(await t.login('reviewer1'), DEVTOOL_API.merchantTree)).code).toBe(40300);
  });
});
