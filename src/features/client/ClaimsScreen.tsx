import { Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { openPath } from '../../app/router/openPath';
import { can } from '../../../commands/permissions';
import { session } from '../../app/state/session';
import { CLAIM_API, claimListQuery, type ClaimRow } from '../../schemas/customer';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { customerDetailHref } from './client.api';
import { optionWord } from './columns';
import { useFilterChoices } from './options';

const SCREEN = 'client.clientUserCollection';
const RELEASE_NODE = 'client_clientUserCollection_release';
/** Filter labels without a `field.<key>` of their own. */
const TITLES = {
  claim_state: 'client.claim.field.claim_state', mine: 'client.claim.field.mine', overdue_days_min: 'client.claim.field.overdue_days_min',
};

function openCustomer(r: ClaimRow): void {
  const href = customerDetailHref(r);
  if (href) openPath(href);
}

/** The claim state of a row in words: mine, someone's, or free. */
function stateWord(intl: ReturnType<typeof useIntl>, r: ClaimRow): string {
  return intl.formatMessage({ id: r.mine ? 'client.claim.state.mine' : r.claimed ? 'client.claim.state.claimed' : 'client.claim.state.unclaimed' });
}

/**
 * /client/clientUserCollection (spec "claim customer"): customers of the account's merchants with an open loan —
 * the loan, what is still owed and how late, and who works the customer. c claims the selected customer,
 * shift+r gives the claim back; "My customers" filters to one's own; Enter opens the customer detail. Accounts
 * without the release action see the free customers and their own only (the server decides).
 */
export default function ClaimsScreen() {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const supervisor = can(nodes as string[], RELEASE_NODE);
  const omit = useMemo(() => (supervisor ? [] : ['claim_state']), [supervisor]);
  const [filters, setFilters] = useUrlFilters(claimListQuery, omit);
  const choices = useFilterChoices(filters.merchant_id);

  const columns = useMemo<GridColumnDef<ClaimRow>[]>(() => [
    { key: 'customer_name', title: 'field.customer_name', kind: 'link', width: 170, onClick: openCustomer },
    { key: 'phone', title: 'field.phone', width: 130 },
    {
      key: 'claim_state', title: 'client.claim.field.claim_state', kind: 'tag', width: 120, format: (r) => stateWord(intl, r),
      tagColor: (r) => (r.mine ? '#2f9e44' : r.claimed ? '#e8590c' : undefined),
    },
    { key: 'owner_name', title: 'client.claim.field.owner', width: 140 },
    { key: 'claimed_at', title: 'client.claim.field.claimed_at', kind: 'datetime' },
    { key: 'order_no', title: 'field.order_no', width: 170 },
    {
      key: 'status', title: 'field.status', kind: 'tag', width: 110, format: (r) => optionWord(intl, 'status', r.status),
      tagColor: (r) => (r.status === 'overdue' || r.status === 'bad_debt' ? '#e03131' : undefined),
    },
    { key: 'remaining_debt', title: 'field.remaining_debt', kind: 'money', width: 140, sortable: true },
    { key: 'loan_amount', title: 'field.loan_amount', kind: 'money', width: 130 },
    { key: 'due_date', title: 'field.due_date', kind: 'date' },
    { key: 'overdue_days', title: 'field.overdue_days', kind: 'number', width: 100, sortable: true },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160 },
    { key: 'created_at', title: 'field.created_at', kind: 'datetime', sortable: true },
  ], [intl]);

  const currencyOf = useCallback((r: ClaimRow) => r.currency, []);
  const onOpen = useCallback((r: ClaimRow) => openCustomer(r), []);

  return (
    <Stack gap="sm" data-testid="claims-screen">
      <FilterBar schema={claimListQuery} value={filters} onApply={setFilters} omit={omit} titles={TITLES} choices={{ merchant_id: choices.merchant_id }} />
      <DataGrid<ClaimRow> screenId={SCREEN} url={CLAIM_API.list} columns={columns} filters={filters} defaultSort="created_at:desc"
        currencyOf={currencyOf} onOpen={onOpen} exportable />
    </Stack>
  );
}
