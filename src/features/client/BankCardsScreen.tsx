import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { bankCardListQuery, type BankCardRow } from '../../schemas/client';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { cardColumns } from './cardColumns';
import { openCustomer } from './CustomersScreen';
import { useFilterChoices } from './options';

const SCREEN = 'client.UserBankcardCollection';
const URL = '/loanapi/bank_card/all_list';
/** The card status is `status` on the wire; its words are `option.card_status.*`. */
const TITLES = { status: 'field.card_status', created: 'field.created_at' };
const OMIT = ['customer_id'];

/** Spec /client/UserBankcardCollection: customers' bank cards, bound or pending binding. */
export default function BankCardsScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(bankCardListQuery);
  const choices = useFilterChoices(filters.merchant_id);
  const columns = useMemo(() => cardColumns<BankCardRow>(intl, openCustomer), [intl]);
  const statusChoices = useMemo(() => ['bound', 'pending'].map((v) => ({ value: v, label: intl.formatMessage({ id: `option.card_status.${v}` }) })), [intl]);
  return (
    <Stack gap="sm" data-testid="bank-cards-screen">
      <FilterBar schema={bankCardListQuery} value={filters} onApply={setFilters} titles={TITLES} omit={OMIT}
        choices={{ merchant_id: choices.merchant_id, status: statusChoices }} />
      <DataGrid<BankCardRow> screenId={SCREEN} url={URL} columns={columns} filters={filters} defaultSort="created_at:desc"
        onOpen={openCustomer} exportable />
    </Stack>
  );
}
