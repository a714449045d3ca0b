import { Modal, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ZodType } from 'zod';
import { api } from '../../app/api/request';
import {
  domainListQuery, linkListQuery, providerListQuery, SHORT_LINK_API, useListQuery, type DomainRow, type LinkDaily, type LinkRow,
  type ProviderRow, type UseRow,
} from '../../schemas/shortLink';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { useShortLinkChoices } from './options';

/** The four screens of the /system shortLink group (docs/shortLink.md): one grid each on the list engine. */

const TITLES = {
  host: 'shortLink.field.host', domain_state: 'shortLink.field.state', name: 'shortLink.field.name', provider_kind: 'shortLink.field.kind',
  enabled: 'shortLink.field.enabled', merchant_id: 'field.merchant_id', link_purpose: 'shortLink.field.purpose', link_channel: 'shortLink.field.channel',
  domain_id: 'shortLink.field.host', code: 'shortLink.field.code', created: 'field.created_at',
};

const STATE_COLORS: Record<string, string> = { active: '#2f9e44', blocked: '#e03131', checking: '#f08c00' };
const opt = (intl: IntlShape, field: string, v: string | null) => (v ? intl.formatMessage({ id: `option.${field}.${v}` }) : '');
const yes = (intl: IntlShape, v: boolean) => intl.formatMessage({ id: v ? 'shortLink.yes' : 'shortLink.no' });

interface ListProps<R extends object> {
  screen: string;
  url: string;
  schema: ZodType;
  columns: (intl: IntlShape) => GridColumnDef<R>[];
  intro: string;
  defaultSort: string;
  testId: string;
  onOpen?: (row: R) => void;
}

function ListScreen<R extends object>({ screen, url, schema, columns, intro, defaultSort, testId, onOpen }: ListProps<R>) {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(schema);
  const choices = useShortLinkChoices();
  const cols = useMemo(() => columns(intl), [columns, intl]);
  return (
    <Stack gap="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: intro })}</Text>
      <FilterBar schema={schema} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <DataGrid<R> screenId={screen} url={url} columns={cols} filters={filters} defaultSort={defaultSort} onOpen={onOpen} exportable />
    </Stack>
  );
}

const domainColumns = (intl: IntlShape): GridColumnDef<DomainRow>[] => [
  { key: 'host', title: 'shortLink.field.host', width: 240 },
  { key: 'state', title: 'shortLink.field.state', kind: 'tag', width: 110, format: (r) => opt(intl, 'domain_state', r.state), tagColor: (r) => STATE_COLORS[r.state] },
  { key: 'https', title: 'shortLink.field.https', kind: 'tag', width: 80, format: (r) => yes(intl, r.https) },
  { key: 'uses', title: 'shortLink.field.uses', kind: 'number', width: 90 },
  { key: 'links', title: 'shortLink.field.links', kind: 'number', width: 90 },
  { key: 'remark', title: 'shortLink.field.remark', width: 220 },
  { key: 'updated_at', title: 'shortLink.field.updated_at', kind: 'datetime' },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
];

const providerColumns = (intl: IntlShape): GridColumnDef<ProviderRow>[] => [
  { key: 'name', title: 'shortLink.field.name', width: 180 },
  { key: 'kind', title: 'shortLink.field.kind', kind: 'tag', width: 110, format: (r) => opt(intl, 'provider_kind', r.kind) },
  { key: 'enabled', title: 'shortLink.field.enabled', kind: 'tag', width: 90, format: (r) => yes(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
  { key: 'endpoint', title: 'shortLink.field.endpoint', width: 260 },
  { key: 'secret_hint', title: 'shortLink.field.secret', width: 110, format: (r) => (r.has_secret ? `••••${r.secret_hint}` : '—') },
  { key: 'timeout_ms', title: 'shortLink.field.timeout_ms', kind: 'number', width: 110 },
  { key: 'uses', title: 'shortLink.field.uses', kind: 'number', width: 90 },
  { key: 'remark', title: 'shortLink.field.remark', width: 200 },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime' },
];

const useColumns = (intl: IntlShape): GridColumnDef<UseRow>[] => [
  { key: 'merchant_name', title: 'field.merchant_id', width: 180, format: (r) => r.merchant_name ?? intl.formatMessage({ id: 'shortLink.allMerchants' }) },
  { key: 'purpose', title: 'shortLink.field.purpose', kind: 'tag', width: 140, format: (r) => opt(intl, 'link_purpose', r.purpose) },
  { key: 'channel', title: 'shortLink.field.channel', kind: 'tag', width: 100, format: (r) => opt(intl, 'link_channel', r.channel) },
  {
    key: 'domain_host', title: 'shortLink.field.host', width: 240,
    format: (r) => (r.domain_host ? `${r.domain_host} · ${opt(intl, 'domain_state', r.domain_state)}` : intl.formatMessage({ id: 'shortLink.ownAddress' })),
  },
  { key: 'provider_name', title: 'shortLink.field.provider', width: 180, format: (r) => r.provider_name ?? intl.formatMessage({ id: 'shortLink.builtIn' }) },
  { key: 'enabled', title: 'shortLink.field.enabled', kind: 'tag', width: 90, format: (r) => yes(intl, r.enabled), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
  { key: 'remark', title: 'shortLink.field.remark', width: 200 },
  { key: 'updated_at', title: 'shortLink.field.updated_at', kind: 'datetime' },
];

const linkColumns = (intl: IntlShape): GridColumnDef<LinkRow>[] => [
  { key: 'short_url', title: 'shortLink.field.short_url', width: 260 },
  { key: 'long_url', title: 'shortLink.field.long_url', width: 320 },
  { key: 'clicks', title: 'shortLink.field.clicks', kind: 'number', width: 90, sortable: true },
  { key: 'last_click_at', title: 'shortLink.field.last_click_at', kind: 'datetime' },
  { key: 'purpose', title: 'shortLink.field.purpose', kind: 'tag', width: 140, format: (r) => opt(intl, 'link_purpose', r.purpose) },
  { key: 'channel', title: 'shortLink.field.channel', kind: 'tag', width: 90, format: (r) => opt(intl, 'link_channel', r.channel) },
  { key: 'domain_host', title: 'shortLink.field.host', width: 180, format: (r) => r.domain_host ?? intl.formatMessage({ id: 'shortLink.ownAddress' }) },
  { key: 'provider_name', title: 'shortLink.field.provider', width: 150, format: (r) => r.provider_name ?? intl.formatMessage({ id: 'shortLink.builtIn' }) },
  { key: 'provider_error', title: 'shortLink.field.provider_error', width: 180 },
  { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
  { key: 'code', title: 'shortLink.field.code', width: 120 },
  { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
];

/** Clicks by day of one link (Enter or double click on a row of DomainLinkLog). */
function DailyDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const intl = useIntl();
  const daily = useRemote((signal) => (id ? api.get<LinkDaily>(SHORT_LINK_API.linkDaily, { id }, { signal }) : Promise.resolve(null)), [id]);
  const d = daily.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={intl.formatMessage({ id: 'shortLink.daily.title' })} size="lg" data-testid="short-link-daily">
      {d && (
        <Stack gap="xs">
          <Text size="sm" style={{ wordBreak: 'break-all' }} dir="ltr">{d.long_url}</Text>
          {d.days.length === 0 ? <Text c="dimmed">{intl.formatMessage({ id: 'shortLink.daily.none' })}</Text> : (
            <Table striped withTableBorder>
              <Table.Thead><Table.Tr>
                <Table.Th>{intl.formatMessage({ id: 'shortLink.daily.day' })}</Table.Th>
                <Table.Th>{intl.formatMessage({ id: 'shortLink.field.clicks' })}</Table.Th>
                <Table.Th>{intl.formatMessage({ id: 'shortLink.daily.visitors' })}</Table.Th>
              </Table.Tr></Table.Thead>
              <Table.Tbody>{d.days.map((x) => (
                <Table.Tr key={x.day}><Table.Td>{x.day}</Table.Td><Table.Td>{x.clicks}</Table.Td><Table.Td>{x.visitors}</Table.Td></Table.Tr>
              ))}</Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}

export function DomainListScreen() {
  return <ListScreen<DomainRow> screen="system.DomainList" url={SHORT_LINK_API.domainList} schema={domainListQuery} columns={domainColumns}
    intro="shortLink.intro.domains" defaultSort="id:desc" testId="shortlink-domains" />;
}
export function ServiceProviderScreen() {
  return <ListScreen<ProviderRow> screen="system.ServiceProvider" url={SHORT_LINK_API.providerList} schema={providerListQuery} columns={providerColumns}
    intro="shortLink.intro.providers" defaultSort="id:desc" testId="shortlink-providers" />;
}
export function LinkUseChannelScreen() {
  return <ListScreen<UseRow> screen="system.LinkUseChannel" url={SHORT_LINK_API.useList} schema={useListQuery} columns={useColumns}
    intro="shortLink.intro.uses" defaultSort="id:asc" testId="shortlink-uses" />;
}
export function DomainLinkLogScreen() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ListScreen<LinkRow> screen="system.DomainLinkLog" url={SHORT_LINK_API.linkList} schema={linkListQuery} columns={linkColumns}
        intro="shortLink.intro.links" defaultSort="created_at:desc" testId="shortlink-links" onOpen={(r) => setOpen(r.id)} />
      <DailyDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}
