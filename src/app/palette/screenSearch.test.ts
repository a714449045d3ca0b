import { describe, expect, it } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import arEg from '../../../locales/ArEg.json';
import en from '../../../locales/en.json';
import zh from '../../../locales/zh.json';
import { MATCH_LIMIT } from './match';
import { searchScreens } from './screenSearch';

const tr = (cat: Record<string, string>) => (id: string) => cat[id] ?? id;
const enT = tr(en as Record<string, string>);
const ids = (q: string, nodes = [SUPER_KEY], t = enT) => searchScreens(q, nodes, t).map((h) => h.cmd.id);

describe('searchScreens (top-bar function search)', () => {
  it('returns nothing for empty input', () => {
    expect(searchScreens('', [SUPER_KEY], enT)).toEqual([]);
    expect(searchScreens('   ', [SUPER_KEY], enT)).toEqual([]);
  });

  it('lists close title matches with their group, closest first', () => {
    expect(searchScreens('dictio', [SUPER_KEY], enT).map((h) => h.label)).toEqual(['System › Dictionary', 'Customers › Customer dictionary']);
    expect(ids('cust')[0]).toBe('client.clientUser');
    expect(ids('cust').length).toBeLessThanOrEqual(MATCH_LIMIT);
    expect(ids('ictio')).toEqual([]);
  });

  it('includes searchable hidden screens but never screens the session can not see', () => {
    expect(ids('google', ['log_admin_login'])).toEqual(['auth.googleValidator']);
    expect(ids('accounts', ['log_admin_login'])).toEqual([]);
  });

  it('works in the user language', () => {
    expect(ids('字典', [SUPER_KEY], tr(zh as Record<string, string>)).sort()).toEqual(['client.clientDict', 'system.dict']);
    expect(ids('عملاء', [SUPER_KEY], tr(arEg as Record<string, string>))).toContain('client.clientUser');
  });
});
