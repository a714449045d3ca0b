import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { WITHDRAWAL_SMS_LOG_LIST, withdrawalSmsLogQuery, type WithdrawalSmsRow } from '../../schemas/withdrawal';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { FILTER_TITLES, openCustomer } from './QueueScreen';
import { getMerchants } from './withdrawal.api';

/** /log/WithdrawalSMS: every SMS the withdrawal queues wrote (reminders, payout notices, card fixes, invitations). */
export default function SmsLogScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(withdrawalSmsLogQuery);
  const merchants = useRemote((signal) => getMerchants(signal), []).data;
  const choices = useMemo(() => ({ merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })) }), [merchants]);
  const columns = useMemo<GridColumnDef<WithdrawalSmsRow>[]>(() => {
    const word = (id: string, fallback: string) => (id in intl.messages ? intl.formatMessage({ id }) : fallback);
    return [
      { key: 'created_at', title: 'field.sent_at', kind: 'datetime', sortable: true },
      { key: 'kind', title: 'withdrawal.field.kind', kind: 'tag', width: 170, format: (r) => word(`option.sms_kind.${r.kind}`, r.kind) },
      { key: 'phone', title: 'field.phone', width: 130 },
      { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 160, onClick: (r) => openCustomer({ customer_id: r.customer_id, customer_name: r.customer_name, phone: r.phone }) },
      { key: 'content', title: 'field.content', width: 420 },
      { key: 'lang', title: 'withdrawal.field.lang', width: 80 },
      { key: 'order_no', title: 'field.order_no', width: 170 },
      { key: 'status', title: 'field.status', width: 100, format: (r) => word(`option.sms_status.${r.status}`, r.status) },
      { key: 'account', title: 'field.account', width: 120 },
      { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    ];
  }, [intl]);
  return (
    <Stack gap="sm" data-testid="withdrawal-sms-log-screen">
      <FilterBar schema={withdrawalSmsLogQuery} value={filters} onApply={setFilters} choices={choices} titles={FILTER_TITLES} />
      <DataGrid<WithdrawalSmsRow> screenId="log.WithdrawalSMS" url={WITHDRAWAL_SMS_LOG_LIST} columns={columns} filters={filters} defaultSort="created_at:desc" exportable />
    </Stack>
  );
}
