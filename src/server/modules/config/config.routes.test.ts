import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { CONFIG_API } from '../../../schemas/config';
import { operationLog } from '../log/log.table';
import { checkSecureKey } from '../payment/secureKey';
import { configHistory, configSetting, quickReply } from './config.table';
import { seedConfigDemo } from './demo';
import { setting } from './settings';

/**
 * The config area over HTTP: settings typed and bounded (bad input writes nothing), history, secrets sealed and never
 * returned, `setting()` with its cache cleared on edit, permissions; quick replies: add / edit / delete, filters, the
 * replies of a purpose in the caller's language.
 */
let t: TestApp;
let admin: string;
let op: string;
let colsup: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, op, colsup] = await Promise.all([t.login('admin'), t.login('merchant'), t.login('colsupervisor')]);
  await seedConfigDemo(t.db);
  await seedConfigDemo(t.db); // idempotent
}, 90_000);
afterAll(() => t?.close());

const views = async (token = admin) => (await t.get(token, CONFIG_API.list)).data as Array<Record<string, unknown>>;
const historyCount = async () => (await t.db.select({ n: count() }).from(configHistory))[0].n;

describe('system settings', () => {
  it('lists every setting with its value in force; demo changed two with history', async () => {
    const v = await views();
    const gps = v.find((s) => s.key === 'gps_range_meters')!;
    expect(gps).toMatchObject({ type: 'int', value: 300, default: 500, changed: true, min: 10, unit: 'm' });
    expect(v.find((s) => s.key === 'continuous_online_limit_minutes')).toMatchObject({ value: 240 });
    expect(v.find((s) => s.key === 'gps_required')).toMatchObject({ value: true, changed: false });
    expect(await setting(t.db, 'gps_range_meters')).toBe(300);
    const h = await t.get(admin, CONFIG_API.history, { key: 'gps_range_meters' });
    expect(h.data.rows[0]).toMatchObject({ old_value: '500', new_value: '300' });
  });

  it('edits by type and range; bad input writes nothing and says what is wrong', async () => {
    const before = await historyCount();
    for (const [key, value, id] of [
      ['gps_range_meters', '5', 'config.error.range'], ['gps_range_meters', '12.5', 'config.error.notInt'], ['gps_range_meters', 'abc', 'config.error.notInt'],
      ['max_daily_interest_percent', '0.123456', 'config.error.scale'], ['gps_required', 'maybe', 'config.error.notBool'],
      ['login_captcha', 'sometimes', 'config.error.notAllowed'], ['support_hotline', 'x'.repeat(41), 'config.error.tooLong'],
      ['callback_signing_secret', 'short', 'config.error.secretLength'], ['gps_range_meters', '30\u0000', 'validation.invalidFormat'], ['support_hotline', 'a\u0007b', 'validation.invalidFormat'],
    ] as const) {
      const r = await t.post(admin, CONFIG_API.edit, { key, value });
      expect(r.code, `${key}=${value}`).toBe(40000);
      // A NUL byte is refused by the input guard before the route (no field issue); the others name the field.
      if (!value.includes('\u0000')) expect(r.data?.issues?.[0], `${key}=${value}`).toMatchObject({ path: 'value', id });
    }
    expect((await t.post(admin, CONFIG_API.edit, { key: 'no_such_key', value: '1' })).code).toBe(40000);
    expect(await historyCount()).toBe(before);

    const ok = await t.post(admin, CONFIG_API.edit, { key: 'gps_range_meters', value: ' 750 ' });
    expect(ok.code).toBe(20000);
    expect(ok.data).toMatchObject({ value: 750, changed: true });
    expect(await setting(t.db, 'gps_range_meters')).toBe(750); // cache cleared by the edit
    const [last] = await t.db.select().from(configHistory).orderBy(desc(configHistory.id)).limit(1);
    expect(last).toMatchObject({ key: 'gps_range_meters', oldValue: '300', newValue: '750', secret: false });
    expect((await t.post(admin, CONFIG_API.edit, { key: 'gps_required', value: 'false' })).data.value).toBe(false);
    expect(await setting(t.db, 'gps_required')).toBe(false);
    expect((await t.post(admin, CONFIG_API.edit, { key: 'max_daily_interest_percent', value: '0.25' })).data.value).toBe(0.25);
  });

  it('seals secrets, shows only set and last 4, records the change without values, needs the current one to change', async () => {
    const secret = 'cb-secret-0123456789-WXYZ';
    const r = await t.post(admin, CONFIG_API.edit, { key: 'callback_signing_secret', value: secret });
    expect(r.code).toBe(20000);
    expect(JSON.stringify(r)).not.toContain(secret);
    expect(r.data).toMatchObject({ is_set: true, hint: 'WXYZ', value: null });
    const [row] = await t.db.select().from(configSetting).where(eq(configSetting.key, 'callback_signing_secret'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await setting(t.db, 'callback_signing_secret')).toBe(secret);
    const [h] = await t.db.select().from(configHistory).orderBy(desc(configHistory.id)).limit(1);
    expect(h).toMatchObject({ secret: true, oldValue: null, newValue: null });
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'config.edit')).orderBy(desc(operationLog.id)).limit(1);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(JSON.stringify(await views())).not.toContain(secret);
  });

  it('sets the secure operation key through the payment module (one-way hash)', async () => {
    const r = await t.post(admin, CONFIG_API.edit, { key: 'secure_operation_key', value: 'op-key-9876' });
    expect(r.code).toBe(20000);
    expect(r.data).toMatchObject({ is_set: true, hint: '9876' });
    await expect(checkSecureKey(t.db, 'op-key-9876')).resolves.toBeUndefined();
    expect(JSON.stringify(await t.db.select().from(configSetting))).not.toContain('op-key-9876');
  });

  it('only the administrator edits; the list needs the page', async () => {
    const before = await historyCount();
    expect((await t.post(op, CONFIG_API.edit, { key: 'gps_range_meters', value: '900' })).code).toBe(40300);
    expect((await t.post(colsup, CONFIG_API.edit, { key: 'gps_range_meters', value: '900' })).code).toBe(40300);
    expect((await t.get(op, CONFIG_API.list)).code).toBe(40300);
    expect(await historyCount()).toBe(before);
  });
});

describe('quick replies', () => {
  it('adds, edits, deletes with validation; the collection supervisor may, a merchant operator may not', async () => {
    const body = { purpose: 'collection', language: 'vi', title: 'Hẹn gọi lại', content: 'Em sẽ gọi lại cho anh/chị lúc 15:00.\nCảm ơn.' };
    expect((await t.post(op, CONFIG_API.quickAdd, body)).code).toBe(40300);
    const n0 = (await t.db.select({ n: count() }).from(quickReply))[0].n;
    for (const bad of [{ ...body, purpose: 'spam' }, { ...body, language: 'fr' }, { ...body, title: '' }, { ...body, content: 'x'.repeat(1001) },
      { ...body, title: 'a\u0000b' }, { ...body, content: 'bell\u0007' }]) {
      expect((await t.post(colsup, CONFIG_API.quickAdd, bad)).code, JSON.stringify(bad).slice(0, 80)).toBe(40000);
    }
    expect((await t.db.select({ n: count() }).from(quickReply))[0].n).toBe(n0);
    const added = await t.post(colsup, CONFIG_API.quickAdd, body);
    expect(added.code).toBe(20000);
    const id = added.data.id as number;
    const list = await t.get(colsup, CONFIG_API.quickList, { purpose: 'collection', language: 'vi', keyword: 'gọi lại' });
    expect(list.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    const edited = await t.post(colsup, CONFIG_API.quickEdit, { ...body, id, title: 'Gọi lại sau' });
    expect(edited.data.title).toBe('Gọi lại sau');
    expect((await t.post(colsup, CONFIG_API.quickEdit, { ...body, id: 99_999_999 })).code).toBe(40400);
    expect((await t.post(colsup, CONFIG_API.quickDel, { id })).code).toBe(20000);
    expect((await t.post(colsup, CONFIG_API.quickDel, { id })).code).toBe(40400);
  });

  it('returns the replies of a purpose in the caller language first, to any signed-in account', async () => {
    const r = await t.get(op, CONFIG_API.quickFor, { purpose: 'note', language: 'vi' });
    expect(r.code).toBe(20000);
    expect(r.data.length).toBeGreaterThanOrEqual(3);
    expect(r.data[0].language).toBe('vi');
    expect(r.data.every((x: { purpose: string }) => x.purpose === 'note')).toBe(true);
    expect((await t.get(op, CONFIG_API.quickFor, { purpose: 'bogus' })).code).toBe(40000);
    expect((await t.get(null, CONFIG_API.quickFor, { purpose: 'note' })).code).not.toBe(20000);
  });
});
