import { ActionIcon, Alert, Badge, Box, Button, Group, Pagination, Paper, Select, Text, TextInput, Tooltip, useDirection, type MantineSpacing } from '@mantine/core';
import { useCallback, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive, type Row } from '../../app/commands';
import { Icon } from '../../app/layout/icons';
import { session } from '../../app/state/session';
import { formatRelative, formatTime, type TimeInput } from '../../app/lib/time';
import { RecordTable, type Column } from '../../ui/RecordTable';
import type { Remote } from '../../ui/useRemote';
import type { RowSelection } from '../../ui/useRowSelection';

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

/** Loads the list again: a refresh icon, spinning while it loads. */
export function RefreshButton({ onClick, loading }: { onClick: () => void; loading?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'empower.refresh' });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="default" size="md" aria-label={label} onClick={onClick} loading={loading}>
        <Icon name="refresh" size={15} />
      </ActionIcon>
    </Tooltip>
  );
}

export interface ListTableProps<R extends { id: number | string }> {
  /** The loaded list (its loading, error and retry). */
  list: Remote<unknown>;
  /** The screen's selection of `rows`. */
  sel: RowSelection<R>;
  label: string;
  columns: Column<R>[];
  rows: R[];
  onOpen?: (row: R) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
}

/**
 * A screen's selectable list: the table, or why the list failed to load with a retry. A failed reload keeps the
 * rows shown and says so under them.
 */
export function ListTable<R extends { id: number | string }>({ list, sel, label, columns, rows, onOpen, onKeyDown }: ListTableProps<R>) {
  return (
    <>
      <Paper withBorder radius="sm" p={0} onKeyDown={onKeyDown}>
        {list.error && list.data === undefined ? (
          <LoadError message={list.error} onRetry={list.reload} />
        ) : (
          <RecordTable
            label={label}
            columns={columns}
            rows={rows}
            loading={list.loading}
            selectable
            selected={sel.selectedIds}
            onSelectedChange={sel.onSelectedChange}
            onOpen={onOpen}
          />
        )}
      </Paper>
      {list.error && list.data !== undefined && <LoadError message={list.error} onRetry={list.reload} />}
    </>
  );
}

/** The expanded lines of a tree, by key. */
export function useOpenKeys(initial: () => Iterable<string>) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(initial()));
  const setOpenKey = useCallback(
    (key: string, on: boolean) =>
      setOpen((cur) => {
        if (cur.has(key) === on) return cur;
        const next = new Set(cur);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  return { open, setOpen, setOpenKey };
}

/** Which way an arrow key goes in a tree: the forward arrow (→, ← in RTL) expands, the back arrow collapses. */
export function treeArrow(key: string, dir: 'ltr' | 'rtl'): 'expand' | 'collapse' | null {
  if (key === (dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight')) return 'expand';
  if (key === (dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft')) return 'collapse';
  return null;
}

/** Above a tree: the filter, expand all and collapse all. */
export function TreeTools({ filter, onFilter, onExpandAll, onCollapseAll, compact, w, flex }: {
  filter: string;
  onFilter: (v: string) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  /** Smaller buttons (inside a form). */
  compact?: boolean;
  w?: number;
  flex?: number;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const size = compact ? 'compact-xs' : 'compact-sm';
  return (
    <>
      <TextInput
        size="xs"
        w={w}
        flex={flex}
        placeholder={t('empower.tree.filter')}
        aria-label={t('empower.tree.filter')}
        leftSection={<Icon name="search" size={14} />}
        value={filter}
        onChange={(e) => onFilter(e.currentTarget.value)}
      />
      <Button size={size} variant="subtle" onClick={onExpandAll}>
        {t('empower.tree.expandAll')}
      </Button>
      <Button size={size} variant="subtle" onClick={onCollapseAll}>
        {t('empower.tree.collapseAll')}
      </Button>
    </>
  );
}

/** Cancel and Submit under a dialog's form. */
export function FormActions({ busy, onCancel, mt }: { busy: boolean; onCancel: () => void; mt?: MantineSpacing }) {
  const intl = useIntl();
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {intl.formatMessage({ id: 'command.cancel' })}
      </Button>
      <Button type="submit" loading={busy}>
        {intl.formatMessage({ id: 'command.submit' })}
      </Button>
    </Group>
  );
}

/** The chevron that expands or collapses a tree line (mirrored in RTL). */
export function ExpandToggle({ expanded, disabled, onToggle }: { expanded: boolean; disabled?: boolean; onToggle: () => void }) {
  const intl = useIntl();
  const { dir } = useDirection();
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color="gray"
      tabIndex={-1}
      aria-label={intl.formatMessage({ id: expanded ? 'empower.tree.collapse' : 'empower.tree.expand' })}
      disabled={disabled}
      onClick={(e) => {
        // Inside a table row: expanding is not a click on the row.
        e.stopPropagation();
        onToggle();
      }}
    >
      <Icon name={expanded ? 'chevronDown' : 'chevronRight'} size={14} style={!expanded && dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
    </ActionIcon>
  );
}

/** In place of the chevron on a line without children, so that titles line up. */
export const NoToggle = () => <Box w={22} style={{ flex: 'none' }} />;

/** What opening a row (Enter, double click) does: run `commandId` on it, when the session may; else nothing. */
export function useOpenCommand<R>(commandId: string): ((row: R) => void) | undefined {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  if (!can(nodes as string[], byId.get(commandId)!.permission)) return undefined;
  return (row: R) => void runInteractive(commandId, { intl, selection: [row as unknown as Row] });
}

/** Why a dialog's submit was refused, when that is about no field it shows. */
export function FormAlert({ message, mb }: { message: string | null; mb?: MantineSpacing }) {
  if (!message) return null;
  return (
    <Alert color="red" mb={mb} role="alert" py={8}>
      {message}
    </Alert>
  );
}
