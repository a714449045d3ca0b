import { describe, expect, it } from 'vitest';
import { PALETTE_HOTKEY, hotkeyCaps } from './keys';

describe('hotkeyCaps', () => {
  it('pc', () => {
    expect(hotkeyCaps('shift+l', false)).toEqual(['Shift', 'L']);
    expect(hotkeyCaps('alt+t', false)).toEqual(['Alt', 'T']);
    expect(hotkeyCaps(PALETTE_HOTKEY, false)).toEqual(['Ctrl', 'K']);
    expect(hotkeyCaps('n', false)).toEqual(['N']);
  });
  it('mac', () => {
    expect(hotkeyCaps(PALETTE_HOTKEY, true)).toEqual(['⌘', 'K']);
    expect(hotkeyCaps('shift+l', true)).toEqual(['⇧', 'L']);
    expect(hotkeyCaps('ctrl+s', true)).toEqual(['⌃', 'S']);
  });
});
