import { hasAnyRole } from '../../../commands/permissions';
import { formatMoney, formatNumber } from '../../app/lib/format';
import { formatDate, formatTime } from '../../app/lib/time';

/**
 * Column declarations of the canvas grid (spec §3 "Table column definitions": an optional comma-separated
 * permission list and a mode, exist or not-exist, deciding visibility).
 */
export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'tag' | 'link';
export type PermissionMode = 'exist' | 'not-exist';

/** A row of a list: any object (interfaces of row types need no index signature). */
export type GridRow = object;
type AnyRow = Record<string, unknown>;

export interface GridColumnDef<R extends GridRow = AnyRow> {
  /** Field of the row (and the `sort` field when sortable). */
  key: string;
  /** Message id of the header. */
  title: string;
  /** Pixels; default by kind. */
  width?: number;
  /** Default 'text'. Money is in integer minor units (DESIGN §4). */
  kind?: ColumnKind;
  /** Comma-separated permission node keys; absent or empty: always shown. */
  permission?: string;
  /** exist (default): shown when the user holds any of them; not-exist: shown when the user holds none. */
  mode?: PermissionMode;
  /** The server may sort by this column (its whitelist); clicking the header sorts. */
  sortable?: boolean;
  /** Cell text (overrides the kind's formatting). */
  format?: (row: R) => string;
  /** Money: the row's ISO 4217 code: a field name of the row or a function; else the grid's `currencyOf`. */
  currency?: string | ((row: R) => string | undefined);
  /** Tag: the colour of the pill. */
  tagColor?: (row: R) => string | undefined;
  /** Link: called when the cell is clicked (e.g. open the customer detail); default the grid's `onOpen`. */
  onClick?: (row: R) => void;
}

/** Splits a spec permission string ('a, b,c') into keys. */
export function permissionList(permission: string | undefined | null): string[] {
  return (permission ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * Whether a column is shown to a session holding `nodes`. exist: any of the listed nodes (holding an ancestor
 * group or admin_y counts, as for routes); not-exist: none of them. No list: always shown.
 */
export function columnVisible(col: Pick<GridColumnDef<never>, 'permission' | 'mode'>, nodes: readonly string[]): boolean {
  const list = permissionList(col.permission);
  if (!list.length) return true;
  const holds = hasAnyRole(nodes, list);
  return (col.mode ?? 'exist') === 'not-exist' ? !holds : holds;
}

/** The columns a session sees, in display order: mirrored for a right-to-left page (glide draws left to right). */
export function visibleColumns<R extends GridRow>(cols: readonly GridColumnDef<R>[], nodes: readonly string[], rtl = false): GridColumnDef<R>[] {
  const shown = cols.filter((c) => columnVisible(c, nodes));
  return rtl ? shown.reverse() : shown;
}

export const DEFAULT_WIDTH: Record<ColumnKind, number> = {
  text: 150, number: 100, money: 130, date: 110, datetime: 170, tag: 120, link: 160,
};

export function columnWidth(col: GridColumnDef<never>): number {
  return col.width ?? DEFAULT_WIDTH[col.kind ?? 'text'];
}

/**
 * Left to right: numbers and amounts right-aligned, text left. Right to left: everything right-aligned (the
 * reading start; glide also draws Arabic digits right to left, which a left alignment would clip).
 */
export function columnAlign(col: Pick<GridColumnDef, 'kind'>, rtl = false): 'left' | 'right' {
  if (rtl) return 'right';
  return col.kind === 'number' || col.kind === 'money' ? 'right' : 'left';
}

export interface CellFormatContext<R extends GridRow = AnyRow> {
  /** BCP 47 locale for numbers. */
  locale?: string;
  /** The grid's currency lookup for money columns without their own. */
  currencyOf?: (row: R) => string | undefined;
  /** Words an enum value of a tag column (`option.<key>.<value>`), or undefined to show it as is. */
  word?: (key: string, value: string) => string | undefined;
}

function currencyFor<R extends GridRow>(col: GridColumnDef<R>, row: R, ctx: CellFormatContext<R>): string | undefined {
  const c = col.currency;
  if (typeof c === 'function') return c(row) || undefined;
  if (typeof c === 'string') {
    const v = (row as AnyRow)[c];
    return typeof v === 'string' && v ? v : undefined;
  }
  return ctx.currencyOf?.(row) || undefined;
}

/** The text of a cell, as shown and as copied. */
export function cellText<R extends GridRow>(col: GridColumnDef<R>, row: R, ctx: CellFormatContext<R> = {}): string {
  if (col.format) return col.format(row);
  const v = (row as AnyRow)[col.key];
  if (v === null || v === undefined || v === '') return '';
  switch (col.kind ?? 'text') {
    case 'number':
      return typeof v === 'number' || typeof v === 'string' ? formatNumber(v, undefined, ctx.locale) : String(v);
    case 'money':
      return formatMoney(v as number | string, { minor: true, currency: currencyFor(col, row, ctx), locale: ctx.locale });
    case 'date':
      return formatDate(v as string | number);
    case 'datetime':
      return formatTime(v as string | number);
    case 'tag': {
      const s = Array.isArray(v) ? v.map(String).join(', ') : String(v);
      return ctx.word?.(col.key, s) ?? s;
    }
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/** Tab-separated text of rows × columns (tabs and line breaks inside a value become spaces). */
export function toTsv(lines: readonly (readonly string[])[]): string {
  return lines.map((cells) => cells.map((c) => c.replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n');
}

/** 'field:asc' | 'field:desc' → its parts. */
export function parseSort(sort: string | null | undefined): { field: string; dir: 'asc' | 'desc' } | null {
  if (!sort) return null;
  const i = sort.lastIndexOf(':');
  if (i <= 0) return { field: sort, dir: 'asc' };
  return { field: sort.slice(0, i), dir: sort.slice(i + 1) === 'desc' ? 'desc' : 'asc' };
}

/** A header click: the same column flips its direction; another column starts descending for times and amounts. */
export function nextSort(current: string | null | undefined, col: Pick<GridColumnDef, 'key' | 'kind'>): string {
  const cur = parseSort(current);
  if (cur?.field === col.key) return `${col.key}:${cur.dir === 'asc' ? 'desc' : 'asc'}`;
  const startDesc = col.kind === 'date' || col.kind === 'datetime' || col.kind === 'money' || col.kind === 'number';
  return `${col.key}:${startDesc ? 'desc' : 'asc'}`;
}
