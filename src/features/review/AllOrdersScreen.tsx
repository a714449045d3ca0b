import { Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { openPath } from '../../app/router/openPath';
import type { FilterOptions } from '../../schemas/client';
import { ORDER_STATUSES } from '../../schemas/order';
import { CUSTOMER_TYPES, ORDER_INTERNAL_FILTERS, type OrderRow } from '../../schemas/review';
import { api } from '../../app/api/request';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useMoreFilters } from '../../ui/useMoreFilters';
import { useRemote } from '../../ui/useRemote';
import { amountCurrency, orderFilterSchema, toWireFilters } from './amountFilters';
import { STATUS_COLORS, useRejectReasonChoices, word } from './shared';

const SCREEN = 'review.allOrder';
const URL = '/loanapi/order/all_list';
/** Choices of the filters (merchants, products, channels of the account's scope). */
const OPTIONS = '/loanapi/customer/filter_options';
const DETAIL = '/example/orderDetails';
/** Filters behind "More filters". */
const ADVANCED = ['channel_id', 'customer_type', 'loan', 'due', 'loan_amount', 'remaining_debt'];
/** Date ranges: `<key>_from` / `<key>_to` are labelled after the column. */
const TITLES = { created: 'field.created_at', loan: 'field.loan_at', due: 'field.due_date' };
const EMPTY: FilterOptions = { merchants: [], channels: [], products: [], labels: [] };

export { STATUS_COLORS };

/** The customer-detail view of an order's customer (spec §2: client, name, phone). */
export function openOrderCustomer(r: Pick<OrderRow, 'customer_id' | 'customer_name' | 'phone'>): void {
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`${DETAIL}?${q.toString()}`);
}

/**
 * Spec /review/allOrder: every order of every status, with the filters a supervisor needs (merchant, product,
 * channel, statuses, created / loan / due dates, new or returning, amounts, order number, customer), sortable by
 * created time, loan time, amount and due date; money in each order's currency; export; Enter opens the customer.
 * The toolbar carries the all-orders actions of spec §4 (close, close all, reset, return to pending withdrawal,
 * switch to manual review, re-loan review) for the selected orders.
 */
export default function AllOrdersScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(orderFilterSchema);
  const options = useRemote((signal) => api.get<FilterOptions>(OPTIONS, undefined, { silent: true, signal }), []).data ?? EMPTY;
  const currency = amountCurrency(options.merchants, filters.merchant_id);
  const more = useMoreFilters(ADVANCED, filters, ORDER_INTERNAL_FILTERS);
  const wire = useMemo(() => toWireFilters(filters, currency), [filters, currency]);
  // The re-loan reject form picks its reason from the dictionary.
  useRejectReasonChoices();

  const choices = useMemo(() => {
    const m = filters.merchant_id === undefined ? null : Number(filters.merchant_id);
    const mine = <T extends { merchant_id: number }>(rows: T[]) => (m === null ? rows : rows.filter((r) => r.merchant_id === m));
    const names = new Map(options.merchants.map((x) => [x.id, x.name]));
    const label = (name: string, merchant: number) => (m === null && options.merchants.length > 1 ? `${name} · ${names.get(merchant) ?? merchant}` : name);
    return {
      merchant_id: options.merchants.map((x) => ({ value: String(x.id), label: `${x.name} (${x.code})` })),
      product_id: mine(options.products).map((x) => ({ value: String(x.id), label: label(x.name, x.merchant_id) })),
      channel_id: mine(options.channels).map((x) => ({ value: String(x.id), label: label(x.name, x.merchant_id) })),
      status: ORDER_STATUSES.map((s) => ({ value: s, label: word(intl, 'status', s) })),
      customer_type: CUSTOMER_TYPES.map((s) => ({ value: s, label: word(intl, 'customer_type', s) })),
    };
  }, [options, filters.merchant_id, intl]);

  const columns = useMemo<GridColumnDef<OrderRow>[]>(() => [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: openOrderCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    {
      key: 'status', title: 'field.status', kind: 'tag', width: 140,
      format: (r) => word(intl, 'status', r.status), tagColor: (r) => STATUS_COLORS[r.status],
    },
    { key: 'loan_amount', title: 'field.loan_amount', kind: 'money', sortable: true, width: 140 },
    { key: 'remaining_debt', title: 'field.remaining_debt', kind: 'money', sortable: true, width: 140 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'loan_at', title: 'field.loan_at', kind: 'datetime', sortable: true },
    { key: 'due_date', title: 'field.due_date', kind: 'date', sortable: true },
    { key: 'overdue_days', title: 'field.overdue_days', kind: 'number', width: 100 },
    {
      key: 'is_returning', title: 'field.customer_type', kind: 'tag', width: 110,
      format: (r) => word(intl, 'customer_type', r.is_returning ? 'returning' : 'new'), tagColor: (r) => (r.is_returning ? '#1971c2' : undefined),
    },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'product_name', title: 'field.product_id', width: 150 },
    { key: 'channel_name', title: 'field.channel_id', width: 150 },
    { key: 'application_amount', title: 'field.application_amount', kind: 'money', width: 140 },
    { key: 'received_amount', title: 'field.received_amount', kind: 'money', width: 140 },
    { key: 'contract_amount', title: 'field.contract_amount', kind: 'money', width: 140 },
    { key: 'paid_amount', title: 'field.paid_amount', kind: 'money', width: 140 },
    { key: 'loan_days', title: 'field.loan_days', kind: 'number', width: 90 },
    { key: 'review_stage', title: 'field.review_stage', width: 120, format: (r) => word(intl, 'review_stage', r.review_stage) },
    { key: 'extension_count', title: 'field.extension_count', kind: 'number', width: 100 },
    { key: 'external_order_no', title: 'field.external_order_no', width: 180 },
  ], [intl]);

  const currencyOf = useCallback((r: OrderRow) => r.currency, []);
  const amountsOpen = more.open;
  const hint = amountsOpen
    ? currency
      ? intl.formatMessage({ id: 'review.allOrder.amountIn' }, { currency })
      : intl.formatMessage({ id: 'error.merchantRequired' })
    : null;
  // Amount fields only where they can be converted; the URL keeps them for when a merchant is chosen.
  const omit = useMemo(() => (currency ? more.omit : [...more.omit, 'loan_amount_min', 'loan_amount_max', 'remaining_debt_min', 'remaining_debt_max']), [currency, more.omit]);

  return (
    <Stack gap="sm" data-testid="all-orders-screen">
      <FilterBar schema={orderFilterSchema} value={filters} onApply={setFilters} omit={omit} choices={choices} titles={TITLES}>
        {more.toggle}
        {hint && <Text size="xs" c="dimmed" data-testid="amount-hint">{hint}</Text>}
      </FilterBar>
      <DataGrid<OrderRow> screenId={SCREEN} url={URL} columns={columns} filters={wire} defaultSort="created_at:desc"
        currencyOf={currencyOf} onOpen={openOrderCustomer} exportable />
    </Stack>
  );
}
