import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandUi } from '../../app/commands';
import { riskListQuery, type RiskBlacklistRow } from '../../schemas/blacklist';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { LEVEL_COLORS, useBlacklistChoices } from './blacklist.api';
import { RecheckDialog } from './RecheckDialog';

const SCREEN = 'client.outblackList';
const URL = '/loanapi/outblacklist/list';
const TITLES = {
  type: 'blacklist.field.type', level: 'blacklist.field.level', matched: 'blacklist.field.matched', active: 'blacklist.field.active',
  received: 'blacklist.field.received_at',
};

/**
 * /client outblackList: what the external risk provider listed for the merchant (its feed, synchronised every hour,
 * and the answers of re-checks), read-only, with level and source. R re-checks one customer: the selected entry's
 * customer, or one found by phone, ID number or customer code.
 */
export default function RiskBlacklistScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(riskListQuery);
  const choices = useBlacklistChoices(intl);
  const [recheck, setRecheck] = useState<{ n: number; customerId: number | null }>({ n: 0, customerId: null });
  useCommandUi(`${SCREEN}.recheck`, ({ selection }) => {
    const row = selection[0] as unknown as RiskBlacklistRow | undefined;
    setRecheck((r) => ({ n: r.n + 1, customerId: row?.customer_id ?? null }));
  });

  const columns = useMemo<GridColumnDef<RiskBlacklistRow>[]>(() => [
    { key: 'type', title: 'blacklist.field.type', kind: 'tag', width: 110, format: (r) => w(`blacklist.type.${r.type}`) },
    { key: 'value', title: 'blacklist.field.value', width: 190 },
    { key: 'level', title: 'blacklist.field.level', kind: 'tag', width: 130, format: (r) => w(`blacklist.level.${r.level}`), tagColor: (r) => (r.active ? LEVEL_COLORS[r.level] : undefined) },
    { key: 'source', title: 'blacklist.field.source', width: 150, format: (r) => (`blacklist.riskSource.${r.source}` in intl.messages ? w(`blacklist.riskSource.${r.source}`) : r.source) },
    { key: 'reason', title: 'blacklist.field.reason', width: 240 },
    { key: 'active', title: 'blacklist.field.active', kind: 'tag', width: 90, format: (r) => w(r.active ? 'filter.yes' : 'filter.no'), tagColor: (r) => (r.active ? '#e03131' : '#868e96') },
    { key: 'customers', title: 'blacklist.field.customers', kind: 'number', width: 90 },
    { key: 'customer_name', title: 'field.customer_name', width: 150 },
    { key: 'provider', title: 'blacklist.field.provider', width: 100 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'listed_at', title: 'blacklist.field.listed_at', kind: 'datetime' },
    { key: 'received_at', title: 'blacklist.field.received_at', kind: 'datetime', sortable: true },
    { key: 'provider_ref', title: 'blacklist.field.provider_ref', width: 170 },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="risk-blacklist-screen">
      <Text size="sm" c="dimmed">{w('blacklist.riskIntro')}</Text>
      <FilterBar schema={riskListQuery} value={filters} onApply={setFilters} titles={TITLES}
        choices={{ merchant_id: choices.merchants, type: choices.types, level: choices.levels }} />
      <DataGrid<RiskBlacklistRow> screenId={SCREEN} url={URL} columns={columns} filters={filters} defaultSort="received_at:desc" exportable />
      <RecheckDialog openKey={recheck.n} customerId={recheck.customerId} onClose={() => setRecheck((r) => ({ ...r, n: 0 }))} />
    </Stack>
  );
}
