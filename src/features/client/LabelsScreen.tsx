import { Anchor, Button, Group, Paper, Stack, Text, TextInput, useDirection } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { openPath } from '../../app/router/openPath';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive, useCommandDone, useCommandUi, type Row } from '../../app/commands';
import { api } from '../../app/api/request';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { LABEL_COUNT_CAP, type LabelRow } from '../../schemas/client';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { LabelChip } from './LabelChip';
import { LabelDialog } from './LabelDialog';

const SCREEN = 'client.userTags';
const LIST = byId.get(SCREEN)!.api!;

interface Page {
  rows: LabelRow[];
  total: number;
  total_exact: boolean;
}

/** Spec /client/userTags: customer labels with their colours; add, edit, delete; how many customers carry each. */
export default function LabelsScreen() {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const filters = useMemo(() => (applied ? { keyword: applied } : {}), [applied]);
  const list = useRemote((signal) => api.call<Page>(LIST, { ...filters, size: 500 }, { silent: true, signal }), [filters]);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  useCommandDone(() => list.reload(), 'client.userTags.');

  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; label: LabelRow | null; n: number } | null>(null);
  useCommandUi('client.userTags.add', () => setDialog((d) => ({ mode: 'add', label: null, n: (d?.n ?? 0) + 1 })));
  useCommandUi('client.userTags.edit', ({ selection }) => setDialog((d) => ({ mode: 'edit', label: selection[0] as unknown as LabelRow, n: (d?.n ?? 0) + 1 })));

  const canSeeCustomers = can(nodes as string[], byId.get('client.clientUser')!.permission);
  const canEdit = can(nodes as string[], byId.get('client.userTags.edit')!.permission);
  // Numbers read from their end: right-aligned, left in a right-to-left page.
  const numAlign = useDirection().dir === 'rtl' ? 'left' : 'right';

  const columns = useMemo<Column<LabelRow>[]>(() => [
    { key: 'chip', title: 'field.label', width: 200, render: (r) => <LabelChip name={r.label_name} color={r.mark_color} /> },
    { key: 'label_name', title: 'field.label_name', render: (r) => <Text size="sm" fw={500}>{r.label_name}</Text> },
    {
      key: 'mark_color', title: 'field.mark_color', width: 150,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: r.mark_color, display: 'inline-block', border: '1px solid var(--mantine-color-default-border)' }} />
          <Text span size="xs" ff="monospace" c="dimmed" dir="ltr">{r.mark_color}</Text>
        </Group>
      ),
    },
    {
      key: 'customer_count', title: 'field.customer_count', width: 150, align: numAlign,
      render: (r) => {
        const n = r.customer_count > LABEL_COUNT_CAP ? `${intl.formatNumber(LABEL_COUNT_CAP)}+` : intl.formatNumber(r.customer_count);
        return canSeeCustomers && r.customer_count > 0
          ? <Anchor size="sm" component="button" type="button" onClick={(e) => { e.stopPropagation(); openPath(`/client/clientUser?label_id=${r.id}`); }}>{n}</Anchor>
          : <Text size="sm" c={r.customer_count ? undefined : 'dimmed'}>{n}</Text>;
      },
    },
    { key: 'updated_at', title: 'field.updated_at', width: 180, render: (r) => <Text size="sm" c="dimmed" dir="ltr">{formatTime(r.updated_at)}</Text> },
  ], [intl, canSeeCustomers, numAlign]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="labels-screen">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <form role="search" onSubmit={(e) => { e.preventDefault(); setApplied(keyword.trim()); }}>
            <Group gap="xs" align="flex-end">
              <TextInput size="xs" w={200} label={intl.formatMessage({ id: 'field.label_name' })} value={keyword} name="keyword"
                onChange={(e) => setKeyword(e.currentTarget.value)} />
              <Button size="xs" type="submit">{intl.formatMessage({ id: 'list.search' })}</Button>
              <Button size="xs" variant="default" onClick={() => { setKeyword(''); setApplied(''); }}>{intl.formatMessage({ id: 'list.reset' })}</Button>
            </Group>
          </form>
          <CommandToolbar screen={SCREEN}>
            <Button size="xs" variant="subtle" color="gray" onClick={list.reload}>{intl.formatMessage({ id: 'list.refresh' })}</Button>
            <ExportButton url={LIST.path} filters={filters} />
          </CommandToolbar>
        </Group>
        <RecordTable<LabelRow>
          label={intl.formatMessage({ id: 'route.client.userTags' })}
          columns={columns}
          rows={rows}
          loading={list.loading}
          error={list.error}
          selectable
          selected={sel.selectedIds}
          onSelectedChange={sel.onSelectedChange}
          onOpen={canEdit ? (r) => void runInteractive('client.userTags.edit', { intl, selection: [r as unknown as Row] }) : undefined}
        />
        {list.data && <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'list.total' }, { count: list.data.total })}</Text>}
      </Stack>
      <LabelDialog mode={dialog?.mode ?? null} label={dialog?.label ?? null} openKey={dialog?.n ?? 0} onClose={() => setDialog(null)} />
    </Paper>
  );
}
