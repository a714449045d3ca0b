import { Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useScreenSelection } from '../../app/commands';
import type { OperationLogRow } from '../../schemas/log';
import type { Column } from '../../ui/RecordTable';
import { ActionCell, CopyCell, TimeCell } from './cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from './FilterBar';
import { getOperationLog } from './log.api';
import { LogTable } from './LogPager';
import { OperationDetail } from './OperationDetail';
import { usePagedList } from './usePagedList';

const SCREEN = 'log.admin_operate';
const INITIAL = { account: '', action: '', target_type: '', target_id: '', date_from: '', date_to: '' };

/** The audit trail: every change staff made, newest first; Enter or a double click opens its before and after. */
export default function OperationLogScreen() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const list = usePagedList<OperationLogRow, typeof INITIAL>(SCREEN, getOperationLog, INITIAL);
  const { draft, set, bar } = useFilterDraft(list, INITIAL);
  const [open, setOpen] = useState<OperationLogRow | null>(null);
  const field = (k: keyof typeof INITIAL) => (e: React.ChangeEvent<HTMLInputElement>) => set({ [k]: e.currentTarget.value });

  const columns = useMemo<Column<OperationLogRow>[]>(() => [
    { key: 'created_at', title: 'field.time', width: 170, render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'account', title: 'field.account', render: (r) => <Text size="sm" fw={500}>{r.account || '—'}</Text> },
    { key: 'action', title: 'log.operate.action', render: (r) => <ActionCell action={r.action} /> },
    {
      key: 'target', title: 'log.operate.target',
      render: (r) => (
        <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
          {r.target_type || '—'}
          {r.target_id && <Text span c="dimmed" size="sm">{` #${r.target_id}`}</Text>}
        </Text>
      ),
    },
    { key: 'ip', title: 'field.ip', render: (r) => <CopyCell text={r.ip} /> },
    {
      key: 'detail', title: 'log.operate.changes', width: 90,
      render: (r) => (
        <Button size="compact-xs" variant="subtle" onClick={(e) => { e.stopPropagation(); setOpen(r); }}>
          {intl.formatMessage({ id: 'log.operate.view' })}
        </Button>
      ),
    },
  ], [intl]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="operation-log-screen">
      <Stack gap="sm">
        <FilterBar {...bar}>
          <TextInput size="xs" w={120} label={intl.formatMessage({ id: 'field.account' })} value={draft.account} onChange={field('account')} name="account" />
          <TextInput size="xs" w={140} label={intl.formatMessage({ id: 'log.operate.action' })} value={draft.action} onChange={field('action')} name="action"
            placeholder="dict.*" dir="ltr" />
          <TextInput size="xs" w={120} label={intl.formatMessage({ id: 'log.operate.targetType' })} value={draft.target_type} onChange={field('target_type')}
            name="target_type" placeholder="admin_account" dir="ltr" />
          <TextInput size="xs" w={90} label={intl.formatMessage({ id: 'log.operate.targetId' })} value={draft.target_id} onChange={field('target_id')}
            name="target_id" dir="ltr" />
          <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
        </FilterBar>
        <LogTable<OperationLogRow> list={list} label={intl.formatMessage({ id: 'route.log.admin_operate' })} columns={columns} onOpen={setOpen} />
      </Stack>
      <OperationDetail row={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
