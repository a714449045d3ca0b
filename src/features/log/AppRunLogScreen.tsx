import { Badge, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { useScreenSelection } from '../../app/commands';
import { APP_LOG_LEVELS, type AppRunLogRow } from '../../schemas/log';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import type { Column } from '../../ui/RecordTable';
import { LongText, TimeCell } from './cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from './FilterBar';
import { getAppRunLog } from './log.api';
import { LogTable } from './LogPager';
import { usePagedList } from './usePagedList';

const SCREEN = 'log.app_run_log';
const INITIAL = { level: '', tag: '', q: '', customer_id: '', device: '', app_version: '', date_from: '', date_to: '' };
const LEVEL_COLOR: Record<string, string> = { debug: 'gray', info: 'blue', warn: 'yellow', error: 'red' };

/** Runtime log lines the borrower app sent through the signed intake API, newest first. */
export default function AppRunLogScreen() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const list = usePagedList<AppRunLogRow, typeof INITIAL>(SCREEN, getAppRunLog, INITIAL);
  const { draft, set, bar } = useFilterDraft(list, INITIAL);
  const field = (k: keyof typeof INITIAL) => (e: React.ChangeEvent<HTMLInputElement>) => set({ [k]: e.currentTarget.value });

  const columns = useMemo<Column<AppRunLogRow>[]>(() => [
    { key: 'logged_at', title: 'field.time', width: 170, render: (r) => <TimeCell at={r.logged_at} /> },
    {
      key: 'level', title: 'log.appRun.level', width: 90,
      render: (r) => (
        <Badge size="sm" variant="light" color={LEVEL_COLOR[r.level] ?? 'gray'} tt="none" fw={500}>
          {intl.formatMessage({ id: `log.appRun.level.${r.level}` })}
        </Badge>
      ),
    },
    { key: 'tag', title: 'log.appRun.tag', render: (r) => <Text size="xs" ff="monospace" dir="ltr">{r.tag || '—'}</Text> },
    { key: 'message', title: 'log.client.message', render: (r) => <LongText text={r.message} w={360} /> },
    { key: 'device', title: 'log.appRun.device', render: (r) => <LongText text={r.device || '—'} w={160} /> },
    { key: 'app_version', title: 'log.appRun.appVersion', render: (r) => <Text size="sm" dir="ltr">{r.app_version || '—'}</Text> },
    { key: 'customer_id', title: 'log.appRun.customer', render: (r) => <Text size="sm">{r.customer_id ?? '—'}</Text> },
    { key: 'merchant_id', title: 'log.appRun.merchant', width: 90, render: (r) => <Text size="sm">{r.merchant_id}</Text> },
  ], [intl]);

  const levels = [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    ...APP_LOG_LEVELS.map((l) => ({ value: l, label: intl.formatMessage({ id: `log.appRun.level.${l}` }) })),
  ];

  return (
    <Paper withBorder radius="md" p="sm" data-testid="app-run-log-screen">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <FilterBar {...bar}>
            <Select size="xs" w={110} label={intl.formatMessage({ id: 'log.appRun.level' })} data={levels} value={draft.level}
              onChange={(v) => set({ level: v ?? '' })} allowDeselect={false} name="level" />
            <TextInput size="xs" w={110} label={intl.formatMessage({ id: 'log.appRun.tag' })} value={draft.tag} onChange={field('tag')} name="tag" dir="ltr" />
            <TextInput size="xs" w={160} label={intl.formatMessage({ id: 'log.client.message' })} value={draft.q} onChange={field('q')} name="q" />
            <TextInput size="xs" w={100} label={intl.formatMessage({ id: 'log.appRun.customer' })} value={draft.customer_id}
              onChange={(e) => set({ customer_id: e.currentTarget.value.replace(/\D/g, '') })} name="customer_id" inputMode="numeric" />
            <TextInput size="xs" w={130} label={intl.formatMessage({ id: 'log.appRun.device' })} value={draft.device} onChange={field('device')} name="device" />
            <TextInput size="xs" w={90} label={intl.formatMessage({ id: 'log.appRun.appVersion' })} value={draft.app_version} onChange={field('app_version')}
              name="app_version" dir="ltr" />
            <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
          </FilterBar>
          <ExportButton url={byId.get(SCREEN)!.api!.path} filters={list.filters} />
        </Group>
        <LogTable<AppRunLogRow> list={list} label={intl.formatMessage({ id: 'route.log.app_run_log' })} columns={columns} />
      </Stack>
    </Paper>
  );
}
