import { Alert, Center, Checkbox, Loader, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A keyboard-driven table for short lists (accounts, roles, dictionary items, logs): the high-volume queues use
 * the canvas DataGrid instead. j/k or arrows move, Shift extends, Space selects, Enter opens, Home/End jump.
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

export function RecordTable<R extends { id: number | string }>(props: RecordTableProps<R>) {
  const { columns, rows, loading, error, selectable, selected = [], onSelectedChange, onOpen, label } = props;
  const [cursor, setCursor] = useState(0);
  const anchor = useRef<number | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  useEffect(() => {
    if (cursor >= rows.length) setCursor(Math.max(0, rows.length - 1));
  }, [rows.length, cursor]);

  useEffect(() => {
    bodyRef.current?.querySelector<HTMLElement>(`[data-row="${cursor}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  const emit = useCallback((ids: Set<R['id']>) => onSelectedChange?.(rows.filter((r) => ids.has(r.id))), [rows, onSelectedChange]);

  const toggle = (i: number) => {
    const next = new Set(selectedSet);
    const id = rows[i].id;
    if (next.has(id)) next.delete(id);
    else next.add(id);
    anchor.current = i;
    emit(next);
  };

  const move = (to: number, extend: boolean) => {
    const i = Math.max(0, Math.min(rows.length - 1, to));
    setCursor(i);
    if (!selectable) return;
    if (extend) {
      const from = anchor.current ?? cursor;
      const [a, b] = from < i ? [from, i] : [i, from];
      emit(new Set(rows.slice(a, b + 1).map((r) => r.id)));
      anchor.current = from;
    } else {
      anchor.current = i;
      // Moving selects the row under the cursor, so a hotkey acts on what the user is looking at.
      emit(new Set([rows[i].id]));
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!rows.length) return;
    const k = e.key;
    if (k === 'ArrowDown' || (k === 'j' && !e.ctrlKey && !e.metaKey)) move(cursor + 1, e.shiftKey);
    else if (k === 'ArrowUp' || (k === 'k' && !e.ctrlKey && !e.metaKey)) move(cursor - 1, e.shiftKey);
    else if (k === 'Home') move(0, e.shiftKey);
    else if (k === 'End') move(rows.length - 1, e.shiftKey);
    else if (k === ' ' && selectable) toggle(cursor);
    else if (k === 'Enter' && onOpen) onOpen(rows[cursor]);
    else return;
    e.preventDefault();
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
              onClick={(e) => {
                setCursor(i);
                if (selectable) (e.shiftKey || e.metaKey || e.ctrlKey ? toggle(i) : emit(new Set([r.id])));
              }}
              onDoubleClick={() => onOpen?.(r)}
              style={{ cursor: onOpen || selectable ? 'pointer' : undefined }}
            >
              {selectable && (
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox size="xs" aria-label={`select ${r.id}`} checked={selectedSet.has(r.id)} onChange={() => toggle(i)} />
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
