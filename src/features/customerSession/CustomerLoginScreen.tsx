import { Badge, Checkbox, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { useCommandDone, useScreenSelection } from '../../app/commands';
import { LOGIN_KINDS, type CustomerLoginRow, type CustomerSessionRow } from '../../schemas/customerSession';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { CommandToolbar } from '../../ui/CommandToolbar';
import type { Column } from '../../ui/RecordTable';
import { useRowSelection } from '../../ui/useRowSelection';
import { CopyCell, LongText, TimeCell } from '../log/cells';
import { DateRangeInputs, FilterBar, useFilterDraft } from '../log/FilterBar';
import { LogTable } from '../log/LogPager';
import { usePagedList } from '../log/usePagedList';
import { getCustomerLogins, getCustomerSessions } from './customerSession.api';
import { CommonFilters, CustomerCell, ResultCell, useMerchantChoices } from './parts';

const SCREEN = 'log.customer_login';
const ATTEMPTS = { merchant_id: '', phone: '', kind: '', success: '', date_from: '', date_to: '' };
const SESSIONS = { merchant_id: '', phone: '', live: '1', date_from: '', date_to: '' };

/**
 * Spec /log/customer_login: every code sent to a borrower and every sign-in attempt (result, reason, device, IP),
 * and a tab of the borrowers' app sessions, where staff holding the force-logout node end the selected ones (shift+L).
 */
export default function CustomerLoginScreen() {
  const intl = useIntl();
  const [tab, setTab] = useState<string | null>('attempts');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="customer-login-screen">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="attempts" data-testid="tab-attempts">{intl.formatMessage({ id: 'customerSession.tab.attempts' })}</Tabs.Tab>
          <Tabs.Tab value="sessions" data-testid="tab-sessions">{intl.formatMessage({ id: 'customerSession.tab.sessions' })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="attempts"><Attempts /></Tabs.Panel>
        <Tabs.Panel value="sessions"><Sessions /></Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

function Attempts() {
  const intl = useIntl();
  useScreenSelection(SCREEN);
  const merchants = useMerchantChoices();
  const list = usePagedList<CustomerLoginRow, typeof ATTEMPTS>(SCREEN, getCustomerLogins, ATTEMPTS);
  const { draft, set, bar } = useFilterDraft(list, ATTEMPTS);

  const columns = useMemo<Column<CustomerLoginRow>[]>(() => [
    { key: 'created_at', title: 'field.time', width: 170, render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'customer', title: 'field.customer_name', render: (r) => <CustomerCell name={r.customer_name} phone={r.phone} /> },
    {
      key: 'kind', title: 'customerSession.field.kind',
      render: (r) => <Badge size="sm" variant="outline" color="gray" tt="none" fw={500}>{intl.formatMessage({ id: `customerSession.kind.${r.kind}` })}</Badge>,
    },
    { key: 'success', title: 'customerSession.field.result', render: (r) => <ResultCell success={r.success} reason={r.reason} prefix="customerSession.reason." /> },
    { key: 'device', title: 'customerSession.field.device', render: (r) => <LongText text={[r.device, r.app_version].filter(Boolean).join(' · ') || '—'} w={200} /> },
    { key: 'ip', title: 'field.ip', render: (r) => <CopyCell text={r.ip} /> },
    { key: 'merchant_name', title: 'field.merchant_id', render: (r) => <Text size="sm">{r.merchant_name ?? r.merchant_id}</Text> },
  ], [intl]);

  const kinds = [
    { value: '', label: intl.formatMessage({ id: 'list.all' }) },
    ...LOGIN_KINDS.map((k) => ({ value: k, label: intl.formatMessage({ id: `customerSession.kind.${k}` }) })),
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <FilterBar {...bar}>
          <CommonFilters draft={draft} set={set} merchants={merchants} />
          <Select size="xs" w={130} label={intl.formatMessage({ id: 'customerSession.field.kind' })} data={kinds} value={draft.kind}
            onChange={(v) => set({ kind: v ?? '' })} allowDeselect={false} name="kind" />
          <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
        </FilterBar>
        <ExportButton url={byId.get(SCREEN)!.api!.path} filters={list.filters} />
      </Group>
      <LogTable<CustomerLoginRow> list={list} label={intl.formatMessage({ id: 'route.log.customer_login' })} columns={columns} />
    </Stack>
  );
}

function Sessions() {
  const intl = useIntl();
  const merchants = useMerchantChoices();
  const list = usePagedList<CustomerSessionRow, typeof SESSIONS>(`${SCREEN}.sessions`, getCustomerSessions, SESSIONS);
  const sel = useRowSelection(SCREEN, list.rows);
  const { draft, set, bar } = useFilterDraft(list, SESSIONS);
  useCommandDone(() => {
    sel.clear();
    list.reload();
  }, 'customerSession.');

  const columns = useMemo<Column<CustomerSessionRow>[]>(() => [
    { key: 'customer', title: 'field.customer_name', render: (r) => <CustomerCell name={r.customer_name} phone={r.phone} /> },
    { key: 'created_at', title: 'customerSession.field.signed_in_at', width: 160, render: (r) => <TimeCell at={r.created_at} /> },
    { key: 'online_since', title: 'customerSession.field.online_since', width: 160, render: (r) => <TimeCell at={r.online_since} relative /> },
    { key: 'last_seen_at', title: 'customerSession.field.last_seen_at', width: 150, render: (r) => <TimeCell at={r.last_seen_at} relative /> },
    {
      key: 'ended_reason', title: 'customerSession.field.ended_reason',
      render: (r) => (r.ended_reason
        ? <Badge size="sm" variant="light" color="gray" tt="none" fw={500}>{intl.formatMessage({ id: `customerSession.ended.${r.ended_reason}` })}</Badge>
        : <Badge size="sm" variant="light" color="teal" tt="none" fw={500}>{intl.formatMessage({ id: 'customerSession.live' })}</Badge>),
    },
    { key: 'device', title: 'customerSession.field.device', render: (r) => <LongText text={[r.device, r.app_version].filter(Boolean).join(' · ') || '—'} w={200} /> },
    { key: 'ip', title: 'field.ip', render: (r) => <CopyCell text={r.ip} /> },
    {
      key: 'gps', title: 'customerSession.field.gps',
      render: (r) => <Text size="xs" dir="ltr" ff="monospace">{r.gps_lat === null || r.gps_lng === null ? '—' : `${r.gps_lat.toFixed(5)}, ${r.gps_lng.toFixed(5)}`}</Text>,
    },
    { key: 'merchant_name', title: 'field.merchant_id', render: (r) => <Text size="sm">{r.merchant_name ?? r.merchant_id}</Text> },
  ], [intl]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <FilterBar {...bar}>
          <CommonFilters draft={draft} set={set} merchants={merchants} />
          <Checkbox size="xs" mb={6} label={intl.formatMessage({ id: 'customerSession.liveOnly' })} checked={draft.live === '1'}
            onChange={(e) => set({ live: e.currentTarget.checked ? '1' : '0' })} name="live" />
          <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={(date_from, date_to) => set({ date_from, date_to })} />
        </FilterBar>
        <CommandToolbar screen={SCREEN} />
      </Group>
      <LogTable<CustomerSessionRow> list={list} label={intl.formatMessage({ id: 'customerSession.tab.sessions' })} columns={columns} sel={sel} />
    </Stack>
  );
}
