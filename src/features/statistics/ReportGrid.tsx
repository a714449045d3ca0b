import { useGridTheme } from '../../ui/DataGrid/theme';
import '@glideapps/glide-data-grid/dist/index.css';
import {
  CompactSelection, DataEditor, GridCellKind, type DataEditorRef, type GridCell, type GridColumn, type GridKeyEventArgs,
  type DrawHeaderCallback, type GridMouseEventArgs, type GridSelection, type Item, type Theme,
} from '@glideapps/glide-data-grid';
import { Box, Group, Text, useDirection } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { drawCell, drawFittedText } from '../../ui/DataGrid/drawText';
import { initialKeyState, reduceKey, type KeyState } from '../../ui/DataGrid/keyboard';
import { KEY_COLUMN, reportCell, reportColumns, tableRows, type TableContext } from './table';

/**
 * The canvas grid of a report (glide, in the 'grid' chunk: this file is loaded lazily): the key column and the
 * shown measures, the rows and a totals row frozen at the bottom. Right to left the columns are mirrored and the
 * grid starts scrolled to its right end. A figure with a drill is drawn as a link: a click, or Enter on it, opens
 * the records behind it. The status line under the grid names the cell pointed at (or under the cursor): its row,
 * column and figure, a rate with its numerator and denominator. Keys: arrows, j/k, Home/End, PageUp/PageDown move the cursor; other keys go on to
 * the page (the report's g, [, ], e).
 */
export interface ReportGridProps extends TableContext {
  onDrill: (href: string) => void;
  /** Most the grid grows to, px (it is as tall as its rows up to that). */
  maxHeight: number;
}

const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 34;
const KEY_WIDTH = 150;
/** A measure column is as wide as its title (within these bounds), measured in the header's font. */
const MIN_WIDTH = 96;
const MAX_WIDTH = 240;

let measurer: CanvasRenderingContext2D | null | undefined;
function titleWidth(title: string, font: string): number {
  if (measurer === undefined) measurer = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let w = title.length * 7.5;
  if (measurer) {
    measurer.font = font;
    w = measurer.measureText(title).width;
  }
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 24)));
}
/** Keys of the grid's own (the rest reach the page's hotkeys). */
const GRID_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'j', 'k', 'Home', 'End', 'PageDown', 'PageUp', 'Enter']);

export default function ReportGrid({ decl, result, query, f, onDrill, maxHeight }: ReportGridProps) {
  const intl = useIntl();
  const rtl = useDirection().dir === 'rtl';
  const theme = useGridTheme();
  // Titles over figures sit where the figures do (the end of the cell); the key column's at the reading start.
  const drawHeader = useMemo<DrawHeaderCallback>(() => ({ ctx, column, rect, theme: t, isSelected }) => {
    const font = (t as Theme & { headerFontFull?: string }).headerFontFull ?? `${t.headerFontStyle} ${t.fontFamily}`;
    const align = rtl || column.id !== KEY_COLUMN ? 'right' : 'left';
    drawFittedText(ctx, column.title, rect, align, t.cellHorizontalPadding, font, isSelected ? t.textHeaderSelected : t.textHeader);
  }, [rtl]);
  const ctx = useMemo<TableContext>(() => ({ decl, result, query, f }), [decl, result, query, f]);
  const logical = useMemo(() => reportColumns(intl, decl, result.group_by), [intl, decl, result.group_by]);
  // glide lays columns out left to right: mirrored, the key column is at the far right.
  const cols = useMemo(() => (rtl ? [...logical].reverse() : logical), [logical, rtl]);
  const rows = tableRows(result);
  const last = rows - 1;

  const [widths, setWidths] = useState<Record<string, number>>({});
  // The column at the far end from the key column takes the width left over, so the columns fill the box and the
  // key column sits at the reading start in both directions.
  const growAt = rtl ? 0 : cols.length - 1;
  const headerFont = `${theme.headerFontStyle} ${theme.fontFamily}`;
  const gridColumns = useMemo<GridColumn[]>(() => cols.map((c, i) => ({
    id: c.id, title: c.title, width: widths[c.id] ?? (c.measure ? titleWidth(c.title, headerFont) : KEY_WIDTH),
    grow: i === growAt && widths[c.id] === undefined ? 1 : undefined,
  })), [cols, widths, growAt, headerFont]);

  const [keys, setKeys] = useState<KeyState>(initialKeyState);
  const keysRef = useRef(keys);
  keysRef.current = keys;
  const [hover, setHover] = useState<Item | null>(null);
  useEffect(() => setKeys(initialKeyState), [result]);

  // Cell texts by position, formatted once per answer (a frame draws each visible cell many times).
  const cells = useMemo(() => new Map<string, ReturnType<typeof reportCell>>(), [ctx, cols]);
  const cellAt = useCallback((col: number, row: number) => {
    const k = `${col}:${row}`;
    let c = cells.get(k);
    if (!c) {
      c = reportCell(ctx, cols[col], row);
      cells.set(k, c);
    }
    return c;
  }, [cells, ctx, cols]);

  const getCellContent = useCallback(([col, row]: Item): GridCell => {
    const c = cellAt(col, row);
    const isKey = !cols[col].measure;
    const align = rtl || !isKey ? 'right' : undefined;
    const override: Partial<Theme> = {};
    if (c.href) override.textDark = theme.linkColor;
    if (row === last) {
      override.baseFontStyle = '600 13px';
      override.bgCell = theme.bgCellMedium;
    }
    return {
      kind: GridCellKind.Text, data: c.text, displayData: c.text, allowOverlay: false, readonly: true, contentAlign: align,
      cursor: c.href ? 'pointer' : undefined, themeOverride: override,
    };
  }, [cellAt, cols, rtl, last, theme.linkColor, theme.bgCellMedium]);

  const open = useCallback((col: number, row: number) => {
    const href = cellAt(col, row).href;
    if (href) onDrill(href);
  }, [cellAt, onDrill]);

  const onKeyDown = useCallback((e: GridKeyEventArgs) => {
    if (!GRID_KEYS.has(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
    const res = reduceKey(keysRef.current, e, {
      rowCount: rows, colCount: cols.length, pageRows: Math.max(1, Math.floor(maxHeight / ROW_HEIGHT) - 1),
      isLoaded: () => true, loadedIn: (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i),
    });
    if (!res.handled) return;
    e.cancel();
    e.preventDefault();
    e.stopPropagation();
    // A row is not selected here: the cursor cell is what Enter opens and what the status line describes.
    const state = { ...res.state, selected: new Set<number>() };
    keysRef.current = state;
    setKeys(state);
    if (res.scroll && state.cursor !== null) editor.current?.scrollTo(state.col, state.cursor, 'both');
    if (res.effect?.type === 'open') open(state.col, res.effect.row);
  }, [rows, cols.length, maxHeight, open]);

  const gridSelection = useMemo<GridSelection>(() => ({
    columns: CompactSelection.empty(),
    rows: CompactSelection.empty(),
    current: keys.cursor === null ? undefined : { cell: [keys.col, keys.cursor], range: { x: keys.col, y: keys.cursor, width: 1, height: 1 }, rangeStack: [] },
  }), [keys]);

  const onGridSelectionChange = useCallback((sel: GridSelection) => {
    const cell = sel.current?.cell;
    if (cell) setKeys((k) => ({ ...k, cursor: cell[1], col: cell[0], anchor: cell[1] }));
  }, []);

  const onItemHovered = useCallback((args: GridMouseEventArgs) => {
    setHover(args.kind === 'cell' ? args.location : null);
  }, []);

  // Right to left, the key column is at the right end: start there (glide sizes its scroller over a few frames).
  const wrapper = useRef<HTMLDivElement>(null);
  const editor = useRef<DataEditorRef>(null);
  useEffect(() => {
    if (!rtl) return undefined;
    let frame = 0;
    let frames = 0;
    const step = () => {
      const s = wrapper.current?.querySelector<HTMLElement>('.dvn-scroller');
      if (s) s.scrollLeft = s.scrollWidth - s.clientWidth;
      if (++frames < 30) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [rtl, gridColumns, result]);

  const focus = hover ?? (keys.cursor === null ? null : [keys.col, keys.cursor] as Item);
  const status = focus && focus[0] < cols.length && focus[1] < rows ? cellAt(focus[0], focus[1]) : null;
  const height = Math.min(maxHeight, HEADER_HEIGHT + rows * ROW_HEIGHT + 2);

  return (
    <Box data-testid="report-grid" data-rows={rows - 1} data-widths={gridColumns.map((c) => ('width' in c ? c.width : 0)).join(',')}>
      <div ref={wrapper} dir="ltr" style={{ height, border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
        aria-label={intl.formatMessage({ id: `route.statistics.${decl.page}` })}>
        <DataEditor
          ref={editor}
          columns={gridColumns}
          rows={rows}
          rowHeight={ROW_HEIGHT}
          headerHeight={HEADER_HEIGHT}
          freezeTrailingRows={1}
          getCellContent={getCellContent}
          gridSelection={gridSelection}
          onGridSelectionChange={onGridSelectionChange}
          onKeyDown={onKeyDown}
          onCellClicked={([col, row]) => open(col, row)}
          onItemHovered={onItemHovered}
          onColumnResize={(col, w) => setWidths((cur) => ({ ...cur, [String(col.id)]: w }))}
          drawCell={drawCell}
          drawHeader={drawHeader}
          rowMarkers="none"
          rowSelect="none"
          columnSelect="none"
          rangeSelect="cell"
          editOnType={false}
          keybindings={{ copy: false, paste: false, cut: false, search: false, selectAll: false, clear: false, delete: false, downFill: false, rightFill: false }}
          smoothScrollX
          smoothScrollY
          width="100%"
          height="100%"
          theme={theme}
          verticalBorder={false}
        />
      </div>
      <Group justify="space-between" gap="sm" mt={4} mih={18} wrap="nowrap">
        <Text size="xs" data-testid="report-status">{status?.status ?? ''}</Text>
        {status?.href && <Text size="xs" c="dimmed" data-testid="report-drill-hint">{intl.formatMessage({ id: 'statistics.drillHint' })}</Text>}
      </Group>
    </Box>
  );
}
