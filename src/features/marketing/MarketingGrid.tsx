import { Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ZodObject } from 'zod';
import { useParamChoices } from '../../app/commands';
import type { Choice } from '../../ui/ParamForm';
import { DataGrid, type GridColumnDef, type GridRow } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { marketingApi } from './marketing.api';

/** Filter and form labels of this area that have no `field.<key>` of their own. */
export const TITLES: Record<string, string> = {
  group_id: 'marketing.field.group', agent_id: 'marketing.field.agent', result: 'marketing.field.result', dispatched: 'marketing.field.dispatched',
  registered: 'marketing.field.registered', registered_from: 'marketing.field.registered_from', registered_to: 'marketing.field.registered_to',
  channel_id: 'marketing.field.channel', template: 'marketing.field.template', code: 'marketing.field.code', mine: 'marketing.field.mine',
};

export interface MarketingGridProps<R extends GridRow> {
  screen: string;
  url: string;
  schema: ZodObject;
  columns: GridColumnDef<R>[];
  intro: string;
  defaultSort?: string;
  /** Work queues: the cursor starts on the first row with the keyboard on the grid. */
  autoFocus?: boolean;
  height?: number | string;
  choices?: Record<string, Choice[]>;
  children?: ReactNode;
}

/**
 * One list screen of the area: its filters (merchants as a select), the grid from the list's declaration with the
 * screen's commands in its toolbar and on their hotkeys, and what the generated action forms choose from.
 */
export function MarketingGrid<R extends GridRow>(p: MarketingGridProps<R>) {
  const intl = useIntl();
  const [filters, setFilters] = useUrlFilters(p.schema);
  const merchants = useRemote((signal) => marketingApi.merchants(signal), []).data;
  const options = useRemote((signal) => marketingApi.options(signal).catch(() => null), []).data;
  const choices = useMemo(() => ({
    merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
    product_id: options?.products ?? [],
    channel_id: options?.channels ?? [],
    landing_id: options?.landings ?? [],
    agent_id: options?.agents ?? [],
    ...(p.choices ?? {}),
  }), [merchants, options, p.choices]);
  useParamChoices(choices);
  return (
    <Stack gap="sm" data-testid={`${p.screen}-screen`}>
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: p.intro })}</Text>
      <FilterBar schema={p.schema} value={filters} onApply={setFilters} choices={choices} titles={TITLES} />
      <DataGrid<R> screenId={p.screen} url={p.url} columns={p.columns} filters={filters} defaultSort={p.defaultSort} exportable
        autoFocus={p.autoFocus} height={p.height} currencyOf={(r) => (r as { currency?: string }).currency ?? undefined} />
      {p.children}
    </Stack>
  );
}

/** Translated option words (`<prefix>.<value>`), the value itself when the catalogue has none. */
export function useWord() {
  const intl = useIntl();
  return (id: string, fallback = '') => (id in intl.messages ? intl.formatMessage({ id }) : fallback);
}
