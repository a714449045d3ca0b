import { Badge, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useScreenSelection } from '../../app/commands';
import type { LoginLogRow } from '../../schemas/log';
import type { Column } from '../../ui/RecordTable';
import { CopyCell, LongText, TimeCell } from './cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from './FilterBar';
import { getLoginLog } from './log.api';
import { LogTable } from './LogPager';
import { usePagedList } from './usePagedList';

const SCREEN = 'log.admin_login';
const INITIAL = { account: '', success: '', ip: '', date_from: '', date_to: '' };

/** Why a sign-in failed (the server's reason codes), as message ids. */
export const LOGIN_REASONS = ['password', 'captcha', 'disabled', 'work_period', 'terminal', 'google', 'google_replay'] as const;

export function reasonId(reason: string): string | null {
  return (LOGIN_REASONS as readonly string[]).includes(reason) ? `log.reason.${reason}` : null;
}

/** Sign-in attempts, newest first: account, result and reason, IP, browser. */
export default function LoginLogScreen() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const list = usePagedList<LoginLogRow, typeof INITIAL>(SCREEN, getLoginLog, INITIAL);
  const { draft, set, bar } = useFilterDraft(list, INITIAL);

  const columns = useMemo<Column<LoginLogRow>[]>(() => [
    { key: 'created_at', title: 'field.time', width: 170, render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'account', title: 'field.account', render: (r) => <Text size="sm" fw={500}>{r.account}</Text> },
    {
      key: 'success', title: 'log.login.result',
      render: (r) => {
        const why = r.success ? null : reasonId(r.reason);
        return (
          <Group gap={6} wrap="nowrap">
            <Badge size="sm" variant="light" color={r.success ? 'teal' : 'red'} tt="none" fw={500}>
              {intl.formatMessage({ id: r.success ? 'log.login.success' : 'log.login.failed' })}
            </Badge>
            {!r.success && r.reason && <Text size="xs" c="dimmed">{why ? intl.formatMessage({ id: why }) : r.reason}</Text>}
          </Group>
        );
      },
    },
    { key: 'ip', title: 'field.ip', render: (r) => <CopyCell text={r.ip} /> },
    { key: 'user_agent', title: 'field.user_agent', render: (r) => <LongText text={r.user_agent} w={300} /> },
  ], [intl]);

  const results = [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    { value: '1', label: intl.formatMessage({ id: 'log.login.success' }) },
    { value: '0', label: intl.formatMessage({ id: 'log.login.failed' }) },
  ];

  return (
    <Paper withBorder radius="md" p="sm" data-testid="login-log-screen">
      <Stack gap="sm">
        <FilterBar {...bar}>
          <TextInput size="xs" w={150} label={intl.formatMessage({ id: 'field.account' })} value={draft.account}
            onChange={(e) => set({ account: e.currentTarget.value })} name="account" />
          <Select size="xs" w={130} label={intl.formatMessage({ id: 'log.login.result' })} data={results} value={draft.success}
            onChange={(v) => set({ success: v ?? '' })} allowDeselect={false} name="success" />
          <TextInput size="xs" w={140} label={intl.formatMessage({ id: 'field.ip' })} value={draft.ip}
            onChange={(e) => set({ ip: e.currentTarget.value })} name="ip" dir="ltr" />
          <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
        </FilterBar>
        <LogTable<LoginLogRow> list={list} label={intl.formatMessage({ id: 'route.log.admin_login' })} columns={columns} />
      </Stack>
    </Paper>
  );
}
