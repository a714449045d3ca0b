import { Stack, Text } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useParamChoices } from '../../app/commands';
import { ABNORMAL_REASONS, ABNORMAL_RESOLUTIONS, REPAYMENT_STATUSES, REPAYMENT_TYPES, type repaymentListQuery } from '../../schemas/repayment';
import { DataGrid } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';
import { amountCurrency, toWireFilters, withMajorAmounts } from '../review/amountFilters';
import { repaymentColumns, word, type ColumnSet, type RepaymentGridRow } from './columns';
import { getStaffOptions } from './repayment.api';

const AMOUNTS = ['amount_min', 'amount_max'] as const;

/** Filter labels: the area's own field words; `created` is the created_from / created_to range. */
export const FILTER_TITLES: Record<string, string> = {
  serial_no: 'repayment.field.serial_no', order_no: 'repayment.field.order_no', phone: 'repayment.field.phone',
  customer_name: 'repayment.field.customer_name', merchant_id: 'repayment.field.merchant', type: 'repayment.field.type',
  status: 'repayment.field.status', channel_id: 'repayment.field.channel', amount_min: 'repayment.field.amount_min',
  amount_max: 'repayment.field.amount_max', created: 'repayment.field.created_at', over_contract: 'repayment.field.over_contract',
  reason: 'repayment.field.abnormal_reason', handled: 'repayment.field.handled',
};

export interface RepaymentListScreenProps {
  /** Command id of the screen (toolbar actions, selection, refresh after its commands). */
  screen: string;
  url: string;
  /** The list's filter schema (repaymentListQuery or abnormalQuery). */
  schema: typeof repaymentListQuery;
  columns: ColumnSet;
  /** Filters the screen fixes itself (the type of the settlement and manual lists). */
  omit?: readonly string[];
  onOpen?: (row: RepaymentGridRow) => void;
  testId: string;
  /** Dialogs and panels of the screen. */
  children?: ReactNode;
}

/**
 * One list screen of the repayment area: the filter row from the list's zod schema (amounts typed in major units of
 * the merchant's currency), the grid on the list engine (keyset scrolling, export), the screen's registry actions in
 * the toolbar with their hotkeys, money in each row's currency.
 */
export function RepaymentListScreen({ screen, url, schema, columns: set, omit = [], onOpen, testId, children }: RepaymentListScreenProps) {
  const intl = useIntl();
  const filterSchema = useMemo(() => withMajorAmounts(schema as z.ZodObject, AMOUNTS), [schema]);
  const [filters, setFilters] = useUrlFilters(filterSchema, omit);
  const options = useRemote((signal) => getStaffOptions(signal), []).data;
  const currency = amountCurrency(options?.merchants ?? [], filters.merchant_id);
  const wire = useMemo(() => toWireFilters(filters, currency, AMOUNTS), [filters, currency]);
  const hiddenAmounts = currency ? [] : AMOUNTS;
  const omitted = useMemo(() => [...omit, ...hiddenAmounts], [omit, currency]); // eslint-disable-line react-hooks/exhaustive-deps

  const choices = useMemo<Record<string, Choice[]>>(() => {
    const w = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: word(intl, prefix, v) }));
    const yesNo = [{ value: '1', label: intl.formatMessage({ id: 'filter.yes' }) }, { value: '0', label: intl.formatMessage({ id: 'filter.no' }) }];
    return {
      merchant_id: (options?.merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      channel_id: (options?.channels ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.code})` })),
      type: w('option.repayment_type', REPAYMENT_TYPES),
      status: w('option.repayment_status', REPAYMENT_STATUSES),
      reason: w('option.abnormal_reason', ABNORMAL_REASONS),
      resolution: w('option.abnormal_resolution', ABNORMAL_RESOLUTIONS),
      over_contract: yesNo,
      handled: yesNo,
    };
  }, [intl, options]);
  useParamChoices(choices);

  const columns = useMemo(() => repaymentColumns(intl, set), [intl, set]);
  const currencyOf = useCallback((r: RepaymentGridRow) => r.currency, []);
  return (
    <Stack gap="sm" data-testid={testId}>
      <FilterBar schema={filterSchema} value={filters} onApply={setFilters} omit={omitted} choices={choices} titles={FILTER_TITLES}>
        {currency && <Text size="xs" c="dimmed" data-testid="amount-hint">{intl.formatMessage({ id: 'repayment.amountIn' }, { currency })}</Text>}
      </FilterBar>
      <DataGrid<RepaymentGridRow> screenId={screen} url={url} columns={columns} filters={wire} defaultSort="created_at:desc"
        currencyOf={currencyOf} onOpen={onOpen} exportable />
      {children}
    </Stack>
  );
}
