import { Alert, Center, Checkbox, Loader, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A keyboard-driven table for short lists (accounts, roles, dictionary items, logs): the high-volume queues use
 * the canvas DataGrid instead. j/k or arrows move, Shift extends, Space selects, Enter opens, Home/End jump.
 *
 * Selection (when `selectable`), as in a file list: a click or a move selects that row alone; Ctrl/Cmd+click and
 * Space add or remove one row; Shift+click and Shift+move select the range from the anchor (the row last clicked,
 * toggled or moved to without Shift) to that row; Ctrl/Cmd+Shift+click adds the range to the selection.
 */
export interface Column<R> {
  key: string;
  /** Message id of the header. */
  title: string;
  render?: (row: R) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface RecordTableProps<R extends { id: number | string }> {
  columns: Column<R>[];
  rows: R[];
  loading?: boolean;
  /** Message shown instead of the rows when loading failed (already worded). */
  error?: string | null;
  selectable?: boolean;
  /** Selected row ids (controlled). */
  selected?: ReadonlyArray<R['id']>;
  onSelectedChange?: (rows: R[]) => void;
  onOpen?: (row: R) => void;
  /** Accessible name of the table. */
  label: string;
}

/** Focus inside the table that keeps its own keys (a row's checkbox, switch or button). */
function isControl(target: EventTarget, table: EventTarget): boolean {
  return target !== table && target instanceof HTMLElement && !!target.closest('input, textarea, select, button, a[href], [contenteditable="true"]');
}

export function RecordTable<R extends { id: number | string }>(props: RecordTableProps<R>) {
  const { columns, rows, loading, error, selectable, selected = [], onSelectedChange, onOpen, label } = props;
  const [cursor, setCursor] = useState(0);
  /** The row a Shift range starts from (by id, so that a reload that moves rows keeps it). */
  const anchor = useRef<R['id'] | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  useEffect(() => {
    if (cursor >= rows.length) setCursor(Math.max(0, rows.length - 1));
  }, [rows.length, cursor]);

  useEffect(() => {
    bodyRef.current?.querySelector<HTMLElement>(`[data-row="${cursor}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  const emit = useCallback((ids: Set<R['id']>) => onSelectedChange?.(rows.filter((r) => ids.has(r.id))), [rows, onSelectedChange]);

  const anchorIndex = () => {
    const i = anchor.current === null ? -1 : rows.findIndex((r) => r.id === anchor.current);
    return i >= 0 ? i : Math.min(cursor, rows.length - 1);
  };

  /** Ctrl/Cmd+click, Space, a row's checkbox: that row in or out; it becomes the anchor. */
  const toggle = (i: number) => {
    const next = new Set(selectedSet);
    const id = rows[i].id;
    if (next.has(id)) next.delete(id);
    else next.add(id);
    anchor.current = id;
    emit(next);
  };

  /** Shift: the rows from the anchor to `i` (added to the selection with `add`, else instead of it); the anchor stays. */
  const range = (i: number, add = false) => {
    const from = anchorIndex();
    const [a, b] = from < i ? [from, i] : [i, from];
    const next = new Set(add ? selectedSet : []);
    for (const r of rows.slice(a, b + 1)) next.add(r.id);
    anchor.current = rows[from].id;
    emit(next);
  };

  /** A plain click or move: that row alone; it becomes the anchor. */
  const only = (i: number) => {
    anchor.current = rows[i].id;
    emit(new Set([rows[i].id]));
  };

  const move = (to: number, extend: boolean) => {
    const i = Math.max(0, Math.min(rows.length - 1, to));
    setCursor(i);
    if (!selectable) return;
    if (extend) range(i);
    // Moving selects the row under the cursor, so a hotkey acts on what the user is looking at.
    else only(i);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!rows.length) return;
    const k = e.key;
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    // Space and Enter on a row's own control (checkbox, switch, button) are that control's.
    if ((k === ' ' || k === 'Enter') && isControl(e.target, e.currentTarget)) return;
    // With Shift, j and k arrive as J and K.
    if (k === 'ArrowDown' || ((k === 'j' || k === 'J') && plain)) move(cursor + 1, e.shiftKey);
    else if (k === 'ArrowUp' || ((k === 'k' || k === 'K') && plain)) move(cursor - 1, e.shiftKey);
    else if (k === 'Home') move(0, e.shiftKey);
    else if (k === 'End') move(rows.length - 1, e.shiftKey);
    else if (k === ' ' && selectable) toggle(cursor);
    else if (k === 'Enter' && onOpen) onOpen(rows[cursor]);
    else return;
    e.preventDefault();
  };

  const onRowClick = (e: MouseEvent, i: number) => {
    setCursor(i);
    if (!selectable) return;
    if (e.shiftKey) range(i, e.ctrlKey || e.metaKey);
    else if (e.ctrlKey || e.metaKey) toggle(i);
    else only(i);
  };

  // Shift+click (a range) and double click (open) must not select the page's text. Keeping the browser from doing
  // so also keeps it from focusing the table, so focus it here: the keys go on from the clicked row.
  const onRowMouseDown = (e: MouseEvent) => {
    if (!e.shiftKey && e.detail < 2) return;
    e.preventDefault();
    if (!isControl(e.target, tableRef.current as EventTarget)) tableRef.current?.focus({ preventScroll: true });
  };

  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  const allSelected = rows.length > 0 && rows.every((r) => selectedSet.has(r.id));

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        stickyHeader
        ref={tableRef}
        tabIndex={0}
        aria-label={label}
        aria-rowcount={rows.length}
        onKeyDown={onKeyDown}
        data-testid="record-table"
        style={{ outline: 'none' }}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label="select all"
                  size="xs"
                  checked={allSelected}
                  indeterminate={!allSelected && selectedSet.size > 0}
                  onChange={() => emit(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width} style={{ textAlign: c.align ?? 'start', whiteSpace: 'nowrap' }}>
                <FormattedMessage id={c.title} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={bodyRef}>
          {rows.map((r, i) => (
            <Table.Tr
              key={String(r.id)}
              data-row={i}
              data-selected={selectedSet.has(r.id) || undefined}
              aria-selected={selectedSet.has(r.id)}
              bg={i === cursor ? 'var(--mantine-primary-color-light)' : undefined}
              onMouseDown={onRowMouseDown}
              onClick={(e) => onRowClick(e, i)}
              onDoubleClick={() => onOpen?.(r)}
              style={{ cursor: onOpen || selectable ? 'pointer' : undefined }}
            >
              {selectable && (
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    size="xs"
                    aria-label={`select ${r.id}`}
                    checked={selectedSet.has(r.id)}
                    onChange={(e) => {
                      setCursor(i);
                      // Shift+click on a checkbox adds the range from the anchor (as in a mail list).
                      if ((e.nativeEvent as globalThis.MouseEvent).shiftKey) range(i, true);
                      else toggle(i);
                    }}
                  />
                </Table.Td>
              )}
              {columns.map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align ?? 'start' }}>
                  {c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? '')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {loading && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {!loading && rows.length === 0 && (
        <Center py="xl">
          <Text c="dimmed" size="sm">
            <FormattedMessage id="common.noData" />
          </Text>
        </Center>
      )}
    </Table.ScrollContainer>
  );
}
