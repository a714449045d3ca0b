import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { executeCommand, useCommandDone, useCommandUi, useSelection } from '../../app/commands';
import { formatTime } from '../../app/lib/time';
import {
  entryListQuery, groupListQuery, landingListQuery, linkListQuery, MARKETING_API, myListQuery, registrationListQuery,
  type EntryRow, type GroupRow, type LandingRow, type LinkRow, type RegistrationRow,
} from '../../schemas/marketing';
import type { GridColumnDef } from '../../ui/DataGrid';
import { useRemote } from '../../ui/useRemote';
import { ImportDialog } from './ImportDialog';
import { marketingApi } from './marketing.api';
import { MarketingGrid, useWord } from './MarketingGrid';

/** The six /Marketing screens (docs/marketing.md). */

const resultColumn = <R extends { result: string }>(word: ReturnType<typeof useWord>): GridColumnDef<R> => ({
  key: 'result', title: 'marketing.field.result', kind: 'tag', width: 130,
  format: (r) => (r.result ? word(`marketing.result.${r.result}`, r.result) : word('marketing.result.none', '—')),
  tagColor: (r) => ({ agreed: 'teal', rejected: 'red', no_answer: 'yellow', wrong_number: 'gray' } as Record<string, string>)[r.result],
});

// ------------------------------------------------------------------------------------------------ MarketingService

export function ServiceScreen() {
  const word = useWord();
  const sel = useSelection();
  const group = sel.screen === 'marketing.MarketingService' && sel.rows.length === 1 ? (sel.rows[0] as unknown as GroupRow) : null;
  const agents = useRemote((signal) => (group ? marketingApi.agents(group.merchant_id, signal).catch(() => []) : Promise.resolve([])), [group?.merchant_id]);
  const choices = useMemo(() => ({
    account_ids: (agents.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.account}) · ${a.holding}` })),
  }), [agents.data]);
  const columns = useMemo<GridColumnDef<GroupRow>[]>(() => [
    { key: 'name', title: 'field.name', width: 170 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 150 },
    { key: 'product_name', title: 'field.product_id', width: 150 },
    { key: 'limit_minor', title: 'marketing.field.limit', kind: 'money', width: 130 },
    { key: 'expires_at', title: 'marketing.field.expires_at', kind: 'datetime' },
    { key: 'numbers', title: 'marketing.field.numbers', kind: 'number', width: 100 },
    { key: 'undispatched', title: 'marketing.field.undispatched', kind: 'number', width: 110 },
    { key: 'called', title: 'marketing.field.called', kind: 'number', width: 100 },
    { key: 'agreed', title: 'marketing.result.agreed', kind: 'number', width: 100 },
    { key: 'registered', title: 'marketing.field.registered', kind: 'number', width: 100 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => word(r.enabled ? 'marketing.on' : 'marketing.off') },
  ], [word]);
  return (
    <MarketingGrid<GroupRow> screen="marketing.MarketingService" url={MARKETING_API.groups} schema={groupListQuery} columns={columns}
      intro="marketing.intro.service" defaultSort="id:desc" height="45vh" choices={choices}>
      <ProgressPanel groupId={group?.id ?? null} />
    </MarketingGrid>
  );
}

function ProgressPanel({ groupId }: { groupId: number | null }) {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const remote = useRemote((signal) => (groupId ? marketingApi.progress(groupId, signal) : Promise.resolve([])), [groupId]);
  useCommandDone(() => remote.reload(), 'marketing.');
  return (
    <Paper withBorder p="sm" data-testid="marketing-progress">
      <Text fw={600} size="sm" mb={6}>{w('marketing.progress.title')}</Text>
      {groupId === null && <Text size="sm" c="dimmed">{w('marketing.progress.pick')}</Text>}
      {groupId !== null && !remote.loading && !(remote.data ?? []).length && <Text size="sm" c="dimmed">{w('marketing.empty.numbers')}</Text>}
      {(remote.data ?? []).length > 0 && (
        <Table striped withTableBorder fz="sm">
          <Table.Thead><Table.Tr>
            {['marketing.field.agent', 'marketing.field.numbers', 'marketing.field.called', 'marketing.result.agreed', 'marketing.result.rejected',
              'marketing.result.no_answer', 'marketing.result.wrong_number', 'marketing.field.sms', 'marketing.field.registered'].map((id) => <Table.Th key={id}>{w(id)}</Table.Th>)}
          </Table.Tr></Table.Thead>
          <Table.Tbody>
            {(remote.data ?? []).map((r) => (
              <Table.Tr key={r.agent_id ?? 0}>
                <Table.Td>{r.agent_name ?? w('marketing.unassigned')}</Table.Td>
                <Table.Td>{r.numbers}</Table.Td><Table.Td>{r.called}</Table.Td><Table.Td>{r.agreed}</Table.Td><Table.Td>{r.rejected}</Table.Td>
                <Table.Td>{r.no_answer}</Table.Td><Table.Td>{r.wrong_number}</Table.Td><Table.Td>{r.sms}</Table.Td><Table.Td>{r.registered}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

// ------------------------------------------------------------------------------------------------ marketingList

export function EntriesScreen() {
  const word = useWord();
  const [open, setOpen] = useState(0);
  useCommandUi('marketing.marketingList.import', () => setOpen((n) => n + 1));
  const columns = useMemo<GridColumnDef<EntryRow>[]>(() => [
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'group_name', title: 'marketing.field.group', width: 160 },
    { key: 'agent_name', title: 'marketing.field.agent', width: 140, format: (r) => r.agent_name ?? word('marketing.unassigned') },
    resultColumn<EntryRow>(word),
    { key: 'note', title: 'marketing.field.note', width: 220 },
    { key: 'sms_count', title: 'marketing.field.sms', kind: 'number', width: 80 },
    { key: 'registered_at', title: 'marketing.field.registered_at', kind: 'datetime' },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime' },
  ], [word]);
  return (
    <MarketingGrid<EntryRow> screen="marketing.marketingList" url={MARKETING_API.entries} schema={entryListQuery} columns={columns}
      intro="marketing.intro.list" defaultSort="id:desc">
      <ImportDialog openKey={open} onClose={() => setOpen(0)} />
    </MarketingGrid>
  );
}

// ------------------------------------------------------------------------------------------------ myMarketingList

/** The result keys send the version of the number the agent saw: a number changed meanwhile is refused (40900). */
const RESULT_COMMANDS = ['agreed', 'rejected', 'noAnswer', 'wrongNumber'].map((v) => `marketing.myMarketingList.${v}`);

function useSeenVersion(id: string) {
  useCommandUi(id, ({ selection }) => executeCommand(id, { seen_at: selection[0]?.updated_at }, { selection }).catch(() => undefined));
}

export function MyListScreen() {
  const word = useWord();
  const intl = useIntl();
  for (const id of RESULT_COMMANDS) useSeenVersion(id); // eslint-disable-line react-hooks/rules-of-hooks
  const columns = useMemo<GridColumnDef<EntryRow & { product_name: string | null; limit_minor: number | null }>[]>(() => [
    { key: 'phone', title: 'field.phone', width: 140 },
    resultColumn(word),
    { key: 'note', title: 'marketing.field.note', width: 240 },
    { key: 'group_name', title: 'marketing.field.group', width: 150 },
    { key: 'product_name', title: 'field.product_id', width: 140 },
    { key: 'limit_minor', title: 'marketing.field.limit', kind: 'money', width: 130 },
    { key: 'sms_count', title: 'marketing.field.sms', kind: 'number', width: 80 },
    { key: 'registered_at', title: 'marketing.field.registered_at', kind: 'datetime' },
    { key: 'result_at', title: 'marketing.field.result_at', kind: 'datetime' },
  ], [word]);
  return (
    <MarketingGrid screen="marketing.myMarketingList" url={MARKETING_API.myList} schema={myListQuery} columns={columns}
      intro="marketing.intro.my" defaultSort="id:asc" autoFocus height="55vh">
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'marketing.my.keys' })}</Text>
      <HistoryPanel />
    </MarketingGrid>
  );
}

function HistoryPanel() {
  const intl = useIntl();
  const word = useWord();
  const sel = useSelection();
  const id = sel.screen === 'marketing.myMarketingList' && sel.rows.length === 1 ? Number(sel.rows[0].id) : null;
  const remote = useRemote((signal) => (id ? marketingApi.history(id, signal) : Promise.resolve([])), [id]);
  useCommandDone(() => remote.reload(), 'marketing.myMarketingList.');
  return (
    <Paper withBorder p="sm" data-testid="marketing-history">
      <Text fw={600} size="sm" mb={6}>{intl.formatMessage({ id: 'marketing.history.title' })}</Text>
      {id !== null && !remote.loading && !(remote.data ?? []).length && <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'marketing.history.empty' })}</Text>}
      <Stack gap={4}>
        {(remote.data ?? []).map((h) => (
          <Group key={h.id} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>{formatTime(h.created_at)}</Text>
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>{h.kind === 'result' ? word(`marketing.result.${h.result}`, h.result) : word(`marketing.kind.${h.kind}`, h.kind)}</Badge>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{h.account_name ?? ''}</Text>
            <Text size="sm">{h.note}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

// ------------------------------------------------------------------------------------------------ RegistrationSuccessList

export function RegistrationsScreen() {
  const word = useWord();
  const columns = useMemo<GridColumnDef<RegistrationRow>[]>(() => [
    { key: 'registered_at', title: 'marketing.field.registered_at', kind: 'datetime' },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'customer_name', title: 'field.customer_name', width: 160 },
    { key: 'agent_name', title: 'marketing.field.agent', width: 150, format: (r) => r.agent_name ?? word('marketing.unassigned') },
    { key: 'group_name', title: 'marketing.field.group', width: 150 },
    { key: 'product_name', title: 'field.product_id', width: 140 },
    { key: 'limit_minor', title: 'marketing.field.limit', kind: 'money', width: 130 },
    { key: 'applied', title: 'marketing.field.applied', kind: 'tag', width: 100, format: (r) => word(r.applied ? 'marketing.yes' : 'marketing.no') },
    { key: 'disbursed', title: 'marketing.field.disbursed', kind: 'tag', width: 100, format: (r) => word(r.disbursed ? 'marketing.yes' : 'marketing.no') },
  ], [word]);
  return (
    <MarketingGrid<RegistrationRow> screen="marketing.RegistrationSuccessList" url={MARKETING_API.registrations} schema={registrationListQuery}
      columns={columns} intro="marketing.intro.registrations" defaultSort="id:desc" />
  );
}

// ------------------------------------------------------------------------------------------------ H5UrlList and promotionLinkList

export function LandingScreen() {
  const word = useWord();
  const columns = useMemo<GridColumnDef<LandingRow>[]>(() => [
    { key: 'title', title: 'marketing.field.title', width: 180 },
    { key: 'template', title: 'marketing.field.template', kind: 'tag', width: 120, format: (r) => word(`option.template.${r.template}`, r.template) },
    { key: 'channel_name', title: 'marketing.field.channel', width: 150 },
    { key: 'url', title: 'marketing.field.url', width: 320 },
    { key: 'links', title: 'marketing.field.links', kind: 'number', width: 90 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => word(r.enabled ? 'marketing.on' : 'marketing.off') },
  ], [word]);
  return <MarketingGrid<LandingRow> screen="marketing.H5UrlList" url={MARKETING_API.landings} schema={landingListQuery} columns={columns} intro="marketing.intro.h5" defaultSort="id:desc" />;
}

export function LinksScreen() {
  const word = useWord();
  const columns = useMemo<GridColumnDef<LinkRow>[]>(() => [
    { key: 'code', title: 'marketing.field.code', width: 110 },
    { key: 'short_url', title: 'marketing.field.short_url', width: 140 },
    { key: 'channel_name', title: 'marketing.field.channel', width: 150 },
    { key: 'agent_name', title: 'marketing.field.agent', width: 140, format: (r) => r.agent_name ?? word('marketing.shared') },
    { key: 'clicks', title: 'marketing.field.clicks', kind: 'number', sortable: true, width: 90 },
    { key: 'registrations', title: 'marketing.field.registered', kind: 'number', width: 100 },
    { key: 'applications', title: 'marketing.field.applied', kind: 'number', width: 100 },
    { key: 'target_url', title: 'marketing.field.url', width: 320 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => word(r.enabled ? 'marketing.on' : 'marketing.off') },
  ], [word]);
  return <MarketingGrid<LinkRow> screen="marketing.promotionLinkList" url={MARKETING_API.links} schema={linkListQuery} columns={columns} intro="marketing.intro.links" defaultSort="id:desc" />;
}
