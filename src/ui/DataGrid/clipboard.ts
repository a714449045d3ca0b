import { toTsv } from './columns';

/** What Ctrl/Cmd+C copies, as tab-separated text (pastes into a spreadsheet as cells). */
export interface CopySource<R> {
  /** A rectangle dragged with the mouse (display columns × rows), when larger than one cell. */
  range?: { x: number; y: number; width: number; height: number } | null;
  /** Selected rows (display indices). */
  rows: readonly number[];
  cursor: number | null;
  col: number;
  colCount: number;
  getRow: (i: number) => R | undefined;
  /** A cell's text as shown, by display column. */
  text: (col: number, row: R) => string;
}

/**
 * The selection as TSV: a dragged rectangle; else the selected rows, every column; else the cursor cell. Rows
 * that are not loaded are left out. '' when there is nothing to copy.
 */
export function selectionTsv<R>(s: CopySource<R>): string {
  const lines: string[][] = [];
  const cols = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
  if (s.range && s.range.width * s.range.height > 1) {
    const cs = cols(Math.max(0, s.range.x), Math.min(s.colCount, s.range.x + s.range.width));
    for (let i = s.range.y; i < s.range.y + s.range.height; i++) {
      const row = s.getRow(i);
      if (row !== undefined) lines.push(cs.map((c) => s.text(c, row)));
    }
  } else if (s.rows.length) {
    const cs = cols(0, s.colCount);
    for (const i of [...s.rows].sort((a, b) => a - b)) {
      const row = s.getRow(i);
      if (row !== undefined) lines.push(cs.map((c) => s.text(c, row)));
    }
  } else if (s.cursor !== null && s.col >= 0 && s.col < s.colCount) {
    const row = s.getRow(s.cursor);
    if (row !== undefined) lines.push([s.text(s.col, row)]);
  }
  const out = toTsv(lines);
  return out.replace(/^[\t\n]+$/, '');
}
