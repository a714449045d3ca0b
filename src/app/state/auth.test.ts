import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../schemas/auth';
import { needsGoogleBinding } from './auth';
import { sidebarWidth } from './layout';
import { sipNumber } from '../pages/sip';

const user = (over: Partial<UserInfo>) => ({ google_bound: false, google_skip_until: null, ...over }) as UserInfo;
const now = Date.parse('2026-01-10T00:00:00Z');

describe('needsGoogleBinding', () => {
  it('asks an unbound account whose skip is unset or past', () => {
    expect(needsGoogleBinding(user({}), now)).toBe(true);
    expect(needsGoogleBinding(user({ google_skip_until: '2026-01-09T23:59:59Z' }), now)).toBe(true);
  });
  it('does not ask while the 7-day skip runs, nor a bound account', () => {
    expect(needsGoogleBinding(user({ google_skip_until: '2026-01-15T00:00:00Z' }), now)).toBe(false);
    expect(needsGoogleBinding(user({ google_bound: true }), now)).toBe(false);
  });
});

describe('shell constants', () => {
  it('sidebar is 220 px for Chinese, 240 px otherwise (spec §9)', () => {
    expect(sidebarWidth('zh')).toBe(220);
    expect(sidebarWidth('zhTW')).toBe(220);
    expect(sidebarWidth('vi')).toBe(240);
    expect(sidebarWidth('ArEg')).toBe(240);
  });
  it('accepts only dialable numbers for sip:', () => {
    expect(sipNumber('+84 912-345-678')).toBe('+84912345678');
    expect(sipNumber('(028) 3822 1234')).toBe('02838221234');
    expect(sipNumber('javascript:alert(1)')).toBe('');
    expect(sipNumber(null)).toBe('');
  });
});
