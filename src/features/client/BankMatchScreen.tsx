import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { BANK_MATCH_RESULTS, bankMatchListQuery, type BankMatchRow } from '../../schemas/client';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { cardColumns } from './cardColumns';
import { optionWord } from './columns';
import { openCustomer } from './CustomersScreen';
import { useFilterChoices } from './options';

const SCREEN = 'client.UserBankcardMatchCollection';
const URL = '/loanapi/bank_card/match_list';
const TITLES = { status: 'field.card_status', created: 'field.created_at' };
const OMIT = ['customer_id'];
const RESULT_COLORS: Record<string, string> = { matched: '#2f9e44', mismatch: '#e03131', unknown: '#868e96' };

/**
 * Spec /client/UserBankcardMatchCollection (bank auto-match): the bank each card number belongs to, identified by
 * its prefix (BIN), against the bank the customer declared; mismatches first when filtered.
 */
export default function BankMatchScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(bankMatchListQuery);
  const choices = useFilterChoices(filters.merchant_id);
  const columns = useMemo<GridColumnDef<BankMatchRow>[]>(() => {
    const base = cardColumns<BankMatchRow>(intl, openCustomer);
    const match: GridColumnDef<BankMatchRow>[] = [
      {
        key: 'match_result', title: 'field.match_result', kind: 'tag', width: 120,
        format: (r) => optionWord(intl, 'match_result', r.match_result), tagColor: (r) => RESULT_COLORS[r.match_result],
      },
      { key: 'matched_bank_name', title: 'field.matched_bank_name', width: 170 },
      { key: 'matched_bank_code', title: 'field.matched_bank_code', width: 110 },
      { key: 'market', title: 'field.market', width: 100, format: (r) => optionWord(intl, 'market', r.market) },
    ];
    // Customer and phone, then the result next to the declared bank.
    return [...base.slice(0, 2), ...match.slice(0, 1), ...base.slice(2, 5), ...match.slice(1), ...base.slice(5)];
  }, [intl]);
  const choiceMap = useMemo(() => ({
    merchant_id: choices.merchant_id,
    status: ['bound', 'pending'].map((v) => ({ value: v, label: intl.formatMessage({ id: `option.card_status.${v}` }) })),
    match_result: BANK_MATCH_RESULTS.map((v) => ({ value: v, label: intl.formatMessage({ id: `option.match_result.${v}` }) })),
  }), [choices.merchant_id, intl]);
  return (
    <Stack gap="sm" data-testid="bank-match-screen">
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'client.match.rule' })}</Text>
      <FilterBar schema={bankMatchListQuery} value={filters} onApply={setFilters} titles={TITLES} omit={OMIT} choices={choiceMap} />
      <DataGrid<BankMatchRow> screenId={SCREEN} url={URL} columns={columns} filters={filters} defaultSort="created_at:desc"
        onOpen={openCustomer} exportable />
    </Stack>
  );
}
