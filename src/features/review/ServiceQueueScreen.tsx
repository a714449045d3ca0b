import { Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { session } from '../../app/state/session';
import { CLAIM_FILTERS, serviceQueueQuery, type ServicePage, type ServiceRow } from '../../schemas/review';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { merchantProductChoices, openReviewDetails, STATUS_COLORS, useReviewOptions, word } from './shared';

/**
 * A customer-service queue (spec /review/initialReviewCustomerService, againReviewCustomerService,
 * paymentPreTrialService): orders a reviewer sent with a note ("pending supplement"). The agent claims one (c),
 * contacts the customer, and finishes it (f) with the contact result, which returns it to the reviewer; Enter opens
 * the review details with the same actions.
 */
export function ServiceQueueScreen({ page }: { page: ServicePage }) {
  const intl = useIntl();
  const screenId = `review.${page}`;
  const [filters, setFilters] = useUrlFilters(serviceQueueQuery);
  const options = useReviewOptions();
  const { user } = useSnapshot(session);
  const me = user?.id ?? null;

  const choices = useMemo(() => ({
    merchant_id: merchantProductChoices(options, filters.merchant_id).merchant_id,
    claim: CLAIM_FILTERS.map((s) => ({ value: s, label: word(intl, 'claim', s) })),
  }), [options, filters.merchant_id, intl]);

  const open = useCallback((r: ServiceRow) => openReviewDetails(page, r), [page]);
  const columns = useMemo<GridColumnDef<ServiceRow>[]>(() => [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: open },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'note', title: 'field.service_note', width: 260 },
    { key: 'sent_by_name', title: 'field.sent_by', width: 150 },
    { key: 'opened_at', title: 'field.opened_at', kind: 'datetime', sortable: true },
    {
      key: 'assignee_name', title: 'field.assignee', kind: 'tag', width: 150,
      format: (r) => (r.assignee_id === null ? intl.formatMessage({ id: 'review.unclaimed' }) : r.assignee_id === me ? intl.formatMessage({ id: 'review.claimedByMe' }) : r.assignee_name ?? ''),
      tagColor: (r) => (r.assignee_id === null ? undefined : r.assignee_id === me ? '#2f9e44' : '#868e96'),
    },
    { key: 'status', title: 'field.status', kind: 'tag', width: 130, format: (r) => word(intl, 'status', r.status), tagColor: (r) => STATUS_COLORS[r.status] },
    { key: 'application_amount', title: 'field.application_amount', kind: 'money', width: 140 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'claimed_at', title: 'field.claimed_at', kind: 'datetime' },
  ], [intl, me, open]);

  const currencyOf = useCallback((r: ServiceRow) => r.currency, []);
  return (
    <Stack gap="sm" data-testid="review-service-queue" data-page={page}>
      <FilterBar schema={serviceQueueQuery} value={filters} onApply={setFilters} choices={choices} />
      <DataGrid<ServiceRow> autoFocus screenId={screenId} url={`/loanapi/review/${page}/list`} columns={columns} filters={filters} defaultSort="opened_at:asc"
        currencyOf={currencyOf} onOpen={open} exportable />
    </Stack>
  );
}

export const InitialServiceScreen = () => <ServiceQueueScreen page="initialReviewCustomerService" />;
export const AgainServiceScreen = () => <ServiceQueueScreen page="againReviewCustomerService" />;
export const PreTrialServiceScreen = () => <ServiceQueueScreen page="paymentPreTrialService" />;
