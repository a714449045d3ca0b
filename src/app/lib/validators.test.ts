import { describe, expect, it } from 'vitest';
import { isExternal, isHttpUrl, isMobile } from './validators';

describe('isMobile', () => {
  it('accepts mainland-style numbers', () => {
    for (const v of ['13800138000', '19912345678', '+8613800138000', '138 0013 8000']) expect(isMobile(v)).toBe(true);
  });
  it('rejects others', () => {
    for (const v of ['12800138000', '1380013800', '138001380001', 'abc', '', null, undefined]) expect(isMobile(v as string)).toBe(false);
  });
});

describe('isExternal', () => {
  it('http, https, mailto, tel', () => {
    for (const v of ['http://a.b', 'https://a.b/c', 'mailto:x@y.z', 'tel:+123', 'HTTPS://X']) expect(isExternal(v)).toBe(true);
    for (const v of ['/dashboard', 'ftp://x', 'javascript:alert(1)', '', undefined]) expect(isExternal(v)).toBe(false);
  });
  it('isHttpUrl', () => {
    expect(isHttpUrl('https://example.com/x')).toBe(true);
    expect(isHttpUrl('mailto:x@y')).toBe(false);
    expect(isHttpUrl('nope')).toBe(false);
  });
});
