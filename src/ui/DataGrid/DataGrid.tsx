/**
 * The canvas grid of every high-volume list (DESIGN §6), over @glideapps/glide-data-grid.
 *
 * - Columns from a declaration (columns.ts), hidden by spec §3 permission lists (exist / not-exist), mirrored with
 *   text right-aligned on a right-to-left page (glide draws left to right only).
 * - Rows fetched by keyset as the user scrolls (rowWindow.ts, listSource.ts): a million rows reachable to the
 *   last one (End, or the scrollbar dragged to the bottom, reads the list backwards: one cheap request), an LRU
 *   of pages, requests for rows scrolled past aborted. Row height ≤ 32 px keeps 1,000,000 rows under the
 *   browser's ~33.5M px scroll height.
 * - Server-side sort by clicking the header of a sortable column.
 * - Keyboard (keyboard.ts): arrows, j/k, Home/End, PageUp/PageDown, Enter opens, Space selects, Shift extends,
 *   Ctrl/Cmd+A selects the loaded rows, Escape clears. The selection (else the cursor row) is published for the
 *   screen (useScreenSelection), so the toolbar, the palette and the hotkeys act on it. Every other key goes on to
 *   the page (glide's type-to-edit is off and the cells are read-only), so a screen's hotkeys work with the grid
 *   focused. `autoFocus` (queue screens): the cursor on the first row and the keyboard on the grid once it shows
 *   rows, and again after each reload. The canvas is a Tab stop.
 * - Right to left: columns mirrored, the first one scrolled into view at the right, the row numbers (click or
 *   Space selects) at the far right; text cut with '…' at the end of its own direction (drawText.ts), as in LTR.
 * - Height: fills the window from where the grid starts (fitHeight.ts) unless the screen gives one.
 * - Toolbar: the screen's actions from the registry (CommandToolbar → runInteractive), refresh, export; reloads
 *   after `command:done` of the screen's commands.
 * - Ctrl/Cmd+C copies the selected cells as TSV (audited copy event); right click offers "copy cell".
 * - Loading skeleton, empty state (common.noData, 暂无数据), error state with Retry, in the user's language.
 *
 * Screens import it through `src/ui/DataGrid` (index.tsx), which loads this file and glide lazily, so neither is
 * in the first load. Usage:
 *
 *   import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
 *   import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
 *
 *   const COLUMNS: GridColumnDef<OrderRow>[] = [
 *     { key: 'order_no', title: 'field.orderNo', kind: 'link', width: 180, onClick: (r) => openOrder(r) },
 *     { key: 'customer_name', title: 'field.customerName' },
 *     { key: 'loan_amount', title: 'field.loanAmount', kind: 'money', sortable: true },
 *     { key: 'status', title: 'field.status', kind: 'tag', tagColor: (r) => statusColor(r.status) },
 *     { key: 'phone', title: 'field.phone', permission: 'customer_phone_full', mode: 'exist' },
 *     { key: 'created_at', title: 'field.createdAt', kind: 'datetime', sortable: true },
 *   ];
 *
 *   export default function AllOrdersScreen() {
 *     const [filters, setFilters] = useUrlFilters(orderListQuery);
 *     return (
 *       <Stack gap="sm">
 *         <FilterBar schema={orderListQuery} value={filters} onApply={setFilters} />
 *         <DataGrid screenId="review.allOrder" url="/loanapi/order/list" columns={COLUMNS} filters={filters}
 *           defaultSort="created_at:desc" currencyOf={(r) => r.currency} onOpen={(r) => openOrder(r)} exportable />
 *       </Stack>
 *     );
 *   }
 */
import { useGridTheme } from './theme';
import '@glideapps/glide-data-grid/dist/index.css';
import {
  CompactSelection, DataEditor, GridCellKind, type CellClickedEventArgs, type DataEditorRef, type GridCell, type GridColumn,
  type GridKeyEventArgs, type GridSelection, type Item, type Rectangle,
} from '@glideapps/glide-data-grid';
import { Alert, Box, Button, Center, Group, Menu, Skeleton, Stack, Text, useDirection } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { useCommandDone, useScreenSelection, type Row } from '../../app/commands';
import { api } from '../../app/api/request';
import { COPY_TYPE, copyText, reportCopy } from '../../app/lib/copy';
import { notify } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { CommandToolbar } from '../CommandToolbar';
import { compactFilters, type Filters } from '../filterQuery';
import { selectionTsv } from './clipboard';
import { cellText, columnAlign, columnWidth, nextSort, parseSort, visibleColumns, type GridColumnDef, type GridRow } from './columns';
import { drawCell, makeDrawHeader } from './drawText';
import { ExportButton, type ExportFormat } from './ExportButton';
import { useFitHeight } from './fitHeight';
import { actionIndices, clampKeyState, initialKeyState, reduceKey, type KeyState } from './keyboard';
import { ListSource } from './listSource';
import type { ListResponse, PageQuery } from './rowWindow';

/** Above this the browser can't scroll a million rows (33.5M px / 1M). */
export const MAX_ROW_HEIGHT = 32;

export interface DataGridProps<R extends GridRow> {
  /** The screen's command id: selection publishing, toolbar actions, refresh after its commands. */
  screenId: string;
  /** The list endpoint (GET). */
  url: string;
  columns: readonly GridColumnDef<R>[];
  /** Applied filters (FilterBar / useUrlFilters); a change reloads from the top. */
  filters?: Filters;
  /** 'field:asc' | 'field:desc' (the server's default order when absent; then the end is reached by offset). */
  defaultSort?: string;
  /** Pixels, at most 32 (default 30). */
  rowHeight?: number;
  /** Enter or double click. */
  onOpen?: (row: R) => void;
  /** Show the export button (all formats, or the ones given). */
  exportable?: boolean | readonly ExportFormat[];
  /** ISO 4217 code of a row, for money columns without their own `currency`. */
  currencyOf?: (row: R) => string | undefined;
  /** Grid height (px or CSS); default fills most of the window. */
  height?: number | string;
  /** Rows per request (≤ 500, default 100). */
  pageSize?: number;
  /** The list's maxOffset on the server (default 100,000): deeper jumps go in hops of this many rows. */
  maxOffset?: number;
  /** Message id naming the grid for assistive technology; default the screen's title. */
  label?: string;
  /** Extra toolbar controls (after refresh and export). */
  toolbar?: ReactNode;
  /** Actions of the screen not to show as toolbar buttons. */
  toolbarExclude?: readonly string[];
  /**
   * A queue screen: once rows show, the cursor is on the first row (after a reload, on the same index — the next
   * row moved up) and the keyboard on the grid when nothing else holds it, so the screen's hotkeys act at once.
   */
  autoFocus?: boolean;
}

/** Id of the row-number column drawn at the far right of a right-to-left grid (glide's markers sit left only). */
export const RTL_MARKER_ID = '__row';
const MARKER_WIDTH = 56;

const EMPTY_FILTERS: Filters = {};
const noopSubscribe = () => () => undefined;
const zero = () => 0;

function docRtl(): boolean {
  return typeof document !== 'undefined' && (document.documentElement.dir === 'rtl' || document.dir === 'rtl');
}

export default function DataGrid<R extends GridRow>(props: DataGridProps<R>) {
  const { screenId, url, columns, filters = EMPTY_FILTERS, defaultSort, onOpen, exportable, currencyOf, pageSize, maxOffset, toolbar, toolbarExclude } = props;
  const autoFocus = props.autoFocus ?? false;
  const rowHeight = Math.min(MAX_ROW_HEIGHT, Math.max(20, props.rowHeight ?? 30));
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const { dir } = useDirection();
  const rtl = dir === 'rtl' || docRtl();
  const theme = useGridTheme();
  const drawHeader = useMemo(() => makeDrawHeader(rtl), [rtl]);

  // ------------------------------------------------------------------ columns
  const cols = useMemo(() => visibleColumns(columns, nodes as string[], rtl), [columns, nodes, rtl]);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [sort, setSort] = useState<string | null>(defaultSort ?? null);
  const sortParts = parseSort(sort);
  // The last column (display order) takes the width left over, so the grid fills its box in both directions.
  const gridColumns = useMemo<GridColumn[]>(() => {
    const data: GridColumn[] = cols.map((c, i) => {
      const title = intl.formatMessage({ id: c.title });
      const mark = sortParts?.field === c.key ? (sortParts.dir === 'asc' ? '▲' : '▼') : '';
      return {
        id: c.key,
        title: mark ? (rtl ? `${mark} ${title}` : `${title} ${mark}`) : title,
        width: widths[c.key] ?? columnWidth(c as GridColumnDef<never>),
        grow: i === cols.length - 1 && widths[c.key] === undefined ? 1 : undefined,
        themeOverride: c.sortable ? undefined : { textHeader: theme.textMedium },
      };
    });
    return rtl && data.length ? [...data, { id: RTL_MARKER_ID, title: '#', width: MARKER_WIDTH, themeOverride: { textHeader: theme.textMedium } }] : data;
  }, [cols, intl, sortParts?.field, sortParts?.dir, rtl, widths, theme.textMedium]);

  // ------------------------------------------------------------------ rows
  const filtersKey = JSON.stringify(compactFilters(filters));
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const [reloadTick, setReloadTick] = useState(0);
  const keepPlace = useRef(false);
  const sourceRef = useRef<ListSource<R> | null>(null);
  /** The cursor to put back after a reload of an autoFocus grid (the next row has moved up under it). */
  const restoreCursor = useRef<number | null>(null);
  const [source, setSource] = useState<ListSource<R> | null>(null);

  useEffect(() => {
    const prev = sourceRef.current;
    const keep = keepPlace.current && prev !== null && prev.window.known;
    keepPlace.current = false;
    restoreCursor.current = keep ? keysRef.current.cursor : null;
    const s = new ListSource<R>({
      sort,
      pageSize,
      maxOffset,
      initialTotal: keep ? prev!.window.total : undefined,
      initialRange: keep ? prev!.visibleRange : undefined,
      load: (q: PageQuery, signal: AbortSignal) =>
        api.get<ListResponse<R>>(url, { ...compactFilters(filtersRef.current), ...q }, { signal, silent: true }),
    });
    sourceRef.current = s;
    setSource(s);
    s.start();
    return () => s.dispose();
  }, [url, filtersKey, sort, pageSize, maxOffset, reloadTick]);

  const version = useSyncExternalStore(source?.subscribe ?? noopSubscribe, source?.getVersion ?? zero, zero);
  const win = source?.window;
  const total = win?.total ?? 0;

  const reload = useCallback(() => {
    keepPlace.current = true;
    setReloadTick((t) => t + 1);
  }, []);
  useCommandDone(reload, (id) => byId.get(id)?.screen === screenId);

  // ------------------------------------------------------------------ selection and keyboard
  const [keys, setKeys] = useState<KeyState>(initialKeyState);
  const [rect, setRect] = useState<Rectangle | null>(null);
  const keysRef = useRef<KeyState>(keys);
  keysRef.current = keys;
  // A new query (filters, sort, reload) starts with nothing selected.
  useEffect(() => {
    setKeys(initialKeyState);
    setRect(null);
  }, [source]);
  useEffect(() => {
    setKeys((k) => clampKeyState(k, total, cols.length));
  }, [total, cols.length]);

  const publish = useScreenSelection(screenId);
  const published = useRef<string>('');
  useEffect(() => {
    if (!win) return;
    const idx = actionIndices(keys, (i) => win.isLoaded(i));
    const rows = idx.map((i) => win.getRow(i)).filter((r): r is R => r !== undefined);
    const sig = rows.map((r) => String((r as { id?: unknown }).id ?? JSON.stringify(r))).join('\u0001');
    if (sig === published.current) return;
    published.current = sig;
    publish(rows as unknown as Row[]);
  }, [keys, win, version, publish]);

  const editor = useRef<DataEditorRef>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // The wrapper says when the canvas first drew a loaded row's text (`data-painted`): the frame in which rows are on
  // screen. glide's accessible table, which a test could read instead, follows 200 ms later (its own debounce).
  const drawCellMarking = useCallback<typeof drawCell>((args, drawContent) => {
    drawCell(args, drawContent);
    const el = wrapper.current;
    if (el && args.cell.kind === GridCellKind.Text && args.cell.displayData && !el.hasAttribute('data-painted')) el.setAttribute('data-painted', 'rows');
  }, []);
  const visibleRows = useRef(20);

  // autoFocus: once per query, when the row under the cursor-to-be has loaded (the user sees it before a key acts).
  const placed = useRef<ListSource<R> | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (!autoFocus || !source || !win?.known || total === 0 || placed.current === source) return;
    const at = Math.min(restoreCursor.current ?? 0, total - 1);
    if (!win.isLoaded(at)) return;
    placed.current = source;
    setKeys((k) => (k.cursor === null ? { ...k, cursor: at, anchor: at } : k));
    setFocusTick((t) => t + 1);
  }, [autoFocus, source, win, total, version]);
  useEffect(() => {
    if (!focusTick) return;
    // glide mounts its canvas a frame after the rows arrive; the keyboard is taken only from nobody (or from the grid itself).
    let tries = 0;
    const timer = setInterval(() => {
      const canvas = wrapper.current?.querySelector<HTMLElement>('[data-testid="data-grid-canvas"]');
      const active = document.activeElement;
      const idle = !active || active === document.body || !!wrapper.current?.contains(active);
      if (canvas && idle && !wrapper.current!.contains(active)) canvas.focus({ preventScroll: true });
      if (canvas || !idle || ++tries > 40) clearInterval(timer);
      const cur = keysRef.current.cursor;
      if (canvas && cur !== null) editor.current?.scrollTo(Math.min(keysRef.current.col, Math.max(0, cols.length - 1)), cur, 'vertical');
    }, 25);
    return () => clearInterval(timer);
  }, [focusTick]); // eslint-disable-line react-hooks/exhaustive-deps

  // Cell texts by row object: formatting (Intl) once per row and column, not once per frame.
  const textCache = useMemo(() => new WeakMap<object, string[]>(), [cols, intl, currencyOf]);
  const textOf = useCallback((col: number, row: R): string => {
    let texts = textCache.get(row);
    if (!texts) {
      texts = new Array(cols.length);
      textCache.set(row, texts);
    }
    let s = texts[col];
    if (s === undefined) {
      s = cellText(cols[col], row, {
        locale: intl.locale,
        currencyOf,
        word: (key, value) => (`option.${key}.${value}` in intl.messages ? intl.formatMessage({ id: `option.${key}.${value}` }) : undefined),
      });
      texts[col] = s;
    }
    return s;
  }, [textCache, cols, intl, currencyOf]);

  const getCellContent = useCallback(([col, rowIdx]: Item): GridCell => {
    const row = win?.getRow(rowIdx);
    if (col === cols.length) {
      const n = intl.formatNumber(rowIdx + 1, { useGrouping: false });
      const s = keys.selected.has(rowIdx) ? `✓ ${n}` : n;
      return { kind: GridCellKind.Text, data: s, displayData: s, allowOverlay: false, readonly: true, contentAlign: 'right', cursor: 'pointer', themeOverride: { textDark: theme.textMedium } };
    }
    const c = cols[col];
    if (!row || !c) return { kind: GridCellKind.Loading, allowOverlay: false, skeletonWidth: 70, skeletonWidthVariability: 40 };
    const s = textOf(col, row);
    // glide draws 'left' from the left padding in the text's own direction, which clips Arabic: leave left as the default.
    const a = columnAlign(c, rtl);
    const align = a === 'left' ? undefined : a;
    if (c.kind === 'tag') {
      const color = c.tagColor?.(row);
      return { kind: GridCellKind.Bubble, data: s ? [s] : [], allowOverlay: false, copyData: s, themeOverride: color ? { bgBubble: color, textBubble: '#fff' } : undefined };
    }
    if (c.kind === 'link') {
      return { kind: GridCellKind.Text, data: s, displayData: s, allowOverlay: false, readonly: true, contentAlign: align, cursor: 'pointer', themeOverride: { textDark: theme.linkColor } };
    }
    // Read-only: glide would otherwise treat a typed letter as the start of an edit and take the key from the hotkeys.
    return { kind: GridCellKind.Text, data: s, displayData: s, allowOverlay: false, readonly: true, contentAlign: align };
  }, [win, version, cols, textOf, rtl, theme.linkColor, theme.textMedium, intl, keys.selected]);

  const gridSelection = useMemo<GridSelection>(() => ({
    columns: CompactSelection.empty(),
    rows: keys.selected.size ? CompactSelection.fromArray([...keys.selected].sort((a, b) => a - b)) : CompactSelection.empty(),
    current: keys.cursor === null || total === 0 || cols.length === 0
      ? undefined
      : { cell: [Math.min(keys.col, cols.length - 1), keys.cursor], range: rect ?? { x: Math.min(keys.col, cols.length - 1), y: keys.cursor, width: 1, height: 1 }, rangeStack: [] },
  }), [keys, rect, total, cols.length]);

  const onGridSelectionChange = useCallback((sel: GridSelection) => {
    if (!win) return;
    // The right-to-left row-number column is not a data column: a click there keeps the cursor's column.
    const cell = sel.current?.cell && sel.current.cell[0] < cols.length ? sel.current.cell : sel.current?.cell ? [keysRef.current.col, sel.current.cell[1]] as const : undefined;
    const selected = new Set<number>();
    if (sel.rows.length) {
      const first = sel.rows.first() ?? 0;
      const last = sel.rows.last() ?? -1;
      for (const i of win.loadedIndices(first, last)) if (sel.rows.hasIndex(i)) selected.add(i);
    }
    setKeys((k) => ({ ...k, cursor: cell ? cell[1] : k.cursor, col: cell ? cell[0] : k.col, anchor: cell ? cell[1] : k.anchor, selected }));
    const r = sel.current?.range;
    setRect(r && (r.width > 1 || r.height > 1) && r.x + r.width <= cols.length ? r : null);
  }, [win, cols.length]);

  const onKeyDown = useCallback((e: GridKeyEventArgs) => {
    if (!win) return;
    const res = reduceKey(keysRef.current, e, {
      rowCount: win.total,
      colCount: cols.length,
      pageRows: visibleRows.current,
      isLoaded: (i) => win.isLoaded(i),
      loadedIn: (a, b) => win.loadedIndices(a, b),
    });
    if (!res.handled) return;
    e.cancel();
    e.preventDefault();
    e.stopPropagation();
    keysRef.current = res.state;
    setKeys(res.state);
    setRect(null);
    if (res.scroll && res.state.cursor !== null) editor.current?.scrollTo(res.state.col, res.state.cursor, 'both');
    if (res.effect?.type === 'open') {
      const row = win.getRow(res.effect.row);
      if (row) onOpen?.(row);
    }
  }, [win, cols.length, onOpen]);

  // Chromium makes glide's scroller a Tab stop of its own (a scrollable box), where keys scroll instead of reaching
  // the grid: the keyboard belongs on the canvas, which handles them.
  const onWrapperFocus = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('[data-testid="data-grid-canvas"]')) return;
    if (!target.classList.contains('dvn-scroller') && target !== wrapper.current) return;
    wrapper.current?.querySelector<HTMLElement>('[data-testid="data-grid-canvas"]')?.focus({ preventScroll: true });
  }, []);

  const onVisibleRegionChanged = useCallback((r: Rectangle) => {
    visibleRows.current = Math.max(1, r.height);
    source?.setRange(r.y, r.y + Math.max(0, r.height - 1));
  }, [source]);

  // ------------------------------------------------------------------ copy
  const copySource = useCallback(() => ({
    range: rect,
    rows: [...keysRef.current.selected],
    cursor: keysRef.current.cursor,
    col: keysRef.current.col,
    colCount: cols.length,
    getRow: (i: number) => win?.getRow(i),
    text: textOf,
  }), [rect, cols.length, win, textOf]);

  useEffect(() => {
    // Ctrl/Cmd+C while the grid has focus: the browser's copy event carries the TSV (no clipboard permission
    // needed); reported as a user copy (copied_type 2). Capture phase, so the page-wide audit listener that
    // follows sees no stray text selection.
    const onCopy = (e: ClipboardEvent) => {
      const el = wrapper.current;
      if (!el || !document.activeElement || !el.contains(document.activeElement)) return;
      const tsv = selectionTsv(copySource());
      e.preventDefault();
      if (!tsv) {
        notify('warning', 'copy.empty', undefined, intl);
        return;
      }
      e.clipboardData?.setData('text/plain', tsv);
      window.getSelection?.()?.removeAllRanges();
      reportCopy(tsv, COPY_TYPE.copy);
      notify('success', 'copy.success', undefined, intl);
    };
    window.addEventListener('copy', onCopy, true);
    return () => window.removeEventListener('copy', onCopy, true);
  }, [copySource, intl]);

  const [menu, setMenu] = useState<{ x: number; y: number; col: number; row: number } | null>(null);
  const onCellContextMenu = useCallback(([col, row]: Item, e: CellClickedEventArgs) => {
    e.preventDefault();
    if (!win?.isLoaded(row)) return;
    if (!keysRef.current.selected.has(row)) setKeys((k) => ({ ...k, cursor: row, col, anchor: row }));
    setMenu({ x: e.bounds.x + e.localEventX, y: e.bounds.y + e.localEventY, col, row });
  }, [win]);

  const onCellClicked = useCallback(([col, row]: Item) => {
    if (col === cols.length) {
      // The row number toggles the row's selection, as glide's checkbox markers do in LTR.
      if (!win?.isLoaded(row)) return;
      setKeys((k) => {
        const selected = new Set(k.selected);
        if (selected.has(row)) selected.delete(row);
        else selected.add(row);
        return { ...k, cursor: row, anchor: row, selected };
      });
      return;
    }
    const c = cols[col];
    const r = win?.getRow(row);
    if (!c || !r || c.kind !== 'link') return;
    if (c.onClick) c.onClick(r);
    else onOpen?.(r);
  }, [cols, win, onOpen]);

  const onCellActivated = useCallback(([, row]: Item) => {
    const r = win?.getRow(row);
    if (r) onOpen?.(r);
  }, [win, onOpen]);

  const onHeaderClicked = useCallback((col: number) => {
    const c = cols[col];
    if (c?.sortable) setSort((s) => nextSort(s, c));
  }, [cols]);

  // In a right-to-left page the first column is at the far right: start scrolled to the right end. glide sizes its
  // scroller over a few frames (columns, then the grow column), so keep at it until the end holds for a few frames.
  const showsRows = !!win?.known && total > 0;
  useEffect(() => {
    if (!rtl || !showsRows) return;
    let frame = 0;
    let steady = 0;
    let frames = 0;
    const step = () => {
      const scroller = wrapper.current?.querySelector<HTMLElement>('.dvn-scroller');
      if (scroller) {
        const end = scroller.scrollWidth - scroller.clientWidth;
        if (Math.abs(scroller.scrollLeft - end) > 1) {
          scroller.scrollLeft = end;
          steady = 0;
        } else steady++;
      }
      if (steady < 5 && ++frames < 120) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [rtl, showsRows, source, gridColumns]);

  // ------------------------------------------------------------------ render
  const selectedCount = keys.selected.size;
  const status = !win || !win.known
    ? null
    : win.exact
      ? intl.formatMessage({ id: 'list.total' }, { count: total })
      // Past the server's exact-count cap the total is the planner's estimate: say so.
      : intl.formatMessage({ id: 'grid.totalApprox' }, { count: total });
  const fitted = useFitHeight(wrapper, props.height === undefined && showsRows);
  const height = props.height ?? (fitted !== null ? fitted : 'max(360px, calc(100vh - 300px))');
  const labelId = props.label ?? byId.get(screenId)?.title;
  const label = labelId ? intl.formatMessage({ id: labelId }) : screenId;

  let body: ReactNode;
  if (source?.status === 'error') {
    body = (
      <Center h={height} data-testid="grid-error">
        <Stack align="center" gap={6} maw={460} ta="center">
          <Text fw={600}>{intl.formatMessage({ id: 'grid.loadFailed' })}</Text>
          {errorText(source.error) && <Text size="sm" c="dimmed">{errorText(source.error)}</Text>}
          <Button size="xs" variant="default" mt={4} onClick={() => source.retry()}>{intl.formatMessage({ id: 'list.retry' })}</Button>
        </Stack>
      </Center>
    );
  } else if (!win || (!win.known && total === 0)) {
    body = (
      <Stack gap={6} p="xs" h={height} data-testid="grid-loading" aria-busy="true" style={{ overflow: 'hidden' }}>
        {Array.from({ length: 12 }, (_, i) => <Skeleton key={i} height={rowHeight - 8} radius="sm" width={`${92 - (i % 4) * 6}%`} />)}
      </Stack>
    );
  } else if (total === 0) {
    body = (
      <Center h={200} data-testid="grid-empty">
        <Text c="dimmed" size="sm">{intl.formatMessage({ id: 'common.noData' })}</Text>
      </Center>
    );
  } else {
    body = (
      <div ref={wrapper} data-testid="grid-canvas" aria-label={label} style={{ height, position: 'relative' }} dir="ltr" onFocus={onWrapperFocus}>
        <DataEditor
          ref={editor}
          columns={gridColumns}
          rows={total}
          rowHeight={rowHeight}
          headerHeight={32}
          getCellContent={getCellContent}
          gridSelection={gridSelection}
          onGridSelectionChange={onGridSelectionChange}
          onVisibleRegionChanged={onVisibleRegionChanged}
          onKeyDown={onKeyDown}
          onCellContextMenu={onCellContextMenu}
          onCellClicked={onCellClicked}
          onCellActivated={onCellActivated}
          onHeaderClicked={onHeaderClicked}
          onColumnResize={(col, w) => setWidths((cur) => ({ ...cur, [String(col.id)]: w }))}
          cellActivationBehavior="double-click"
          editOnType={false}
          drawCell={drawCellMarking}
          drawHeader={drawHeader}
          rowMarkers={rtl ? 'none' : { kind: 'both', checkboxStyle: 'square' }}
          rowSelect="multi"
          rangeSelect="rect"
          columnSelect="none"
          rowSelectionMode="auto"
          keybindings={{ copy: false, paste: false, cut: false, search: false, selectAll: false, clear: false, delete: false, downFill: false, rightFill: false }}
          getCellsForSelection={true}
          smoothScrollY
          smoothScrollX
          width="100%"
          height="100%"
          theme={theme}
          verticalBorder={false}
          onPaste={false}
        />
      </div>
    );
  }

  const exportFormats = exportable === true ? undefined : exportable || undefined;
  return (
    <Stack gap="xs" data-testid="data-grid" data-screen={screenId} data-cursor={keys.cursor ?? undefined}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <CommandToolbar screen={screenId} exclude={toolbarExclude}>
          <Button size="xs" variant="subtle" color="gray" onClick={reload} data-testid="grid-refresh">{intl.formatMessage({ id: 'list.refresh' })}</Button>
          {exportable && <ExportButton url={url} filters={filters} sort={sort} formats={exportFormats} />}
          {toolbar}
        </CommandToolbar>
        <Group gap="sm" wrap="nowrap">
          {selectedCount > 0 && <Text size="xs" c="blue" data-testid="grid-selected">{intl.formatMessage({ id: 'grid.selected' }, { count: selectedCount })}</Text>}
          {status && <Text size="xs" c="dimmed" data-testid="grid-total">{status}</Text>}
        </Group>
      </Group>
      {source?.pageError != null && source.status !== 'error' && (
        <Alert color="orange" variant="light" p="xs" data-testid="grid-page-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{intl.formatMessage({ id: 'grid.pageFailed' })}{errorText(source.pageError) ? ` — ${errorText(source.pageError)}` : ''}</Text>
            <Button size="compact-xs" variant="default" onClick={() => source.retry()}>{intl.formatMessage({ id: 'list.retry' })}</Button>
          </Group>
        </Alert>
      )}
      <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        {body}
      </Box>
      <Menu opened={menu !== null} onChange={(o) => { if (!o) setMenu(null); }} position="bottom-start" withinPortal shadow="md">
        <Menu.Target>
          <div style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1, pointerEvents: 'none' }} />
        </Menu.Target>
        <Menu.Dropdown data-testid="grid-context-menu">
          <Menu.Item onClick={() => {
            const r = menu && win?.getRow(menu.row);
            if (r && menu) void copyText(textOf(menu.col, r));
          }}>
            {intl.formatMessage({ id: 'grid.copyCell' })}
          </Menu.Item>
          {selectedCount > 0 && (
            <Menu.Item onClick={() => void copyText(selectionTsv({ ...copySource(), range: null }))}>
              {intl.formatMessage({ id: 'grid.copyRows' })}
            </Menu.Item>
          )}
          {onOpen && (
            <Menu.Item onClick={() => {
              const r = menu && win?.getRow(menu.row);
              if (r) onOpen(r);
            }}>
              {intl.formatMessage({ id: 'grid.open' })}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

function errorText(e: unknown): string {
  if (!e) return '';
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : '';
}
