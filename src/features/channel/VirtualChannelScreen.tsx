import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { runInteractive, useParamChoices, type Row } from '../../app/commands';
import { CHANNEL_API, virtualListQuery, type VirtualChannelRow } from '../../schemas/channel';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useChannelChoices } from './channel.api';

const SCREEN = 'merchant.virtualChannel';
const TITLES = { merchant_id: 'field.merchant_id', target_channel_id: 'channel.field.target_channel_id', keyword: 'field.keyword' };

/**
 * /merchant/virtualChannel: aliases of channels. An alias routes to a channel of its merchant or to another alias; the
 * list shows where the chain ends (a registration under the alias counts there).
 */
export default function VirtualChannelScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(virtualListQuery);
  const choices = useChannelChoices();
  useParamChoices(choices.byKey);
  const nameOf = (id: number | null) => choices.options.find((c) => c.id === id);
  const columns = useMemo<GridColumnDef<VirtualChannelRow>[]>(() => [
    { key: 'id', title: 'field.id', kind: 'number', width: 70, sortable: true },
    { key: 'code', title: 'channel.field.code', width: 160 },
    { key: 'name', title: 'field.name', width: 200 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'target_name', title: 'channel.field.target', width: 220, format: (r) => `${r.target_virtual_id ? '↪ ' : ''}${r.target_name ?? '—'}` },
    {
      key: 'resolved_channel_id', title: 'channel.field.resolved', width: 200,
      format: (r) => { const c = nameOf(r.resolved_channel_id); return c ? `${c.code} · ${c.name}` : r.resolved_channel_id ? `#${r.resolved_channel_id}` : '—'; },
    },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => intl.formatMessage({ id: r.enabled ? 'channel.on' : 'channel.off' }), tagColor: (r) => (r.enabled ? 'teal' : 'gray') },
    { key: 'note', title: 'field.note', width: 220 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl, choices.options]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap="sm" data-testid="virtual-channel-screen">
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'channel.virtual.intro' })}</Text>
      <FilterBar schema={virtualListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchants, target_channel_id: choices.channels }} />
      <DataGrid<VirtualChannelRow> screenId={SCREEN} url={CHANNEL_API.virtualList} columns={columns} filters={filters} defaultSort="id:asc" exportable
        onOpen={(r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] })} />
    </Stack>
  );
}
