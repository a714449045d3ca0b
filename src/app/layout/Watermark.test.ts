import { describe, expect, it } from 'vitest';
import { businessLines } from './Watermark';

describe('watermark lines', () => {
  it('replaces the browser date with the business date in the market zone once known', () => {
    expect(businessLines(['Saigon Credit', 'Quan', '2026-03-01'], '2026-03-02 (Asia/Ho_Chi_Minh)')).toEqual(['Saigon Credit', 'Quan', '2026-03-02 (Asia/Ho_Chi_Minh)']);
    expect(businessLines(['Saigon Credit', 'Quan', '2026-03-01'], null)).toEqual(['Saigon Credit', 'Quan', '2026-03-01']);
    // No date line to replace: nothing is dropped.
    expect(businessLines(['Saigon Credit', 'Quan'], '2026-03-02 (Asia/Ho_Chi_Minh)')).toEqual(['Saigon Credit', 'Quan']);
  });
});
