import { Badge, Box, Center, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../app/lib/format';
import type { MyCaseRow } from '../../schemas/collectionWorkbench';

export const PROMISE_COLORS: Record<string, string> = { pending: 'blue', kept: 'teal', broken: 'red', replaced: 'gray' };

/**
 * The holder's cases, one compact row each: the cursor row (j/k, ↑/↓) is outlined, the open case (Enter) filled.
 * A plain table rather than the canvas grid: the workbench moves the cursor and opens cases itself (next case, after
 * a reload), and a collector's own list is a few hundred rows at most.
 */
export function CaseList({ rows, cursor, openId, worked, loading, labelOf, onPick }: {
  rows: readonly MyCaseRow[];
  cursor: number | null;
  openId: number | null;
  worked: ReadonlySet<number>;
  loading: boolean;
  labelOf: (value: string) => string;
  onPick: (index: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const refs = useRef(new Map<number, HTMLTableRowElement>());
  useEffect(() => {
    if (cursor === null) return;
    refs.current.get(cursor)?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);

  if (loading && !rows.length) {
    return <Stack gap={6} data-testid="wb-list-loading">{Array.from({ length: 8 }, (_, i) => <Skeleton key={i} h={22} />)}</Stack>;
  }
  if (!rows.length) {
    return <Center h={160} data-testid="wb-list-empty"><Text size="sm" c="dimmed">{t('collectionWorkbench.list.empty')}</Text></Center>;
  }
  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)' }}>
      <Table highlightOnHover verticalSpacing={3} fz="sm" stickyHeader role="grid" aria-label={t('route.collection.myCollectionList')} data-testid="wb-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('collectionWorkbench.col.customer')}</Table.Th>
            <Table.Th ta="end">{t('collectionWorkbench.col.days')}</Table.Th>
            <Table.Th ta="end">{t('collectionWorkbench.col.debt')}</Table.Th>
            <Table.Th>{t('collectionWorkbench.col.promise')}</Table.Th>
            <Table.Th>{t('collectionWorkbench.col.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => {
            const open = r.id === openId;
            const here = i === cursor;
            return (
              <Table.Tr
                key={r.id}
                ref={(el) => {
                  if (el) refs.current.set(i, el);
                  else refs.current.delete(i);
                }}
                aria-selected={here}
                data-testid="wb-row"
                data-case={r.id}
                data-cursor={here || undefined}
                data-open={open || undefined}
                onClick={() => onPick(i)}
                style={{
                  cursor: 'pointer',
                  background: open ? 'var(--mantine-primary-color-light)' : undefined,
                  outline: here ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                  outlineOffset: -2,
                }}
              >
                <Table.Td>
                  <Text size="sm" fw={open ? 600 : 400} truncate maw={190}>{worked.has(r.id) ? '✓ ' : ''}{r.customer_name}</Text>
                  <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>{r.order_no} · {r.stage_name}</Text>
                </Table.Td>
                <Table.Td ta="end" dir="ltr">{r.days ?? '—'}</Table.Td>
                <Table.Td ta="end" dir="ltr">{formatMoney(r.remaining_debt, { currency: r.currency, minor: true })}</Table.Td>
                <Table.Td>
                  {r.promise_status ? (
                    <Badge size="xs" radius="sm" tt="none" variant={r.promise_due ? 'filled' : 'light'} color={PROMISE_COLORS[r.promise_status] ?? 'gray'}>
                      <span dir="ltr">{r.promise_date ?? ''}</span>
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td><Text size="xs" truncate maw={120}>{r.last_result ? labelOf(r.last_result) : ''}</Text></Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
