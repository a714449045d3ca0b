import { Group, Pagination, Select, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { RecordTable, type Column } from '../../ui/RecordTable';
import type { RowSelection } from '../../ui/useRowSelection';
import { PAGE_SIZES, pageCount } from './logQuery';
import type { PagedList } from './usePagedList';

export interface LogPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** More rows match than `total`: say so, and suggest narrowing the filters. */
  capped?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Total (or "more than N" when the count is capped), page size and pages. */
export function LogPager({ page, pageSize, total, capped, onPage, onPageSize }: LogPagerProps) {
  const intl = useIntl();
  const pages = pageCount(total, pageSize);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="log-pager">
      <Text size="xs" c="dimmed">
        {intl.formatMessage({ id: capped ? 'list.totalCapped' : 'list.total' }, { count: total })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          w={120}
          aria-label={intl.formatMessage({ id: 'list.pageSize' }, { count: pageSize })}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: intl.formatMessage({ id: 'list.pageSize' }, { count: n }) }))}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={onPage} siblings={1} boundaries={1} />
      </Group>
    </Group>
  );
}

export interface LogTableProps<R extends { id: number | string }> {
  list: Omit<PagedList<R, unknown>, 'filters' | 'apply'>;
  label: string;
  columns: Column<R>[];
  /** Selectable rows, published for the screen's actions. */
  sel?: RowSelection<R>;
  onOpen?: (row: R) => void;
}

/** A paged list's table (or why it failed to load) and its pager. */
export function LogTable<R extends { id: number | string }>({ list, label, columns, sel, onOpen }: LogTableProps<R>) {
  return (
    <>
      <RecordTable<R>
        label={label}
        columns={columns}
        rows={list.rows}
        loading={list.loading}
        error={list.error}
        selectable={!!sel}
        selected={sel?.selectedIds}
        onSelectedChange={sel?.onSelectedChange}
        onOpen={onOpen}
      />
      <LogPager page={list.page} pageSize={list.pageSize} total={list.total} capped={list.capped} onPage={list.setPage} onPageSize={list.setPageSize} />
    </>
  );
}
