import { Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ZodType } from 'zod';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { usePaymentChoices } from './options';

/** Date ranges are labelled after their column. */
const TITLES = { created: 'field.created_at' };

export interface PaymentListProps<R extends object> {
  /** Command id of the screen (toolbar actions, selection, refresh after its commands). */
  screen: string;
  url: string;
  filters: ZodType;
  columns: (intl: IntlShape) => GridColumnDef<R>[];
  /** Filters the screen fixes itself (the status of a status screen). */
  omit?: readonly string[];
  defaultSort?: string;
  /** Enter or double click on a row. */
  onOpen?: (row: R) => void;
  testId: string;
}

/**
 * One list screen of the payment area: the filter row from the list's zod schema, the grid on the list engine
 * (keyset scrolling, export), the screen's registry actions in the toolbar (with their hotkeys), and the channel and
 * merchant choices for filters and action forms.
 */
export function PaymentListScreen<R extends object>({ screen, url, filters: schema, columns, omit, defaultSort = 'created_at:desc', onOpen, testId }: PaymentListProps<R>) {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(schema, omit);
  const choices = usePaymentChoices();
  const cols = useMemo(() => columns(intl), [columns, intl]);
  const currencyOf = useCallback((r: R) => (r as { currency?: string }).currency, []);
  return (
    <Stack gap="sm" data-testid={testId}>
      <FilterBar schema={schema} value={filters} onApply={setFilters} omit={omit} choices={choices} titles={TITLES} />
      <DataGrid<R> screenId={screen} url={url} columns={cols} filters={filters} defaultSort={defaultSort} currencyOf={currencyOf} onOpen={onOpen} exportable />
    </Stack>
  );
}
