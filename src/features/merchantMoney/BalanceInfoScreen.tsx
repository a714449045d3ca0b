import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandDone } from '../../app/commands';
import { balanceListQuery, MERCHANT_MONEY_API, type BalanceRow } from '../../schemas/merchantMoney';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { LOW_COLOR, lowBalanceCount, useMoneyChoices } from './merchantMoney.api';

const SCREEN = 'merchant.BalanceInfo';
const TITLES = { merchant_id: 'field.merchant_id', low: 'merchantMoney.field.low_only', main_only: 'merchantMoney.field.main_only' };

/**
 * /merchant BalanceInfo: every merchant and sub-merchant of the account with its available, frozen, loan and risk
 * balances (from the ledger), a main merchant's totals with its subs, and the low-balance warning. T sets the alert
 * threshold of the selected merchant, E edits its payment settings (fees, receiving probabilities, valid hours).
 */
export default function BalanceInfoScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filters, setFilters] = useUrlFilters(balanceListQuery);
  const choices = useMoneyChoices(intl);
  const [tick, setTick] = useState(0);
  useCommandDone(() => setTick((n) => n + 1), 'merchant.BalanceInfo.');
  const low = useRemote((signal) => lowBalanceCount(signal), [tick]);

  const columns = useMemo<GridColumnDef<BalanceRow>[]>(() => [
    { key: 'code', title: 'merchantMoney.field.code', width: 110 },
    { key: 'name', title: 'merchantMoney.field.name', width: 190, sortable: true },
    {
      key: 'parent_name', title: 'merchantMoney.field.parent', kind: 'tag', width: 190,
      format: (r) => (r.parent_id === null ? w('merchantMoney.main') : w('merchantMoney.subOf', { name: r.parent_name ?? String(r.parent_id) })),
      tagColor: (r) => (r.parent_id === null ? '#1971c2' : '#868e96'),
    },
    {
      key: 'low', title: 'merchantMoney.field.low', kind: 'tag', width: 110,
      format: (r) => (r.alert_threshold > 0 ? w(r.low ? 'merchantMoney.low.warning' : 'merchantMoney.low.ok') : '—'),
      tagColor: (r) => (r.low ? LOW_COLOR : r.alert_threshold > 0 ? '#2f9e44' : undefined),
    },
    { key: 'available', title: 'merchantMoney.balance.available', kind: 'money' },
    { key: 'frozen', title: 'merchantMoney.balance.frozen', kind: 'money' },
    { key: 'loan', title: 'merchantMoney.balance.loan', kind: 'money' },
    { key: 'risk', title: 'merchantMoney.balance.risk', kind: 'money' },
    { key: 'group_available', title: 'merchantMoney.field.group_available', kind: 'money', width: 170 },
    { key: 'group_frozen', title: 'merchantMoney.field.group_frozen', kind: 'money' },
    { key: 'group_loan', title: 'merchantMoney.field.group_loan', kind: 'money' },
    { key: 'group_risk', title: 'merchantMoney.field.group_risk', kind: 'money' },
    { key: 'alert_threshold', title: 'merchantMoney.field.alert_threshold', kind: 'money', width: 160 },
    { key: 'sub_count', title: 'merchantMoney.field.sub_count', kind: 'number' },
    { key: 'payout_fee_new', title: 'merchantMoney.field.payout_fee_new', kind: 'money', width: 170 },
    { key: 'payout_fee_returning', title: 'merchantMoney.field.payout_fee_returning', kind: 'money', width: 170 },
    { key: 'collection_fee_bp', title: 'merchantMoney.field.collection_fee_bp', kind: 'number', width: 170 },
    { key: 'risk_fee', title: 'merchantMoney.field.risk_fee', kind: 'money' },
    { key: 'risk_validity_hours', title: 'merchantMoney.field.risk_validity_hours', kind: 'number', width: 160 },
    { key: 'receive_prob_new', title: 'merchantMoney.field.receive_prob_new', kind: 'number', width: 170 },
    { key: 'receive_prob_returning', title: 'merchantMoney.field.receive_prob_returning', kind: 'number', width: 170 },
    { key: 'single_valid_hours', title: 'merchantMoney.field.single_valid_hours', kind: 'number', width: 170 },
    { key: 'currency', title: 'merchantMoney.field.currency', width: 80 },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="balance-info-screen">
      <Text size="sm" c="dimmed">{w('merchantMoney.intro.balance')}</Text>
      {(low.data ?? 0) > 0 && (
        <Alert color="red" variant="light" p="xs" data-testid="low-balance-alert">{w('merchantMoney.lowCount', { count: low.data ?? 0 })}</Alert>
      )}
      <FilterBar schema={balanceListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchants }} />
      <DataGrid<BalanceRow> screenId={SCREEN} url={MERCHANT_MONEY_API.balances} columns={columns} filters={filters} defaultSort="id:asc"
        currencyOf={(r) => r.currency} exportable />
    </Stack>
  );
}
