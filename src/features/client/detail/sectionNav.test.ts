// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_SECTIONS } from '../../../schemas/customer';
import { currentSection, loadCollapsed, parseDetailParams, saveCollapsed, sectionKeyStep, stepSection } from './sectionNav';

describe('section navigation', () => {
  const tops = [{ id: 'user' as const, top: -400 }, { id: 'company' as const, top: 60 }, { id: 'emergency' as const, top: 300 }];

  it('takes the last section whose top passed the line under the header, else the first', () => {
    expect(currentSection(tops, 100)).toBe('company');
    expect(currentSection(tops, 50)).toBe('user');
    expect(currentSection([{ id: 'user', top: 500 }], 100)).toBe('user');
    expect(currentSection([], 100)).toBeNull();
  });

  it('steps to the next and previous section, clamped at the ends', () => {
    expect(stepSection(DETAIL_SECTIONS, 'user', 1)).toBe('company');
    expect(stepSection(DETAIL_SECTIONS, 'company', -1)).toBe('user');
    expect(stepSection(DETAIL_SECTIONS, 'user', -1)).toBe('user');
    expect(stepSection(DETAIL_SECTIONS, 'comments', 1)).toBe('comments');
    expect(stepSection(DETAIL_SECTIONS, null, 1)).toBe('user');
    expect(stepSection(DETAIL_SECTIONS, null, -1)).toBe('comments');
  });

  it('reads [ and ] without modifiers only', () => {
    const k = (key: string, mods: Partial<KeyboardEvent> = {}) => sectionKeyStep({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(k(']')).toBe(1);
    expect(k('[')).toBe(-1);
    expect(k(']', { ctrlKey: true })).toBe(0);
    expect(k('[', { altKey: true })).toBe(0);
    expect(k('j')).toBe(0);
  });
});

describe('collapsed sections', () => {
  afterEach(() => localStorage.clear());

  it('are remembered, and unknown names in storage are ignored', () => {
    saveCollapsed(new Set(['sms', 'contacts']));
    expect([...loadCollapsed()].sort()).toEqual(['contacts', 'sms']);
    localStorage.setItem('customerDetail.collapsed', '["sms","nope",3]');
    expect([...loadCollapsed()]).toEqual(['sms']);
    localStorage.setItem('customerDetail.collapsed', '{broken');
    expect(loadCollapsed().size).toBe(0);
  });
});

describe('detail route query (spec §2)', () => {
  it('reads orderDetails: client, name, phone', () => {
    expect(parseDetailParams('?client=42&name=Nguyen%20Van%20A&phone=0912345678')).toEqual({
      customerId: 42, name: 'Nguyen Van A', phone: '0912345678', orderId: null, type: '', tags: '',
    });
  });

  it('reads reviewDetails: customer_id, optional id, type, tags, phone', () => {
    expect(parseDetailParams('customer_id=7&id=900&type=first&tags=vip,new&phone=1')).toEqual({
      customerId: 7, name: '', phone: '1', orderId: 900, type: 'first', tags: 'vip,new',
    });
  });

  it('refuses ids that are not positive integers', () => {
    for (const q of ['client=abc', 'client=-3', 'client=0', 'client=1.5', 'client=1e3', '']) expect(parseDetailParams(q).customerId, q).toBeNull();
  });
});
