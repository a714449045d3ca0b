import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { LANGS, LANG_BY_CODE } from '../../../schemas/i18n';
import { seededDictKeys } from '../../seed/dictLabels';
import { dictLabelSql } from './dictLabel';
import { dictItem } from './system.table';

const OK = 20000;
const lang = (code: keyof typeof LANG_BY_CODE) => ({ 'lang-code': String(LANG_BY_CODE[code].id) });

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('dictionary labels per language', () => {
  it('seeds every demo dictionary item in all 7 languages', async () => {
    const rows = await t.db.select().from(dictItem);
    expect(rows.length).toBe(seededDictKeys().length);
    for (const r of rows) {
      expect(Object.keys(r.labels).sort(), `${r.dictName}/${r.value}`).toEqual(LANGS.map((l) => l.code).sort());
      expect(Object.values(r.labels).every((v) => v.trim().length > 0)).toBe(true);
    }
  });

  it('serves the label in the caller language, keeping the stored base label', async () => {
    const ar = await t.get(admin, '/loanapi/dict/detail_on_list', { dict_name: 'gender' }, lang('ArEg'));
    expect(ar.code).toBe(OK);
    expect(ar.data.rows.map((r: any) => r.label)).toEqual(['ذكر', 'أنثى']);
    expect(ar.data.rows[0]).toMatchObject({ base_label: 'Male', labels: { ThA: 'ชาย', zh: '男' } });
    const th = await t.get(admin, '/loanapi/dict/by_code', { code: 'marital_status' }, lang('ThA'));
    expect(th.data.rows[1]).toMatchObject({ value: '2', label: 'สมรส' });
    const en = await t.get(admin, '/loanapi/dict/detail_on_list', { dict_name: 'gender' }, lang('en'));
    expect(en.data.rows[0].label).toBe('Male');
  });

  it('saves labels per language and falls back to the base label for a language left blank', async () => {
    const add = await t.post(admin, '/loanapi/dict/detail_add', {
      dict_name: 'channel_kind', value: 'web', label: 'Website', labels: { vi: ' Trang web ', zh: '网站', ThA: '  ' },
    });
    expect(add.code).toBe(OK);
    expect(add.data.labels).toEqual({ vi: 'Trang web', zh: '网站' });
    const vi = await t.get(admin, '/loanapi/dict/detail_on_list', { dict_name: 'channel_kind' }, lang('vi'));
    expect(vi.data.rows[0].label).toBe('Trang web');
    const th = await t.get(admin, '/loanapi/dict/detail_on_list', { dict_name: 'channel_kind' }, lang('ThA'));
    expect(th.data.rows[0].label).toBe('Website');

    const edit = await t.post(admin, '/loanapi/dict/detail_edit', {
      id: add.data.id, dict_name: 'channel_kind', value: 'web', label: 'Web site', labels: { ThA: 'เว็บไซต์' },
    });
    expect(edit.code).toBe(OK);
    const [row] = await t.db.select().from(dictItem).where(eq(dictItem.id, add.data.id));
    // An edit sends the whole set: a language not sent any more loses its label.
    expect(row.labels).toEqual({ ThA: 'เว็บไซต์' });
    const zh = await t.get(admin, '/loanapi/dict/detail_on_list', { dict_name: 'channel_kind' }, lang('zh'));
    expect(zh.data.rows[0].label).toBe('Web site');
  });

  it('refuses a label for a language that does not exist', async () => {
    const res = await t.post(admin, '/loanapi/dict/detail_add', { dict_name: 'gender', value: '9', label: 'X', labels: { fr: 'Autre' } });
    expect(res.code).toBe(40000);
    expect(await t.db.select().from(dictItem).where(and(eq(dictItem.dictName, 'gender'), eq(dictItem.value, '9')))).toHaveLength(0);
  });

  it('gives the same choice in SQL for queries that join dictionary labels', async () => {
    const rows = await t.db.select({ value: dictItem.value, label: dictLabelSql(LANG_BY_CODE.ArEg) }).from(dictItem)
      .where(eq(dictItem.dictName, 'reject_reason')).orderBy(asc(dictItem.sort));
    expect(rows[0]).toEqual({ value: '1', label: 'مستندات غير مكتملة' });
    const base = await t.db.select({ label: dictLabelSql(LANG_BY_CODE.ThA) }).from(dictItem).where(eq(dictItem.dictName, 'channel_kind'));
    expect(base[0].label).toBe('เว็บไซต์');
  });
});

describe('business clock', () => {
  it('answers the market zone and business date of the caller', async () => {
    const res = await t.get(admin, '/loanapi/system/clock');
    expect(res.code).toBe(OK);
    expect(res.data.time_zone).toBe('Asia/Ho_Chi_Minh');
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.clock.now);
    expect(res.data.business_date).toBe(expected);
    expect(Date.parse(res.data.system_now)).toBe(t.clock.now.getTime());
  });

  it('is refused without a session', async () => {
    const res = await t.get(null, '/loanapi/system/clock');
    expect(res.code).not.toBe(OK);
  });
});
