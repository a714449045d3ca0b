import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatTime } from '../../app/lib/time';
import { LOGIN_CODE_PURPOSES, smsLogListQuery, type SmsLogRow } from '../../schemas/client';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { optionWord } from './columns';
import { openCustomer } from './CustomersScreen';
import { useFilterChoices } from './options';

const SCREEN = 'client.customer_sms_log';
const URL = '/loanapi/customer/sms_log_list';
const TITLES = { sent: 'field.sent_at' };

/** Spec /client/customer_sms_log: the login (verification) codes sent to customers, and whether they were used. */
export default function LoginCodesScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(smsLogListQuery);
  const choices = useFilterChoices(filters.merchant_id);
  const columns = useMemo<GridColumnDef<SmsLogRow>[]>(() => [
    { key: 'phone', title: 'field.phone', width: 140 },
    { key: 'code', title: 'field.sms_code', width: 110 },
    {
      key: 'purpose', title: 'field.purpose', kind: 'tag', width: 130,
      format: (r) => optionWord(intl, 'purpose', r.purpose),
      tagColor: (r) => (r.purpose === 'login' ? '#1971c2' : r.purpose === 'register' ? '#2f9e44' : '#f08c00'),
    },
    {
      key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170,
      onClick: (r) => (r.customer_id ? openCustomer(r) : undefined),
    },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'ip', title: 'field.ip', width: 130 },
    { key: 'sent_at', title: 'field.sent_at', kind: 'datetime', sortable: true },
    {
      // When the code was used, or that it never was.
      key: 'used_at', title: 'field.used_at', kind: 'datetime',
      format: (r) => (r.used_at ? formatTime(r.used_at) : intl.formatMessage({ id: 'client.smsLog.unused' })),
    },
  ], [intl]);
  const purposeChoices = useMemo(() => LOGIN_CODE_PURPOSES.map((v) => ({ value: v, label: intl.formatMessage({ id: `option.purpose.${v}` }) })), [intl]);
  return (
    <Stack gap="sm" data-testid="login-codes-screen">
      <FilterBar schema={smsLogListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={{ merchant_id: choices.merchant_id, purpose: purposeChoices }} />
      <DataGrid<SmsLogRow> screenId={SCREEN} url={URL} columns={columns} filters={filters} defaultSort="sent_at:desc"
        onOpen={(r) => (r.customer_id ? openCustomer(r) : undefined)} exportable />
    </Stack>
  );
}
