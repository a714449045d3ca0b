import { Stack } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { openPath } from '../../app/router/openPath';
import type { ZodType } from 'zod';
import { useParamChoices } from '../../app/commands';
import { ALLOCATION_REASONS, CASE_STATUSES, PROMISE_STATUSES } from '../../schemas/collection';
import { ALLOCATION_EVENTS, HOLDERS, SUCCESS_WAYS, type SuperviseOptions } from '../../schemas/collectionSupervise';
import { DataGrid, type GridColumnDef, type GridRow } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import type { Choice } from '../../ui/ParamForm';
import { word } from './columns';

/** Filter labels of the collection lists that have no `field.<key>` of their own. */
export const FILTER_TITLES: Record<string, string> = {
  stage_id: 'collection.field.stage', collector_id: 'collection.field.collector', promise_status: 'collection.field.promise_status',
  overdue_min: 'collection.field.days_min', overdue_max: 'collection.field.days_max', entered: 'collection.field.entered_at',
  claimable: 'collection.field.claimable', holder: 'collection.field.holder', stay: 'collection.field.stay', status: 'collection.field.status',
  last_result: 'collection.field.last_reminder', due: 'field.due_date', how: 'collection.field.how', closed: 'collection.field.closed_at',
  refunded: 'collection.field.when', kind: 'collection.field.event', reason: 'collection.field.reason', from_stage_id: 'collection.field.from_stage',
  to_stage_id: 'collection.field.to_stage', from_collector_id: 'collection.field.from_collector', to_collector_id: 'collection.field.to_collector',
  actor_id: 'collection.field.who', at: 'collection.field.when',
};

/** The customer-detail view of a row's customer. */
export function openCustomer(r: { customer_id?: number | null; customer_name?: string | null; phone?: string | null }): void {
  if (!r.customer_id) return;
  const q = new URLSearchParams({ client: String(r.customer_id), name: r.customer_name ?? '', phone: r.phone ?? '' });
  openPath(`/example/orderDetails?${q.toString()}`);
}

/**
 * Filter choices and action-form choices from the scope's options (merchants, stages, collectors, call results) and
 * the area's enums worded in the user's language; registered for the generated forms while the screen is mounted.
 */
export function useCollectionChoices(options: SuperviseOptions | undefined): Record<string, Choice[]> {
  const intl = useIntl();
  const choices = useMemo<Record<string, Choice[]>>(() => {
    const w = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: word(intl, prefix, v) }));
    const stages = (options?.stages ?? []).map((s) => ({ value: String(s.id), label: s.name }));
    const people = (options?.collectors ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.account})` }));
    return {
      merchant_id: (options?.merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      stage_id: stages, from_stage_id: stages, to_stage_id: stages,
      collector_id: people, from_collector_id: people, to_collector_id: people, actor_id: people,
      result: (options?.results ?? []).map((r) => ({ value: r.value, label: r.label })),
      status: w('option.case_status', CASE_STATUSES),
      promise_status: w('option.promise_status', PROMISE_STATUSES),
      holder: w('option.collection_holder', HOLDERS),
      how: w('option.success_way', SUCCESS_WAYS),
      kind: w('option.collection_event', ALLOCATION_EVENTS),
      reason: w('option.allocation_reason', ALLOCATION_REASONS),
    };
  }, [intl, options]);
  useParamChoices(choices);
  return choices;
}

export interface CollectionListProps<R extends GridRow> {
  /** Command id of the screen (toolbar actions, selection, refresh after its commands). */
  screen: string;
  url: string;
  /** The list's filter schema (the FilterBar's inputs). */
  schema: ZodType;
  columns: readonly GridColumnDef<R>[];
  choices: Record<string, Choice[]>;
  defaultSort: string;
  omit?: readonly string[];
  onOpen?: (row: R) => void;
  /** Message id naming the grid (a second grid on a screen). */
  label?: string;
  height?: number | string;
  testId: string;
  children?: ReactNode;
}

/**
 * One list of the collection area: the filter row from the list's zod schema (kept in the URL), the grid on the list
 * engine (keyset scrolling, export, the empty state) with the screen's registry actions and their hotkeys.
 */
export function CollectionList<R extends GridRow>({ screen, url, schema, columns, choices, defaultSort, omit = [], onOpen, label, height, testId, children }: CollectionListProps<R>) {
  const [filters, setFilters] = useUrlFilters(schema, omit);
  const currencyOf = useCallback((r: R) => (r as { currency?: string | null }).currency ?? undefined, []);
  return (
    <Stack gap="sm" data-testid={testId}>
      <FilterBar schema={schema} value={filters} onApply={setFilters} omit={omit} choices={choices} titles={FILTER_TITLES} />
      <DataGrid<R> screenId={screen} url={url} columns={columns} filters={filters} defaultSort={defaultSort} currencyOf={currencyOf}
        onOpen={onOpen} exportable label={label} height={height} />
      {children}
    </Stack>
  );
}
