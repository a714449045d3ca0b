import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { api } from '../../app/api/request';
import { openCommandForm, useCommandDone, useCommandUi, useParamChoices } from '../../app/commands';
import type { MerchantOption } from '../../schemas/merchant';
import { REPAYMENT_API, REPAYMENT_CARD_STATUSES, REPAYMENT_STATUSES, repaymentCardQuery } from '../../schemas/repayment';
import { payCardRepaymentQuery, type CardBatchRow, type PayCardRepaymentRow, type RepaymentCardRow } from '../../schemas/repaymentCard';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Choice } from '../../ui/ParamForm';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { CollectDialog } from './CollectPanel';

/**
 * The screens of virtual-account cards and card deductions (docs/repayment.md "Money through the provider"):
 * /repayment/repaymentCardList (cards; issue), /repayment/resetAllRepaymentCards (re-issue every card of a merchant as a
 * batch; progress bars that poll while a batch runs), /repayment/paymentPayCard (card deductions; deduct).
 */

const TITLES = {
  va_number: 'repaymentCard.field.va_number', serial_no: 'repaymentCard.field.serial_no', created: 'field.created_at',
};
const STATUS_COLORS: Record<string, string> = {
  pending: '#1971c2', success: '#2f9e44', failed: '#c92a2a', expired: '#868e96', revoked: '#e8590c', abnormal: '#f08c00', active: '#2f9e44',
};

function word(intl: IntlShape, id: string, fallback: string): string {
  return id in intl.messages ? intl.formatMessage({ id }) : fallback;
}

/** Merchants of the account's scope, for filters and the generated forms (issue, reset). */
function useMerchantChoices(): Choice[] {
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []).data;
  const choices = useMemo(() => (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })), [merchants]);
  const forForms = useMemo(() => ({ merchant_id: choices }), [choices]);
  useParamChoices(forForms);
  return choices;
}

const options = (intl: IntlShape, prefix: string, values: readonly string[]): Choice[] =>
  values.map((v) => ({ value: v, label: word(intl, `${prefix}.${v}`, v) }));

// ------------------------------------------------------------------ virtual-account cards

export function RepaymentCards() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(repaymentCardQuery);
  const merchants = useMerchantChoices();
  const choices = useMemo(() => ({ merchant_id: merchants, status: options(intl, 'repaymentCard.cardStatus', REPAYMENT_CARD_STATUSES) }), [merchants, intl]);
  // Issue for the selected card's customer (a new card), or for a customer typed in.
  useCommandUi('repayment.repaymentCardList.issue', ({ command, selection }) => {
    const row = selection[0] as Partial<RepaymentCardRow> | undefined;
    return openCommandForm(command, selection, { initial: row ? { customer_id: row.customer_id, merchant_id: row.merchant_id } : undefined });
  });
  const columns = useMemo<GridColumnDef<RepaymentCardRow>[]>(() => [
    { key: 'va_number', title: 'repaymentCard.field.va_number', width: 190 },
    { key: 'bank_name', title: 'field.bank_name', width: 150 },
    { key: 'customer_name', title: 'field.customer_name', width: 160 },
    { key: 'phone', title: 'field.phone', width: 130 },
    {
      key: 'status', title: 'field.status', kind: 'tag', width: 110, format: (r) => word(intl, `repaymentCard.cardStatus.${r.status}`, r.status),
      tagColor: (r) => STATUS_COLORS[r.status],
    },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'channel_name', title: 'field.channel_id', width: 140 },
    { key: 'batch_id', title: 'repaymentCard.field.batch_id', kind: 'number', width: 90 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'expired_at', title: 'repaymentCard.field.expired_at', kind: 'datetime' },
  ], [intl]);
  return (
    <Stack gap="sm" data-testid="repayment-repaymentCardList">
      <FilterBar schema={repaymentCardQuery} value={filters} onApply={setFilters} choices={choices} titles={TITLES} />
      <DataGrid<RepaymentCardRow> screenId="repayment.repaymentCardList" url={REPAYMENT_API.cardList} columns={columns} filters={filters} defaultSort="created_at:desc" exportable />
    </Stack>
  );
}

// ------------------------------------------------------------------ card deductions

export function PayCardRepayments() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(payCardRepaymentQuery);
  const merchants = useMerchantChoices();
  const [openKey, setOpenKey] = useState<number | null>(null);
  useCommandUi('repayment.paymentPayCard.deduct', () => setOpenKey((k) => (k ?? 0) + 1));
  const choices = useMemo(() => ({ merchant_id: merchants, status: options(intl, 'repaymentCard.status', REPAYMENT_STATUSES) }), [merchants, intl]);
  const columns = useMemo<GridColumnDef<PayCardRepaymentRow>[]>(() => [
    { key: 'serial_no', title: 'repaymentCard.field.serial_no', width: 190 },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    { key: 'customer_name', title: 'field.customer_name', width: 160 },
    { key: 'phone', title: 'field.phone', width: 130 },
    {
      key: 'status', title: 'field.status', kind: 'tag', width: 110, format: (r) => word(intl, `repaymentCard.status.${r.status}`, r.status),
      tagColor: (r) => STATUS_COLORS[r.status],
    },
    { key: 'requested_amount', title: 'repaymentCard.field.requested_amount', kind: 'money', width: 140 },
    { key: 'success_amount', title: 'repaymentCard.field.success_amount', kind: 'money', width: 140 },
    { key: 'card_no', title: 'field.card_number', width: 170 },
    { key: 'channel_name', title: 'field.channel_id', width: 140 },
    { key: 'provider_ref', title: 'field.provider_ref', width: 220 },
    { key: 'remark', title: 'field.remark', width: 200 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'paid_at', title: 'repaymentCard.field.paid_at', kind: 'datetime' },
  ], [intl]);
  const currencyOf = useCallback((r: PayCardRepaymentRow) => r.currency, []);
  return (
    <Stack gap="sm" data-testid="repayment-paymentPayCard">
      <FilterBar schema={payCardRepaymentQuery} value={filters} onApply={setFilters} choices={choices} titles={TITLES} />
      <DataGrid<PayCardRepaymentRow> screenId="repayment.paymentPayCard" url={REPAYMENT_API.payCardList} columns={columns} filters={filters}
        defaultSort="created_at:desc" currencyOf={currencyOf} exportable />
      <CollectDialog openKey={openKey} commandId="repayment.paymentPayCard.deduct" methods={['card']} onClose={() => setOpenKey(null)} />
    </Stack>
  );
}

// ------------------------------------------------------------------ reset batches

interface BatchPage {
  rows: CardBatchRow[];
}

/** How often the batches are read again while one of them runs. */
const BATCH_POLL_MS = 2000;

export function ResetCardBatches() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useMerchantChoices();
  const list = useRemote((signal) => api.get<BatchPage>(REPAYMENT_API.resetCardBatches, { size: 100 }, { signal }), []);
  const rows = list.data?.rows ?? [];
  const running = rows.some((r) => r.status === 'running');
  const { reload } = list;
  useCommandDone(() => reload(), 'repayment.resetAllRepaymentCards.');
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(reload, BATCH_POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);
  const columns: Column<CardBatchRow>[] = [
    { key: 'id', title: 'field.id', width: 70 },
    { key: 'merchant_name', title: 'field.merchant_id', render: (r) => r.merchant_name ?? String(r.merchant_id) },
    {
      key: 'status', title: 'field.status', width: 110,
      render: (r) => <Badge color={r.status === 'failed' ? 'red' : r.status === 'done' ? 'green' : 'blue'} variant="light">{word(intl, `repaymentCard.batchStatus.${r.status}`, r.status)}</Badge>,
    },
    {
      key: 'progress', title: 'repaymentCard.field.progress', width: 260,
      render: (r) => {
        const pct = r.total ? Math.round(((r.done + r.failed) / r.total) * 100) : r.status === 'running' ? 0 : 100;
        return (
          <Stack gap={2}>
            <Progress value={Math.min(100, pct)} animated={r.status === 'running'} color={r.failed ? 'orange' : 'blue'}
              aria-label={t('repaymentCard.field.progress')} data-testid={`batch-progress-${r.id}`} />
            <Text size="xs" c="dimmed">{t('repaymentCard.batches.progress', { done: r.done, failed: r.failed, total: r.total })}</Text>
          </Stack>
        );
      },
    },
    { key: 'remark', title: 'field.remark' },
    { key: 'error', title: 'field.failure_reason', render: (r) => <Text size="xs" c="red">{r.error}</Text> },
    { key: 'created_by', title: 'repaymentCard.field.created_by', width: 130 },
    { key: 'created_at', title: 'field.created_at', width: 170, render: (r) => intl.formatDate(r.created_at, { dateStyle: 'short', timeStyle: 'medium' }) },
    { key: 'finished_at', title: 'field.completed_at', width: 170, render: (r) => (r.finished_at ? intl.formatDate(r.finished_at, { dateStyle: 'short', timeStyle: 'medium' }) : '') },
  ];
  return (
    <Stack gap="sm" data-testid="repayment-resetAllRepaymentCards">
      <CommandToolbar screen="repayment.resetAllRepaymentCards">
        <Button variant="default" size="xs" onClick={reload} loading={list.loading}>{t('repaymentCard.batches.refresh')}</Button>
      </CommandToolbar>
      <Group gap="xs">
        <Text size="sm" c="dimmed">{t('repaymentCard.batches.hint')}</Text>
        {running && <Badge color="blue" variant="dot" data-testid="batches-polling">{t('repaymentCard.batchStatus.running')}</Badge>}
      </Group>
      {/* One empty message: this screen's own words when the list loaded empty, else the table (rows, loading or error). */}
      {list.data && !list.error && rows.length === 0
        ? <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="batches-empty">{t('repaymentCard.batches.empty')}</Text>
        : <RecordTable<CardBatchRow> columns={columns} rows={rows} loading={list.loading && !list.data} error={list.error} label={t('route.repayment.resetAllRepaymentCards')} />}
    </Stack>
  );
}

