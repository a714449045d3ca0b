import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { operationLog } from '../log/log.table';
import { merchant } from '../merchant/merchant.table';
import { appCall, intakeWorld, type IntakeWorld } from './intake.fixtures';
import { merchantAppKey } from './intake.table';
import { openSecret } from './secrets';
import { demoApp } from './seedApps';

let t: TestApp;
let w: IntakeWorld;
let staff: string;
let other: typeof merchant.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  [other] = await t.db.insert(merchant).values({ code: 'KEYS-X', name: 'Other Lender', currency: 'THB', market: 'th' }).returning();
  w = await intakeWorld(t);
  staff = await t.login('merchant');
}, 60_000);
afterAll(() => t?.close());

const products = (app: { appKey: string; secret: string }) => appCall(t, app, 'GET', '/loanapi/app/products');

describe('merchant app keys (/merchant/account)', () => {
  it('creates a key whose secret is shown once, stored sealed, and signs requests at once', async () => {
    const r = await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: w.main.id, name: 'Android app' });
    expect(r.code, r.msg).toBe(20000);
    const { row, secret } = r.data;
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({ merchant_id: w.main.id, merchant_code: 'M001', name: 'Android app', platform: false, status: 'enabled', secret_hint: secret.slice(-4) });
    expect(row).not.toHaveProperty('secret');
    const [stored] = await t.db.select().from(merchantAppKey).where(eq(merchantAppKey.id, row.id));
    expect(stored.secretSealed).not.toContain(secret.slice(3));
    expect(await openSecret(t.db, stored.secretSealed)).toBe(secret);
    expect((await products({ appKey: row.app_key, secret })).code).toBe(20000);
    const list = await t.get(staff, '/loanapi/merchant_app/list', { keyword: 'Android' });
    expect(list.data.rows).toHaveLength(1);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'merchant_app.add'));
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it('refuses a platform key for a sub-merchant, and a one-letter name', async () => {
    const r = await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: w.sub.id, name: 'Hanoi platform', platform: true });
    expect([r.code, r.data.issues[0].path, r.data.issues[0].id]).toEqual([40000, 'platform', 'intake.platformNeedsMain']);
    expect((await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: w.sub.id, name: 'x' })).code).toBe(40000);
    const platform = await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: w.main.id, name: 'Platform app', platform: true });
    expect(platform.data.row.platform).toBe(true);
  });

  it('rotates: the new secret works at once, the old one for the grace period only', async () => {
    const created = (await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: w.sub.id, name: 'iOS app' })).data;
    const rotated = await t.post(staff, '/loanapi/merchant_app/rotate', { id: created.row.id });
    expect(rotated.code, rotated.msg).toBe(20000);
    expect(rotated.data.secret).not.toBe(created.secret);
    expect(rotated.data.row.prev_valid_until).not.toBeNull();
    const app = created.row.app_key as string;
    expect((await products({ appKey: app, secret: rotated.data.secret })).code).toBe(20000);
    expect((await products({ appKey: app, secret: created.secret })).code).toBe(20000);
    t.clock.advance(25 * 3_600_000);
    try {
      const late = await products({ appKey: app, secret: created.secret });
      expect([late.code, late.data.issues[0].id]).toEqual([40100, 'intake.auth.badSignature']);
      expect((await products({ appKey: app, secret: rotated.data.secret })).code).toBe(20000);
    } finally {
      t.clock.advance(-25 * 3_600_000);
    }
  });

  it('disables for good: the key stops working, and cannot be disabled or rotated again (42200)', async () => {
    const created = (await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: w.main.id, name: 'Old H5 page' })).data;
    const off = await t.post(staff, '/loanapi/merchant_app/disable', { id: created.row.id });
    expect(off.data).toMatchObject({ status: 'disabled' });
    expect(off.data.disabled_at).not.toBeNull();
    expect((await products({ appKey: created.row.app_key, secret: created.secret })).code).toBe(40100);
    expect((await t.post(staff, '/loanapi/merchant_app/disable', { id: created.row.id })).code).toBe(42200);
    expect((await t.post(staff, '/loanapi/merchant_app/rotate', { id: created.row.id })).code).toBe(42200);
    const actions = (await t.db.select().from(operationLog).where(eq(operationLog.targetId, String(created.row.id)))).map((l) => l.action);
    expect(actions).toEqual(['merchant_app.add', 'merchant_app.disable']);
  });

  it('keeps each account to its merchants (40400) and its actions (40300)', async () => {
    const admin = await t.login('admin');
    const theirs = (await t.post(admin, '/loanapi/merchant_app/add', { merchant_id: other.id, name: 'Their app' })).data;
    expect((await t.post(staff, '/loanapi/merchant_app/add', { merchant_id: other.id, name: 'Mine now' })).code).toBe(40400);
    expect((await t.post(staff, '/loanapi/merchant_app/rotate', { id: theirs.row.id })).code).toBe(40400);
    expect((await t.post(staff, '/loanapi/merchant_app/disable', { id: theirs.row.id })).code).toBe(40400);
    const mine = await t.get(staff, '/loanapi/merchant_app/list', { size: 500 });
    expect(mine.data.rows.every((r: any) => [w.main.id, w.sub.id].includes(r.merchant_id))).toBe(true);
    expect(mine.data.rows.map((r: any) => r.app_key)).toContain(demoApp('M001').appKey);
    expect((await t.get(admin, '/loanapi/merchant_app/list', { merchant_id: other.id })).data.rows.map((r: any) => r.id)).toContain(theirs.row.id);

    const reviewer = await t.login('reviewer1');
    expect((await t.get(reviewer, '/loanapi/merchant_app/list')).code).toBe(40300);
    expect((await t.post(reviewer, '/loanapi/merchant_app/add', { merchant_id: w.main.id, name: 'Sneaky' })).code).toBe(40300);
    const sub = await t.login('submerchant');
    expect((await t.post(sub, '/loanapi/merchant_app/rotate', { id: theirs.row.id })).code).toBe(40300);
  });
});
