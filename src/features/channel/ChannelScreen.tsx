import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { runInteractive, selectionFor, useCommandDone, useCommandUi, useParamChoices, type Row } from '../../app/commands';
import { notify } from '../../app/lib/notify';
import { CHANNEL_API, channelListQuery, type ChannelRow, type ChannelSecrets } from '../../schemas/channel';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { BindingDialog } from './BindingDialog';
import { useChannelChoices } from './channel.api';
import { SecretsDialog, type ShownSecrets } from './SecretsDialog';

const SCREEN = 'merchant.channel';
const SECRET_LABELS: Record<string, string> = {
  private_key: 'channel.field.private_key', tracking_secret: 'channel.field.tracking_secret', access_token: 'channel.field.access_token',
};
const TITLES = { keyword: 'field.keyword', mine: 'channel.filter.mine', merchant_id: 'field.merchant_id', type: 'field.type', enabled: 'field.enabled' };
const hint = (h: string) => (h ? `••••${h}` : '—');

/**
 * /merchant/channel: the channels of spec §3 with every field; secrets appear as their last 4 characters, a new or
 * rotated one once in a dialog. "Channels" (B) opens the staff accounts bound to the selected channel.
 */
export default function ChannelScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(channelListQuery);
  const choices = useChannelChoices();
  useParamChoices(choices.byKey);
  const [shown, setShown] = useState<ShownSecrets | null>(null);
  const [binding, setBinding] = useState<ChannelRow | null>(null);

  useCommandDone((d) => {
    const r = d.result as Partial<ChannelSecrets> | undefined;
    if ((d.id === `${SCREEN}.add` || d.id === `${SCREEN}.rotate`) && r?.row && r.secrets && Object.keys(r.secrets).length) {
      setShown({ title: `${r.row.code} · ${r.row.name}`, secrets: Object.entries(r.secrets).map(([k, v]) => ({ label: SECRET_LABELS[k] ?? k, value: String(v) })) });
    }
  }, `${SCREEN}.`);
  useCommandUi(`${SCREEN}.bind`, ({ selection }) => {
    const row = (selection[0] ?? selectionFor(SCREEN)[0]) as unknown as ChannelRow | undefined;
    if (!row) notify('warning', 'channel.bind.pickChannel', undefined, intl);
    else setBinding(row);
  });

  const columns = useMemo<GridColumnDef<ChannelRow>[]>(() => [
    { key: 'id', title: 'field.id', kind: 'number', width: 70, sortable: true },
    { key: 'code', title: 'channel.field.code', width: 140, sortable: true },
    { key: 'name', title: 'field.name', width: 180 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'type', title: 'field.type', kind: 'tag', width: 100, format: (r) => intl.formatMessage({ id: `option.type.${r.type}`, defaultMessage: r.type }) },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => w(r.enabled ? 'channel.on' : 'channel.off'), tagColor: (r) => (r.enabled ? 'teal' : 'gray') },
    { key: 'opened_at', title: 'channel.field.opened_at', kind: 'datetime', sortable: true },
    { key: 'expires_at', title: 'channel.field.expires_at', kind: 'datetime' },
    { key: 'extendable_quantity', title: 'channel.field.extendable_quantity', kind: 'number', width: 110 },
    { key: 'fixed_identifier', title: 'channel.field.fixed_identifier', width: 140 },
    { key: 'initial_tag', title: 'channel.field.initial_tag', width: 110 },
    { key: 'tracking_provider', title: 'channel.field.tracking_provider', width: 120 },
    { key: 'tracking_id', title: 'channel.field.tracking_id', width: 150 },
    { key: 'tracking_secret_hint', title: 'channel.field.tracking_secret', width: 110, format: (r) => hint(r.tracking_secret_hint) },
    { key: 'pixel_id', title: 'channel.field.pixel_id', width: 140 },
    { key: 'access_token_hint', title: 'channel.field.access_token', width: 110, format: (r) => hint(r.access_token_hint) },
    { key: 'private_key_hint', title: 'channel.field.private_key', width: 110, format: (r) => hint(r.private_key_hint) },
    { key: 'forwarding_url', title: 'channel.field.forwarding_url', width: 200 },
    { key: 'promotion_url', title: 'channel.field.promotion_url', width: 220 },
    { key: 'bound_accounts', title: 'channel.field.bound_accounts', kind: 'number', width: 100 },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="channel-screen">
      <FilterBar schema={channelListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchants }} />
      <DataGrid<ChannelRow> screenId={SCREEN} url={CHANNEL_API.list} columns={columns} filters={filters} defaultSort="id:asc" exportable
        onOpen={(r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] })} />
      <SecretsDialog value={shown} onClose={() => setShown(null)} />
      <BindingDialog channel={binding} onClose={() => setBinding(null)} />
    </Stack>
  );
}
