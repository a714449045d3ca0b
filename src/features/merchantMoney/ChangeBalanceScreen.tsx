import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { changeListQuery, MERCHANT_MONEY_API, type ChangeRow } from '../../schemas/merchantMoney';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useMoneyChoices } from './merchantMoney.api';

const SCREEN = 'merchant.ChangeBalanceRecord';
const TITLES = {
  merchant_id: 'field.merchant_id', account: 'merchantMoney.field.account', kind: 'merchantMoney.field.kind', order_id: 'merchantMoney.field.order_id',
  date: 'merchantMoney.field.date',
};

/**
 * /merchant ChangeBalanceRecord: every ledger entry on a merchant's available, frozen, loan and risk accounts — payouts,
 * fees, repayments, top-ups, reversals — with its posting (number, reference, memo, who, business time). Amounts are
 * signed: + into the account, − out of it.
 */
export default function ChangeBalanceScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(changeListQuery);
  const choices = useMoneyChoices(intl);

  const columns = useMemo<GridColumnDef<ChangeRow>[]>(() => [
    { key: 'business_at', title: 'merchantMoney.field.business_at', kind: 'datetime' },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'account', title: 'merchantMoney.field.account', kind: 'tag', width: 120, format: (r) => w(`merchantMoney.balance.${r.account}`) },
    { key: 'amount', title: 'merchantMoney.field.amount', kind: 'money', width: 150 },
    { key: 'kind', title: 'merchantMoney.field.kind', kind: 'tag', width: 160, format: (r) => w(`merchantMoney.kind.${r.kind}`) },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'posting_id', title: 'merchantMoney.field.posting_id', kind: 'number' },
    { key: 'ref', title: 'merchantMoney.field.ref', width: 140 },
    { key: 'memo', title: 'merchantMoney.field.memo', width: 240 },
    { key: 'account_name', title: 'merchantMoney.field.who', width: 130 },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="change-balance-screen">
      <Text size="sm" c="dimmed">{w('merchantMoney.intro.changes')}</Text>
      <FilterBar schema={changeListQuery} value={filters} onApply={setFilters} titles={TITLES}
        choices={{ merchant_id: choices.merchants, account: choices.accounts, kind: choices.kinds }} />
      <DataGrid<ChangeRow> screenId={SCREEN} url={MERCHANT_MONEY_API.changes} columns={columns} filters={filters} defaultSort="id:desc"
        currencyOf={(r) => r.currency} exportable />
    </Stack>
  );
}
