import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParamChoices } from '../../app/commands';
import { MERCHANT_MONEY_API, taskListQuery, type TaskRow } from '../../schemas/merchantMoney';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { STATUS_COLORS, useMoneyChoices } from './merchantMoney.api';

const SCREEN = 'merchant.BalanceChangeTaskRecord';
const TITLES = {
  merchant_id: 'field.merchant_id', change_type: 'merchantMoney.field.change_type', status: 'merchantMoney.field.status', date: 'merchantMoney.field.date',
};

/**
 * /merchant BalanceChangeTaskRecord: balance-change tasks (id, change type, amount, remarks, requested by, confirmed by,
 * confirm time, processing status). N requests a change; A confirms the selected task (posted on the ledger at once),
 * shift+R rejects it — both only by another account than the requester.
 */
export default function BalanceTaskScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(taskListQuery);
  const choices = useMoneyChoices(intl);
  const paramChoices = useMemo(() => ({ merchant_id: choices.merchants, change_type: choices.changeTypes }), [choices]);
  useParamChoices(paramChoices);

  const columns = useMemo<GridColumnDef<TaskRow>[]>(() => [
    { key: 'id', title: 'merchantMoney.field.task_id', kind: 'number', width: 90 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    {
      key: 'change_type', title: 'merchantMoney.field.change_type', kind: 'tag', width: 110, format: (r) => w(`merchantMoney.type.${r.change_type}`),
      tagColor: (r) => (r.change_type === 'increase' ? '#2f9e44' : '#e8590c'),
    },
    { key: 'amount', title: 'merchantMoney.field.amount', kind: 'money', width: 150 },
    {
      key: 'status', title: 'merchantMoney.field.status', kind: 'tag', width: 120, format: (r) => w(`merchantMoney.status.${r.status}`),
      tagColor: (r) => STATUS_COLORS[r.status],
    },
    { key: 'remark', title: 'merchantMoney.field.remark', width: 220 },
    { key: 'requested_by_name', title: 'merchantMoney.field.requested_by', width: 130 },
    { key: 'requested_at', title: 'merchantMoney.field.requested_at', kind: 'datetime' },
    { key: 'confirmed_by_name', title: 'merchantMoney.field.confirmed_by', width: 130 },
    { key: 'confirmed_at', title: 'merchantMoney.field.confirmed_at', kind: 'datetime' },
    { key: 'decide_remark', title: 'merchantMoney.field.decide_remark', width: 200, format: (r) => (r.fail_reason ? w(r.fail_reason) : r.decide_remark) },
    { key: 'posting_id', title: 'merchantMoney.field.posting_id', kind: 'number' },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="balance-task-screen">
      <Text size="sm" c="dimmed">{w('merchantMoney.intro.tasks')}</Text>
      <FilterBar schema={taskListQuery} value={filters} onApply={setFilters} titles={TITLES}
        choices={{ merchant_id: choices.merchants, change_type: choices.changeTypes, status: choices.statuses }} />
      <DataGrid<TaskRow> screenId={SCREEN} url={MERCHANT_MONEY_API.tasks} columns={columns} filters={filters} defaultSort="created_at:desc"
        currencyOf={(r) => r.currency} exportable />
    </Stack>
  );
}
