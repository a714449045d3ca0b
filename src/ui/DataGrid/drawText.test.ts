import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitText, textDirection } from './drawText';
import { fitHeight } from './fitHeight';

// One unit per character: widths are lengths.
const measure = (s: string) => Array.from(s).length;

describe('fitText', () => {
  it('keeps a string that fits', () => {
    expect(fitText('LO2611', 6, measure)).toBe('LO2611');
  });
  it('keeps the start and ends in an ellipsis when it does not fit', () => {
    expect(fitText('Sanjay Agarwal', 8, measure)).toBe(`Sanjay${ELLIPSIS}`);
    expect(measure(fitText('Sanjay Agarwal', 8, measure))).toBeLessThanOrEqual(8);
  });
  it('cuts Arabic at its own (logical) end, never inside a surrogate pair', () => {
    expect(fitText('فاطمة طارق رمضان', 6, measure)).toBe(`فاطمة${ELLIPSIS}`);
    expect(fitText('𠀀𠀁𠀂𠀃', 3, measure)).toBe(`𠀀𠀁${ELLIPSIS}`);
  });
  it('gives nothing when not even the ellipsis fits', () => {
    expect(fitText('abc', 0, measure)).toBe('');
  });
});

describe('textDirection', () => {
  it('follows the first strong character', () => {
    expect(textDirection('فاطمة')).toBe('rtl');
    expect(textDirection('123 Lakshmi')).toBe('ltr');
    expect(textDirection('٠١٢ طارق')).toBe('rtl');
    expect(textDirection('01536045705')).toBe('ltr');
  });
});

describe('fitHeight', () => {
  it('ends the box at the window bottom less what the page keeps below it', () => {
    expect(fitHeight(900, 340, 18)).toBe(542);
  });
  it('never goes under the minimum', () => {
    expect(fitHeight(500, 340, 18)).toBe(360);
  });
});
