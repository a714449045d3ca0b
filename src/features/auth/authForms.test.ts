import { describe, expect, it } from 'vitest';
import type { MerchantOption } from '../../schemas/merchant';
import { merchantNames } from './AccountInfo';
import { cleanCode, groupSecret, skipActive } from './googleFlow';
import { EMPTY_PASSWORD, checkPassword } from './passwordForm';

describe('change password checks', () => {
  it('asks for every field', () => {
    const e = checkPassword(EMPTY_PASSWORD);
    expect(Object.keys(e).sort()).toEqual(['confirm', 'new_pwd', 'old_pwd']);
    expect(e.old_pwd.id).toBe('validation.required');
  });

  it('applies the server length rule and the confirmation', () => {
    expect(checkPassword({ old_pwd: 'a', new_pwd: '123', confirm: '123' }).new_pwd).toMatchObject({ id: 'validation.tooShort', values: { min: 6 } });
    expect(checkPassword({ old_pwd: 'a', new_pwd: 'secret12', confirm: 'secret13' })).toEqual({
      confirm: { path: 'confirm', id: 'auth.personal.pwdMismatch', values: {} },
    });
    expect(checkPassword({ old_pwd: 'secret12', new_pwd: 'secret12', confirm: 'secret12' }).new_pwd.id).toBe('auth.personal.pwdSame');
    expect(checkPassword({ old_pwd: 'old', new_pwd: 'secret12', confirm: 'secret12' })).toEqual({});
  });
});

describe('Google helpers', () => {
  it('groups the key and keeps only 6 digits of a code', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(cleanCode(' 12a3-4567 ')).toBe('123456');
  });

  it('knows whether the skip is in force', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(skipActive('2026-01-02T00:00:00Z', now)).toBe(true);
    expect(skipActive('2025-12-31T00:00:00Z', now)).toBe(false);
    expect(skipActive(null, now)).toBe(false);
  });
});

describe('merchant names', () => {
  const options: MerchantOption[] = [{ id: 1, name: 'Saigon Credit', code: 'M1', parent_id: null }];
  it('names authorised merchants; none means all', () => {
    expect(merchantNames([], options)).toBe('all');
    expect(merchantNames([1, 9], options)).toEqual(['Saigon Credit', '#9']);
  });
});
