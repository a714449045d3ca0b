import { Stack } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { openPath } from '../../app/router/openPath';
import { useCommandUi } from '../../app/commands';
import { useDict } from '../../app/lib/dict';
import { customerListQuery, type CustomerRow } from '../../schemas/client';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useMoreFilters } from '../../ui/useMoreFilters';
import { customerDetailHref } from './client.api';
import { flagColumn, optionWord } from './columns';
import { SetLabelsDialog } from './SetLabelsDialog';
import { useFilterChoices } from './options';

const SCREEN = 'client.clientUser';
const URL = '/loanapi/customer/all_list';
/** Filters behind "More filters". */
/** Date ranges: `<key>_from` / `<key>_to` are labelled after the column. */
const TITLES = { created: 'field.created_at' };
const ADVANCED = ['market', 'user_level', 'label_id', 'login_allowed', 'machine_review_status', 'machine_review_result'];

export function openCustomer(row: Parameters<typeof customerDetailHref>[0]): void {
  const href = customerDetailHref(row);
  if (href) openPath(href);
}

/** Spec /client/clientUser: every customer of the account's merchants, filtered, sorted, exported; Enter opens one. */
export default function CustomersScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(customerListQuery);
  const choices = useFilterChoices(filters.merchant_id);
  const more = useMoreFilters(ADVANCED, filters);
  const gender = useDict('gender');
  const [labelsFor, setLabelsFor] = useState<CustomerRow | null>(null);

  useCommandUi('client.clientUser.setLabels', ({ selection }) => setLabelsFor((selection[0] as unknown as CustomerRow) ?? null));

  const columns = useMemo<GridColumnDef<CustomerRow>[]>(() => [
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 180, sortable: true, onClick: openCustomer },
    { key: 'phone', title: 'field.phone', width: 130, sortable: true },
    { key: 'id_number', title: 'field.id_number', width: 150 },
    { key: 'code', title: 'field.code', width: 130 },
    { key: 'merchant_name', title: 'field.merchant_id', width: 170 },
    { key: 'channel_name', title: 'field.channel_id', width: 150 },
    { key: 'market', title: 'field.market', width: 100, format: (r) => optionWord(intl, 'market', r.market) },
    { key: 'gender', title: 'field.gender', width: 80, format: (r) => (r.gender ? gender.label(r.gender) : '') },
    { key: 'user_level', title: 'field.user_level', kind: 'number', width: 80 },
    {
      key: 'labels', title: 'field.labels', kind: 'tag', width: 170,
      format: (r) => (r.labels ?? []).map((l) => l.name).join(' · '),
      tagColor: (r) => r.labels?.[0]?.color,
    },
    flagColumn<CustomerRow>(intl, 'blacklisted', (r) => r.blacklisted, { on: '#e03131' }),
    flagColumn<CustomerRow>(intl, 'whitelisted', (r) => r.whitelisted, { on: '#2f9e44' }),
    flagColumn<CustomerRow>(intl, 'login_allowed', (r) => r.login_allowed, { off: '#868e96' }),
    {
      key: 'machine_review_status', title: 'field.machine_review_status', kind: 'tag', width: 130,
      format: (r) => optionWord(intl, 'machine_review_status', r.machine_review_status || 'none'),
    },
    {
      key: 'machine_review_result', title: 'field.machine_review_result', kind: 'tag', width: 130,
      format: (r) => (r.machine_review_result ? optionWord(intl, 'machine_review_result', r.machine_review_result) : ''),
      tagColor: (r) => (r.machine_review_result === 'approved' ? '#2f9e44' : r.machine_review_result === 'rejected' ? '#e03131' : undefined),
    },
    { key: 'reference_limit', title: 'field.reference_limit', kind: 'money', currency: 'currency', width: 140 },
    { key: 'loan_count', title: 'field.loan_count', kind: 'number', width: 90 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
    { key: 'app_active_at', title: 'field.app_active_at', kind: 'datetime' },
    { key: 'id', title: 'field.customer_id', kind: 'number', width: 100, sortable: true },
  ], [intl, gender.label]);

  const onOpen = useCallback((r: CustomerRow) => openCustomer(r), []);

  return (
    <Stack gap="sm" data-testid="customers-screen">
      <FilterBar schema={customerListQuery} value={filters} onApply={setFilters} omit={more.omit} titles={TITLES}
        choices={{ merchant_id: choices.merchant_id, channel_id: choices.channel_id, label_id: choices.label_id }}>
        {more.toggle}
      </FilterBar>
      <DataGrid<CustomerRow> screenId={SCREEN} url={URL} columns={columns} filters={filters} defaultSort="created_at:desc"
        onOpen={onOpen} exportable />
      <SetLabelsDialog customer={labelsFor} labels={choices.options.labels} onClose={() => setLabelsFor(null)} onSaved={choices.reload} />
    </Stack>
  );
}
