import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { MERCHANT_MONEY_API, topupListQuery, type TopupRow } from '../../schemas/merchantMoney';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useMoneyChoices } from './merchantMoney.api';

const TITLES = { merchant_id: 'field.merchant_id', date: 'merchantMoney.field.date' };

/** Top-ups (IncreaseBalanceRecord) or withdrawals from balance (DecreaseBalanceRecord): postings with the task behind them. */
export function TopupList({ kind }: { kind: 'increase' | 'decrease' }) {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(topupListQuery);
  const choices = useMoneyChoices(intl);
  const screen = kind === 'increase' ? 'merchant.IncreaseBalanceRecord' : 'merchant.DecreaseBalanceRecord';

  const columns = useMemo<GridColumnDef<TopupRow>[]>(() => [
    { key: 'business_at', title: 'merchantMoney.field.business_at', kind: 'datetime' },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'amount', title: 'merchantMoney.field.amount', kind: 'money', width: 160 },
    { key: 'task_id', title: 'merchantMoney.field.task_id', kind: 'number' },
    { key: 'remark', title: 'merchantMoney.field.remark', width: 240 },
    { key: 'requested_by_name', title: 'merchantMoney.field.requested_by', width: 140 },
    { key: 'confirmed_by_name', title: 'merchantMoney.field.confirmed_by', width: 140 },
    { key: 'id', title: 'merchantMoney.field.posting_id', kind: 'number', sortable: true },
    { key: 'memo', title: 'merchantMoney.field.memo', width: 240 },
  ], []);

  return (
    <Stack gap="sm" data-testid={`${kind}-balance-screen`}>
      <Text size="sm" c="dimmed">{w(kind === 'increase' ? 'merchantMoney.intro.increases' : 'merchantMoney.intro.decreases')}</Text>
      <FilterBar schema={topupListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchants }} />
      <DataGrid<TopupRow> screenId={screen} url={kind === 'increase' ? MERCHANT_MONEY_API.increases : MERCHANT_MONEY_API.decreases}
        columns={columns} filters={filters} defaultSort="id:desc" currencyOf={(r) => r.currency} exportable />
    </Stack>
  );
}
