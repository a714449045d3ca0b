/**
 * Text drawing for the canvas grid: glide clips text at the cell's edge without an ellipsis, and lays every string
 * out left to right, so Latin text right-aligned in an Arabic grid lost its start. Here a string that does not fit
 * keeps its start and ends in '…' at the end of its own direction (the left end of Arabic text, the right end of
 * Latin text), whichever side of the cell it is aligned to.
 */
import type { DrawCellCallback, DrawHeaderCallback, Theme } from '@glideapps/glide-data-grid';

export const ELLIPSIS = '…';

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LTR_CHAR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0E00-\u0E7F\u0900-\u097F\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF]/;

/** The direction of a string by its first strong character (digits and punctuation are neutral): the Unicode rule P2. */
export function textDirection(s: string): 'ltr' | 'rtl' {
  for (const ch of s) {
    if (RTL_CHAR.test(ch)) return 'rtl';
    if (LTR_CHAR.test(ch)) return 'ltr';
  }
  return 'ltr';
}

/**
 * The longest start of `text` that fits in `max` px followed by '…' (the whole text when it fits; '' when not even
 * the ellipsis fits). Cuts between code points, never inside a surrogate pair.
 */
export function fitText(text: string, max: number, measure: (s: string) => number): string {
  if (measure(text) <= max) return text;
  if (measure(ELLIPSIS) > max) return '';
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length - 1;
  // Binary search for the longest prefix whose "prefix…" fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS) <= max) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/** Fitted strings by font, width and text: a frame redraws the same cells many times. */
const fitted = new Map<string, string>();
const FIT_CACHE_MAX = 5000;

function fitCached(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  const key = `${ctx.font}\u0001${Math.round(max)}\u0001${text}`;
  let s = fitted.get(key);
  if (s === undefined) {
    s = fitText(text, max, (t) => ctx.measureText(t).width);
    if (fitted.size >= FIT_CACHE_MAX) fitted.clear();
    fitted.set(key, s);
  }
  return s;
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Draws `text` in the box, aligned left or right inside `pad`, in its own direction, cut with '…' at its end. */
export function drawFittedText(ctx: CanvasRenderingContext2D, text: string, box: TextBox, align: 'left' | 'right', pad: number, font: string, color: string): void {
  if (!text) return;
  ctx.save();
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.direction = textDirection(text);
  ctx.textBaseline = 'middle';
  ctx.textAlign = align;
  const s = fitCached(ctx, text, Math.max(0, box.width - pad * 2));
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  ctx.fillText(s, align === 'left' ? box.x + pad : box.x + box.width - pad, box.y + box.height / 2 + 0.5);
  ctx.restore();
}

/** The hooks get glide's realised theme, which carries the full font strings its public type leaves out. */
function fontOf(theme: Theme, which: 'base' | 'header'): string {
  const full = theme as Theme & { baseFontFull?: string; headerFontFull?: string };
  return which === 'base' ? full.baseFontFull ?? `${theme.baseFontStyle} ${theme.fontFamily}` : full.headerFontFull ?? `${theme.headerFontStyle} ${theme.fontFamily}`;
}

/** glide's drawCell hook: text cells drawn fitted; bubbles, loading and other kinds as glide draws them. */
export const drawCell: DrawCellCallback = (args, drawContent) => {
  const { cell, ctx, rect, theme } = args;
  if (cell.kind !== 'text') {
    drawContent();
    return;
  }
  const align = cell.contentAlign === 'right' ? 'right' : 'left';
  drawFittedText(ctx, cell.displayData, rect, align, theme.cellHorizontalPadding, fontOf(theme, 'base'), theme.textDark);
};

/** glide's drawHeader hook for a grid without header icons or menus; `rtl` puts the titles on the right. */
export function makeDrawHeader(rtl: boolean): DrawHeaderCallback {
  return (args) => {
    const { ctx, column, rect, theme, isSelected } = args;
    const color = isSelected ? theme.textHeaderSelected : theme.textHeader;
    drawFittedText(ctx, column.title, rect, rtl ? 'right' : 'left', theme.cellHorizontalPadding, fontOf(theme, 'header'), color);
  };
}
