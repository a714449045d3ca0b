import { Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useCommandUi } from '../../app/commands';
import { session } from '../../app/state/session';
import { CLAIM_FILTERS, CUSTOMER_TYPES, QUEUE_AMOUNT_FILTERS, reviewQueueQuery, type QueueRow, type StagePage } from '../../schemas/review';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { amountCurrency, toWireFilters, withMajorAmounts } from './amountFilters';
import {
  merchantProductChoices, openNext, openReviewDetails, STATUS_COLORS, useRejectReasonChoices, useReviewOptions, word,
} from './shared';
import { useVersionedDecisions } from './decisions';

const FILTERS = withMajorAmounts(reviewQueueQuery, QUEUE_AMOUNT_FILTERS);
const TITLES = { created: 'field.created_at' };

/**
 * A stage queue (spec /review/trial, reviewAgain, PaymentPreTrial, reviewLoan): the orders waiting in the stage, oldest
 * first, filtered by merchant, product, new or returning, claimed by me / unclaimed, dates and amounts. j/k move,
 * Enter opens the review details, and the queue's actions (claim c, release u, approve a, reject r, next n …) act on
 * the cursor row or the selection, from the toolbar, the hotkeys and the palette alike.
 */
export function StageQueueScreen({ page }: { page: StagePage }) {
  const intl = useIntl();
  const screenId = `review.${page}`;
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const options = useReviewOptions();
  const currency = amountCurrency(options.merchants, filters.merchant_id);
  const wire = useMemo(() => toWireFilters(filters, currency, QUEUE_AMOUNT_FILTERS), [filters, currency]);
  useRejectReasonChoices();
  useCommandUi(`${screenId}.next`, () => openNext(page));
  useVersionedDecisions(page);

  const choices = useMemo(() => ({
    ...merchantProductChoices(options, filters.merchant_id),
    customer_type: CUSTOMER_TYPES.map((s) => ({ value: s, label: word(intl, 'customer_type', s) })),
    claim: CLAIM_FILTERS.map((s) => ({ value: s, label: word(intl, 'claim', s) })),
  }), [options, filters.merchant_id, intl]);

  const { user } = useSnapshot(session);
  const me = user?.id ?? null;
  const open = useCallback((r: QueueRow) => openReviewDetails(page, r), [page]);
  const columns = useMemo<GridColumnDef<QueueRow>[]>(() => [
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: open },
    { key: 'phone', title: 'field.phone', width: 130 },
    { key: 'application_amount', title: 'field.application_amount', kind: 'money', width: 140 },
    { key: 'loan_amount', title: 'field.loan_amount', kind: 'money', sortable: true, width: 130 },
    {
      key: 'is_returning', title: 'field.customer_type', kind: 'tag', width: 110,
      format: (r) => word(intl, 'customer_type', r.is_returning ? 'returning' : 'new'), tagColor: (r) => (r.is_returning ? '#1971c2' : undefined),
    },
    {
      key: 'assignee_name', title: 'field.assignee', kind: 'tag', width: 150,
      format: (r) => (r.assignee_id === null ? intl.formatMessage({ id: 'review.unclaimed' }) : r.assignee_id === me ? intl.formatMessage({ id: 'review.claimedByMe' }) : r.assignee_name ?? ''),
      tagColor: (r) => (r.assignee_id === null ? undefined : r.assignee_id === me ? '#2f9e44' : '#868e96'),
    },
    {
      key: 'in_service', title: 'field.in_service', kind: 'tag', width: 130,
      format: (r) => (r.in_service ? intl.formatMessage({ id: 'review.pendingSupplement' }) : ''), tagColor: (r) => (r.in_service ? '#f08c00' : undefined),
    },
    { key: 'status', title: 'field.status', kind: 'tag', width: 130, format: (r) => word(intl, 'status', r.status), tagColor: (r) => STATUS_COLORS[r.status] },
    { key: 'product_name', title: 'field.product_id', width: 140 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'machine_review_score', title: 'field.machine_review_score', kind: 'number', width: 110 },
    { key: 'loan_days', title: 'field.loan_days', kind: 'number', width: 90 },
    { key: 'claimed_at', title: 'field.claimed_at', kind: 'datetime' },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl, me, open]);

  const currencyOf = useCallback((r: QueueRow) => r.currency, []);
  // Amount fields only where they can be converted (one currency); the URL keeps them for when a merchant is chosen.
  const omit = useMemo(() => (currency ? [] : [...QUEUE_AMOUNT_FILTERS]), [currency]);
  return (
    <Stack gap="sm" data-testid="review-queue" data-page={page}>
      <FilterBar schema={FILTERS} value={filters} onApply={setFilters} omit={omit} choices={choices} titles={TITLES}>
        {!currency && <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'error.merchantRequired' })}</Text>}
      </FilterBar>
      <DataGrid<QueueRow> autoFocus screenId={screenId} url={`/loanapi/review/${page}/list`} columns={columns} filters={wire} defaultSort="created_at:asc"
        currencyOf={currencyOf} onOpen={open} exportable />
      <Text size="xs" c="dimmed" data-testid="review-keys">{intl.formatMessage({ id: 'review.queue.keys' })}</Text>
    </Stack>
  );
}

export const TrialScreen = () => <StageQueueScreen page="trial" />;
export const ReviewAgainScreen = () => <StageQueueScreen page="reviewAgain" />;
export const PaymentPreTrialScreen = () => <StageQueueScreen page="PaymentPreTrial" />;
export const ReviewLoanScreen = () => <StageQueueScreen page="reviewLoan" />;
