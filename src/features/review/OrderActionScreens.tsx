import { Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { INTERCEPTION_VIEWS, interceptionQuery, resettingQuery, type OrderActionRow } from '../../schemas/review';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { openOrderCustomer } from './AllOrdersScreen';
import { merchantProductChoices, STATUS_COLORS, useReviewOptions, word } from './shared';

function useActionColumns(): GridColumnDef<OrderActionRow>[] {
  const intl = useIntl();
  return useMemo<GridColumnDef<OrderActionRow>[]>(() => [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: openOrderCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'status', title: 'field.status', kind: 'tag', width: 140, format: (r) => word(intl, 'status', r.status), tagColor: (r) => STATUS_COLORS[r.status] },
    { key: 'review_stage', title: 'field.review_stage', width: 130, format: (r) => word(intl, 'review_stage', r.review_stage) },
    { key: 'loan_remark', title: 'field.loan_remark', width: 260 },
    { key: 'application_amount', title: 'field.application_amount', kind: 'money', width: 140 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'updated_at', title: 'field.updated_at', kind: 'datetime' },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]);
}

/**
 * Spec /review/loanInterception (mark disbursement interception): orders in review or pending withdrawal can be
 * intercepted with a reason (i); the intercepted ones (view "intercepted") are released back to where they were
 * stopped (u) or closed.
 */
export function InterceptionScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(interceptionQuery);
  const options = useReviewOptions();
  const columns = useActionColumns();
  const choices = useMemo(() => ({
    merchant_id: merchantProductChoices(options, filters.merchant_id).merchant_id,
    view: INTERCEPTION_VIEWS.map((v) => ({ value: v, label: word(intl, 'view', v) })),
  }), [options, filters.merchant_id, intl]);
  const currencyOf = useCallback((r: OrderActionRow) => r.currency, []);
  return (
    <Stack gap="sm" data-testid="review-interception">
      <FilterBar schema={interceptionQuery} value={filters} onApply={setFilters} choices={choices} />
      <DataGrid<OrderActionRow> screenId="review.loanInterception" url="/loanapi/review/loanInterception/list" columns={columns} filters={filters}
        defaultSort="created_at:desc" currencyOf={currencyOf} onOpen={openOrderCustomer} exportable />
    </Stack>
  );
}

/** Spec /review/resettingOrder: closed orders (rejected or closed before disbursement) and the reset that sends them back to review. */
export function ResettingScreen() {
  const [filters, setFilters] = useUrlFilters(resettingQuery);
  const options = useReviewOptions();
  const columns = useActionColumns();
  const choices = useMemo(() => ({ merchant_id: merchantProductChoices(options, filters.merchant_id).merchant_id }), [options, filters.merchant_id]);
  const currencyOf = useCallback((r: OrderActionRow) => r.currency, []);
  return (
    <Stack gap="sm" data-testid="review-resetting">
      <FilterBar schema={resettingQuery} value={filters} onApply={setFilters} choices={choices} titles={{ created: 'field.created_at' }} />
      <DataGrid<OrderActionRow> screenId="review.resettingOrder" url="/loanapi/review/resettingOrder/list" columns={columns} filters={filters}
        defaultSort="created_at:desc" currencyOf={currencyOf} onOpen={openOrderCustomer} exportable />
    </Stack>
  );
}
