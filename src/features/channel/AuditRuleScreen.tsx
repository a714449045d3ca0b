import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { runInteractive, useParamChoices, type Row } from '../../app/commands';
import { CHANNEL_API, ruleListQuery, type ChannelAuditRuleRow } from '../../schemas/channel';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useChannelChoices } from './channel.api';

const SCREEN = 'merchant.channelAuditRule';
const TITLES = { merchant_id: 'field.merchant_id', channel_id: 'field.channel_id', enabled: 'field.enabled' };

/**
 * /merchant/channelAuditRule: per channel, the review stages skipped or added to the merchant's flow, forced manual
 * review, the largest amount and the applications per day the channel may bring.
 */
export default function AuditRuleScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(ruleListQuery);
  const choices = useChannelChoices();
  useParamChoices(choices.byKey);
  const stages = (a: string[]) => (a.length ? a.map((s) => intl.formatMessage({ id: `option.skip_stages.${s}`, defaultMessage: s })).join(', ') : '—');
  const columns = useMemo<GridColumnDef<ChannelAuditRuleRow>[]>(() => [
    { key: 'id', title: 'field.id', kind: 'number', width: 70, sortable: true },
    { key: 'channel_code', title: 'field.channel_id', width: 200, format: (r) => `${r.channel_code ?? ''} · ${r.channel_name ?? ''}` },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'skip_stages', title: 'channel.field.skip_stages', width: 180, format: (r) => stages(r.skip_stages) },
    { key: 'add_stages', title: 'channel.field.add_stages', width: 180, format: (r) => stages(r.add_stages) },
    { key: 'force_manual', title: 'channel.field.force_manual', kind: 'tag', width: 120, format: (r) => w(r.force_manual ? 'channel.yes' : 'channel.no'), tagColor: (r) => (r.force_manual ? 'orange' : 'gray') },
    { key: 'max_amount', title: 'channel.field.max_amount', kind: 'number', width: 140, format: (r) => (r.max_amount === null ? '—' : intl.formatNumber(r.max_amount)) },
    { key: 'daily_cap', title: 'field.daily_cap', kind: 'number', width: 110, format: (r) => (r.daily_cap === null ? '—' : String(r.daily_cap)) },
    { key: 'enabled', title: 'field.enabled', kind: 'tag', width: 90, format: (r) => w(r.enabled ? 'channel.on' : 'channel.off'), tagColor: (r) => (r.enabled ? 'teal' : 'gray') },
    { key: 'note', title: 'field.note', width: 220 },
    { key: 'updated_at', title: 'channel.field.updated_at', kind: 'datetime' },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap="sm" data-testid="channel-rule-screen">
      <Text size="sm" c="dimmed">{w('channel.rule.intro')}</Text>
      <FilterBar schema={ruleListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchants, channel_id: choices.channels }} />
      <DataGrid<ChannelAuditRuleRow> screenId={SCREEN} url={CHANNEL_API.ruleList} columns={columns} filters={filters} defaultSort="id:asc" exportable
        onOpen={(r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] })} />
    </Stack>
  );
}
