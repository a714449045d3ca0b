import { Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useScreenSelection } from '../../app/commands';
import type { TokenSummaryRow } from '../../schemas/empower';
import type { Column } from '../../ui/RecordTable';
import { AccountCell, TimeCell } from './cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from './FilterBar';
import { getActiveSummary, type Query } from './log.api';
import { LogTable } from './LogPager';
import { lastDays, splitMinutes } from './logQuery';
import { usePagedList } from './usePagedList';

const SCREEN = 'log.admin_active_summary';
type Row = TokenSummaryRow & { id: number };
/** The last 7 days, open-ended: the server reads days in the business time zone, which may be ahead of the browser's. */
const initial = () => ({ account: '', date_from: lastDays(7).date_from, date_to: '' });

/** The table needs a row id: one row per account. */
const load = async (q: Query, signal: AbortSignal) => {
  const res = await getActiveSummary(q, signal);
  return { ...res, rows: (res?.rows ?? []).map((r): Row => ({ ...r, id: r.account_id })) };
};

/** Per account over the sessions opened in a period (default the last 7 days): sessions, online time, first and last activity. */
export default function ActiveSummaryScreen() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const [init] = useState(initial);
  const list = usePagedList<Row, ReturnType<typeof initial>>(SCREEN, load, init);
  const { draft, set, bar } = useFilterDraft(list, init);
  const longest = Math.max(1, ...list.rows.map((r) => r.online_minutes));

  const columns = useMemo<Column<Row>[]>(() => [
    { key: 'account', title: 'field.account', render: (r) => <AccountCell account={r.account} name={r.name} /> },
    { key: 'sessions', title: 'log.summary.sessions', width: 100, render: (r) => intl.formatNumber(r.sessions) },
    {
      key: 'online_minutes', title: 'log.summary.onlineTime', width: 220,
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{intl.formatMessage({ id: r.online_minutes < 60 ? 'log.durationMinutes' : 'log.duration' }, splitMinutes(r.online_minutes))}</Text>
          <Progress value={(r.online_minutes / longest) * 100} size="xs" aria-hidden />
        </Stack>
      ),
    },
    { key: 'first_login_at', title: 'log.summary.firstLogin', render: (r) => <TimeCell at={r.first_login_at} /> },
    { key: 'last_seen_at', title: 'log.session.lastSeen', render: (r) => <TimeCell at={r.last_seen_at} relative /> },
  ], [intl, longest]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="summary-screen">
      <Stack gap="sm">
        <FilterBar {...bar}>
          <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
          <TextInput size="xs" w={160} label={intl.formatMessage({ id: 'field.account' })} value={draft.account}
            placeholder={intl.formatMessage({ id: 'log.filter.accountPrefix' })}
            onChange={(e) => set({ account: e.currentTarget.value })} name="account" />
        </FilterBar>
        <LogTable<Row> list={list} label={intl.formatMessage({ id: 'route.log.admin_active_summary' })} columns={columns} />
      </Stack>
    </Paper>
  );
}
