import { Alert, Badge, Button, Group, Pagination, Select, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatRelative, formatTime, type TimeInput } from '../../app/lib/time';

/** A failed load, with the server's words and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Alert color="red" role="alert" title={intl.formatMessage({ id: 'empower.loadFailed' })} data-testid="load-error">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          {intl.formatMessage({ id: 'empower.retry' })}
        </Button>
      </Group>
    </Alert>
  );
}

/** An em dash for an empty cell. */
export const Empty = () => (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** Text that stays left-to-right inside an Arabic page (phones, keys, times, paths). */
export function Ltr({ children, mono, dimmed }: { children: ReactNode; mono?: boolean; dimmed?: boolean }) {
  return (
    <Text span size="sm" dir="ltr" ff={mono ? 'monospace' : undefined} c={dimmed ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
      {children}
    </Text>
  );
}

export function Nowrap({ children, dimmed, fw }: { children: ReactNode; dimmed?: boolean; fw?: number }) {
  return (
    <Text span size="sm" c={dimmed ? 'dimmed' : undefined} fw={fw} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** A yes/no flag as a small badge. */
export function Flag({ on, yes, no, color = 'teal' }: { on: boolean; yes: string; no: string; color?: string }) {
  return (
    <Badge size="sm" variant={on ? 'light' : 'outline'} color={on ? color : 'gray'} radius="sm" tt="none" fw={500} style={{ minWidth: 'max-content' }}>
      {on ? yes : no}
    </Badge>
  );
}

/** Relative time (spec §9 rules) with the full time in a tooltip. */
export function RelativeTime({ value }: { value: TimeInput }) {
  const intl = useIntl();
  if (!value) return <Empty />;
  const text = formatRelative(value, (id, values) => intl.formatMessage({ id }, values));
  return (
    <Tooltip label={<span dir="ltr">{formatTime(value)}</span>} openDelay={300} withArrow>
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    </Tooltip>
  );
}

const PAGE_SIZES = [20, 50, 100, 200];

/** Total, pages and page size under a list. */
export function Pager(props: { total: number; page: number; pageSize: number; onPage: (p: number) => void; onPageSize: (s: number) => void }) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <Group justify="space-between" gap="sm" mt="xs" data-testid="pager">
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'empower.total' }, { total: props.total })}
      </Text>
      <Group gap="sm">
        <Pagination size="sm" total={pages} value={Math.min(props.page, pages)} onChange={props.onPage} siblings={1} boundaries={1} />
        <Select
          size="xs"
          w={110}
          aria-label={intl.formatMessage({ id: 'empower.pageSizeLabel' })}
          data={PAGE_SIZES.map((s) => ({ value: String(s), label: intl.formatMessage({ id: 'empower.pageSize' }, { size: s }) }))}
          value={String(props.pageSize)}
          allowDeselect={false}
          onChange={(v) => v && props.onPageSize(Number(v))}
        />
      </Group>
    </Group>
  );
}
