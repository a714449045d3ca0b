import { Badge, Drawer, Group, Loader, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { runInteractive, useCommandDone, useParamChoices, type Row } from '../../app/commands';
import { formatTime } from '../../app/lib/time';
import { CHANNEL_API, deliveryListQuery, providerListQuery, type ChannelProviderRow, type ChannelProviderSecret, type DeliveryRow } from '../../schemas/channel';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { channelApi, useChannelChoices } from './channel.api';
import { SecretsDialog, type ShownSecrets } from './SecretsDialog';

const SCREEN = 'merchant.channelProvider';
/** The deliveries grid's own selection scope (no registry actions act on its rows; retry takes the delivery's id). */
const DELIVERIES = 'merchant.channelProvider.deliveries';
const STATUS_COLOR: Record<string, string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };
const TITLES = { merchant_id: 'field.merchant_id', kind: 'field.kind', enabled: 'field.enabled', provider_id: 'channel.field.provider', channel_id: 'field.channel_id', state: 'field.status' };

/**
 * /merchant/channelProvider: tracking providers (sandbox or HTTP) with their signing secret shown once, and below the
 * deliveries of conversion events — status, attempts, last answer — with every attempt of one delivery in a drawer.
 * A failed delivery is sent again with "Retry" (Enter on the delivery, then the button).
 */
export default function ProviderScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useUrlFilters(providerListQuery);
  const [dFilters, setDFilters] = useState<Record<string, unknown>>({});
  const choices = useChannelChoices();
  useParamChoices(choices.byKey);
  const [shown, setShown] = useState<ShownSecrets | null>(null);
  const [open, setOpen] = useState<DeliveryRow | null>(null);
  useCommandDone((d) => {
    const r = d.result as Partial<ChannelProviderSecret> | undefined;
    if ((d.id === `${SCREEN}.add` || d.id === `${SCREEN}.rotate`) && r?.row && r.secret) {
      setShown({ title: r.row.name, secrets: [{ label: 'channel.field.signing_secret', value: r.secret }] });
    }
  }, `${SCREEN}.`);
  // The deliveries grid belongs to no registry screen, so a retry reloads it by remounting.
  const [dKey, setDKey] = useState(0);
  useCommandDone(() => setDKey((k) => k + 1), `${SCREEN}.retry`);
  const attempts = useRemote((signal) => (open ? channelApi.attempts(open.id, signal) : Promise.resolve([])), [open?.id]);

  const columns = useMemo<GridColumnDef<ChannelProviderRow>[]>(() => [
    { key: 'id', title: 'field.id', kind: 'number', width: 70, sortable: true },
    { key: 'name', title: 'field.name', width: 180 },
    { key: 'kind', title: 'field.kind', kind: 'tag', width: 100, format: (r) => intl.formatMessage({ id: `option.kind.${r.kind}`, defaultMessage: r.kind }) },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'url', title: 'channel.field.url', width: 240, format: (r) => r.url || '—' },
    { key: 'secret_hint', title: 'channel.field.signing_secret', width: 120, format: (r) => `••••${r.secret_hint}` },
    { key: 'events', title: 'channel.field.events', width: 200, format: (r) => r.events.map((e) => intl.formatMessage({ id: `option.events.${e}`, defaultMessage: e })).join(', ') },
    { key: 'pending', title: 'channel.pending', kind: 'number', width: 90 },
    { key: 'delivered', title: 'channel.delivered', kind: 'number', width: 90 },
    { key: 'failed', title: 'channel.failed', kind: 'number', width: 90 },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => w(r.enabled ? 'channel.on' : 'channel.off'), tagColor: (r) => (r.enabled ? 'teal' : 'gray') },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const deliveryColumns = useMemo<GridColumnDef<DeliveryRow>[]>(() => [
    { key: 'id', title: 'field.id', kind: 'number', width: 80, sortable: true },
    { key: 'provider_name', title: 'channel.field.provider', width: 160 },
    { key: 'channel_code', title: 'field.channel_id', width: 130 },
    { key: 'kind', title: 'field.kind', width: 120, format: (r) => intl.formatMessage({ id: `option.events.${r.kind}`, defaultMessage: r.kind }) },
    { key: 'customer_id', title: 'field.customer_id', kind: 'number', width: 100 },
    { key: 'order_id', title: 'field.order_id', kind: 'number', width: 100 },
    { key: 'status', title: 'field.status', kind: 'tag', width: 100, format: (r) => intl.formatMessage({ id: `option.state.${r.status}`, defaultMessage: r.status }), tagColor: (r) => STATUS_COLOR[r.status] },
    { key: 'attempts', title: 'field.attempts', kind: 'number', width: 90 },
    { key: 'last_code', title: 'channel.field.last_code', kind: 'number', width: 100 },
    { key: 'occurred_at', title: 'channel.field.occurred_at', kind: 'datetime' },
    { key: 'next_attempt_at', title: 'channel.field.next_attempt_at', kind: 'datetime' },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]);

  return (
    <Stack gap="sm" data-testid="channel-provider-screen">
      <Text size="sm" c="dimmed">{w('channel.provider.intro')}</Text>
      {/* One grid at a time: each grid publishes its own selection for the palette and the hotkeys. */}
      <Tabs defaultValue="providers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="providers">{w('route.merchant.channelProvider')}</Tabs.Tab>
          <Tabs.Tab value="deliveries" data-testid="channel-deliveries-tab">{w('channel.deliveries')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="providers" pt="sm">
          <Stack gap="sm">
            <FilterBar schema={providerListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchants }} />
            <DataGrid<ChannelProviderRow> screenId={SCREEN} url={CHANNEL_API.providerList} columns={columns} filters={filters} defaultSort="id:asc"
              onOpen={(r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] })} toolbarExclude={[`${SCREEN}.retry`]} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="deliveries" pt="sm">
          <Stack gap="sm">
            <FilterBar schema={deliveryListQuery} value={dFilters} onApply={setDFilters} titles={TITLES} omit={['merchant_id']} choices={{ channel_id: choices.channels }} />
            <DataGrid<DeliveryRow> key={dKey} screenId={DELIVERIES} url={CHANNEL_API.deliveries} columns={deliveryColumns} filters={dFilters} defaultSort="created_at:desc"
              onOpen={setOpen} exportable />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg" title={open ? w('channel.attempts.title', { id: open.id }) : ''}>
        {open && (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color={STATUS_COLOR[open.status]}>{intl.formatMessage({ id: `option.state.${open.status}`, defaultMessage: open.status })}</Badge>
              {open.status === 'failed' && (
                <Badge component="button" variant="outline" style={{ cursor: 'pointer' }} data-testid="channel-retry"
                  onClick={() => void runInteractive(`${SCREEN}.retry`, { intl, params: { id: open.id } }).then(() => { setOpen(null); })}>
                  {w(`action.${SCREEN}.retry`)}
                </Badge>
              )}
            </Group>
            {attempts.loading && <Loader size="sm" />}
            {!attempts.loading && !(attempts.data ?? []).length && <Text size="sm" c="dimmed">{w('channel.attempts.none')}</Text>}
            {!!(attempts.data ?? []).length && (
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th><Table.Th>{w('field.status')}</Table.Th><Table.Th>{w('channel.field.last_code')}</Table.Th>
                    <Table.Th>{w('channel.field.duration')}</Table.Th><Table.Th>{w('channel.field.at')}</Table.Th><Table.Th>{w('channel.field.error')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(attempts.data ?? []).map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.attempt}</Table.Td>
                      <Table.Td>{intl.formatMessage({ id: `option.attempt.${a.status}`, defaultMessage: a.status })}</Table.Td>
                      <Table.Td>{a.response_code ?? '—'}</Table.Td>
                      <Table.Td>{w('channel.ms', { ms: a.duration_ms })}</Table.Td>
                      <Table.Td>{formatTime(a.at)}</Table.Td>
                      <Table.Td dir="ltr">{a.error || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </Drawer>
      <SecretsDialog value={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
