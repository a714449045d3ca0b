import { Stack } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { extensionQuery, type ExtensionStatus } from '../../schemas/extension';
import type { ExtensionListRow } from '../../schemas/extensionQuote';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { extensionColumns, openCustomer, word } from './columns';
import { getMerchants } from './extension.api';

const TITLES = { created: 'field.created_at', application_no: 'extension.field.application_no' };

export interface ExtensionListProps {
  /** Command id of the screen. */
  screen: string;
  url: string;
  /** Statuses the list can hold (the status filter offers these; none: the filter is hidden). */
  statuses: readonly ExtensionStatus[] | null;
  defaultSort?: string;
  review?: boolean;
  children?: ReactNode;
  testId: string;
}

/**
 * One extension list: the filter row from extensionQuery (merchant and status as choices), the grid on the list
 * engine (keyset scrolling, export, the screen's registry actions in the toolbar with their hotkeys).
 */
export function ExtensionList({ screen, url, statuses, defaultSort = 'created_at:desc', review, children, testId }: ExtensionListProps) {
  const intl = useIntl();
  const omit = useMemo(() => (statuses ? [] : ['status']), [statuses]);
  const [filters, setFilters] = useUrlFilters(extensionQuery, omit);
  const merchants = useRemote((signal) => getMerchants(signal), []).data;
  const choices = useMemo(() => ({
    merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    status: (statuses ?? []).map((s) => ({ value: s, label: word(intl, `option.extension_status.${s}`, s) })),
  }), [merchants, statuses, intl]);
  const columns = useMemo(() => extensionColumns(intl, { review }), [intl, review]);
  const currencyOf = useCallback((r: ExtensionListRow) => r.currency, []);
  return (
    <Stack gap="sm" data-testid={testId}>
      <FilterBar schema={extensionQuery} value={filters} onApply={setFilters} omit={omit} choices={choices} titles={TITLES} />
      <DataGrid<ExtensionListRow> autoFocus={review} screenId={screen} url={url} columns={columns} filters={filters} defaultSort={defaultSort}
        currencyOf={currencyOf} onOpen={openCustomer} exportable />
      {children}
    </Stack>
  );
}
