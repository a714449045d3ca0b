import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandUi } from '../../app/commands';
import { blacklistListQuery, type BlacklistRow } from '../../schemas/blacklist';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { AddEntryDialog } from './AddEntryDialog';
import { ImportDialog } from './ImportDialog';
import { LEVEL_COLORS, useBlacklistChoices } from './blacklist.api';

const SCREEN = 'client.blackList';
const URL = '/loanapi/blacklist/list';
const TITLES = {
  type: 'blacklist.field.type', value: 'blacklist.field.value', level: 'blacklist.field.level', source: 'blacklist.field.source',
  reason: 'blacklist.field.reason', state: 'blacklist.field.state', created: 'field.created_at',
};

/**
 * /client blackList: the merchant's internal blacklist — live and expired entries by ID number, phone, device or bank
 * card, with level, reason, source, who listed them and when they expire. N adds, I imports a file, X expires the
 * selected entry now (spec §4), Delete removes an entry entered by mistake.
 */
export default function BlacklistScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useUrlFilters(blacklistListQuery);
  const choices = useBlacklistChoices(intl);
  const [adding, setAdding] = useState(0);
  const [importing, setImporting] = useState(0);
  useCommandUi(`${SCREEN}.add`, () => setAdding((n) => n + 1));
  useCommandUi(`${SCREEN}.import`, () => setImporting((n) => n + 1));

  const columns = useMemo<GridColumnDef<BlacklistRow>[]>(() => [
    { key: 'type', title: 'blacklist.field.type', kind: 'tag', width: 110, format: (r) => w(`blacklist.type.${r.type}`) },
    { key: 'value', title: 'blacklist.field.value', width: 190 },
    {
      key: 'level', title: 'blacklist.field.level', kind: 'tag', width: 130, format: (r) => w(`blacklist.level.${r.level}`),
      tagColor: (r) => (r.live ? LEVEL_COLORS[r.level] : undefined),
    },
    { key: 'reason', title: 'blacklist.field.reason', width: 170, format: (r) => r.reason_label ? choices.reasonLabel(r.reason) : r.reason },
    { key: 'source', title: 'blacklist.field.source', kind: 'tag', width: 110, format: (r) => w(`blacklist.source.${r.source}`) },
    {
      key: 'live', title: 'blacklist.field.state', kind: 'tag', width: 100, format: (r) => w(r.live ? 'blacklist.state.live' : 'blacklist.state.expired'),
      tagColor: (r) => (r.live ? '#e03131' : '#868e96'),
    },
    { key: 'customers', title: 'blacklist.field.customers', kind: 'number', width: 90 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'remark', title: 'blacklist.field.remark', width: 180 },
    { key: 'created_by_name', title: 'blacklist.field.created_by', width: 130 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'expires_at', title: 'blacklist.field.expires_at', kind: 'datetime' },
    { key: 'expired_at', title: 'blacklist.field.expired_at', kind: 'datetime' },
    { key: 'expired_by_name', title: 'blacklist.field.expired_by', width: 130 },
  ], [intl, choices]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="blacklist-screen">
      <Text size="sm" c="dimmed">{w('blacklist.intro')}</Text>
      <FilterBar schema={blacklistListQuery} value={filters} onApply={setFilters} titles={TITLES}
        choices={{
          merchant_id: choices.merchants, type: choices.types, level: choices.levels, source: choices.sources, reason: choices.reasons,
          state: [{ value: 'live', label: w('blacklist.state.live') }, { value: 'expired', label: w('blacklist.state.expired') }],
        }} />
      <DataGrid<BlacklistRow> screenId={SCREEN} url={URL} columns={columns} filters={filters} defaultSort="created_at:desc" exportable />
      <AddEntryDialog openKey={adding} choices={choices} onClose={() => setAdding(0)} />
      <ImportDialog openKey={importing} choices={choices} onClose={() => setImporting(0)} />
    </Stack>
  );
}
