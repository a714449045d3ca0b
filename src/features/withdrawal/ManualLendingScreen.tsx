import { Stack } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCommandUi } from '../../app/commands';
import { ORDER_STATUSES } from '../../schemas/order';
import { manualLendingQuery, MANUAL_LENDING_API } from '../../schemas/withdrawal';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { ManualLendingDialog } from './ManualLendingDialog';
import { FILTER_TITLES, openCustomer } from './QueueScreen';
import { getMerchants } from './withdrawal.api';

type Row = {
  id: number; order_no: string; customer_id: number; customer_name: string | null; phone: string | null; status: string; currency: string;
  loan_amount: number; received_amount: number; loan_days: number; product_name: string; merchant_name: string | null; created_by: string | null;
  loan_remark: string; created_at: string;
};

const SCREEN = 'review.manualLending';
const OMIT = ['product_id'];

/** /review/manualLending: the loans staff entered by hand, and (n) a new one for an existing customer. */
export default function ManualLendingScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(manualLendingQuery, OMIT);
  const [openKey, setOpenKey] = useState<number | null>(null);
  useCommandUi('withdrawal.manualLending.add', () => setOpenKey((k) => (k ?? 0) + 1));
  const merchants = useRemote((signal) => getMerchants(signal), []).data;
  const word = (id: string, fallback: string) => (id in intl.messages ? intl.formatMessage({ id }) : fallback);
  const choices = useMemo(() => ({
    merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    status: ORDER_STATUSES.map((s) => ({ value: s, label: word(`option.status.${s}`, s) })),
  }), [merchants, intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo<GridColumnDef<Row>[]>(() => [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 160, onClick: openCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'status', title: 'field.status', kind: 'tag', width: 140, format: (r) => word(`option.status.${r.status}`, r.status) },
    { key: 'loan_amount', title: 'field.loan_amount', kind: 'money', sortable: true, width: 140 },
    { key: 'received_amount', title: 'field.received_amount', kind: 'money', width: 140 },
    { key: 'loan_days', title: 'field.loan_days', kind: 'number', width: 90 },
    { key: 'product_name', title: 'field.product_id', width: 140 },
    { key: 'created_by', title: 'withdrawal.field.created_by', width: 140 },
    { key: 'loan_remark', title: 'withdrawal.field.note', width: 200 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const currencyOf = useCallback((r: Row) => r.currency, []);
  return (
    <Stack gap="sm" data-testid="manual-lending-screen">
      <FilterBar schema={manualLendingQuery} value={filters} onApply={setFilters} omit={OMIT} choices={choices} titles={FILTER_TITLES} />
      <DataGrid<Row> screenId={SCREEN} url={MANUAL_LENDING_API.list} columns={columns} filters={filters} defaultSort="created_at:desc"
        currencyOf={currencyOf} onOpen={openCustomer} exportable />
      <ManualLendingDialog openKey={openKey} onClose={() => setOpenKey(null)} />
    </Stack>
  );
}
