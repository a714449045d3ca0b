import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { orderedRange } from './logQuery';
import type { PagedList } from './usePagedList';
import { DateField } from '../../ui/DateField';

/** A row of filters: Enter or Search applies them, Reset goes back to the screen's defaults, Refresh loads again. */
export function FilterBar({ children, onSearch, onReset, onRefresh, busy }: {
  children: ReactNode; onSearch: () => void; onReset: () => void; onRefresh?: () => void; busy?: boolean;
}) {
  const intl = useIntl();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form onSubmit={submit} role="search" data-testid="filter-bar">
      <Group gap="xs" align="flex-end" wrap="wrap">
        {children}
        <Group gap="xs" wrap="nowrap">
          <Button type="submit" size="xs" loading={busy}>{intl.formatMessage({ id: 'list.search' })}</Button>
          <Button size="xs" variant="default" onClick={onReset}>{intl.formatMessage({ id: 'list.reset' })}</Button>
          {onRefresh && <Button size="xs" variant="subtle" color="gray" onClick={onRefresh}>{intl.formatMessage({ id: 'list.refresh' })}</Button>}
        </Group>
      </Group>
    </form>
  );
}

/** From / to day inputs, in the locale's date order (DateField). */
export function DateRangeInputs({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const intl = useIntl();
  return (
    <>
      <DateField w={140} label={intl.formatMessage({ id: 'list.dateFrom' })} value={from} max={to || undefined}
        onChange={(v) => onChange(v, to)} name="date_from" />
      <DateField w={140} label={intl.formatMessage({ id: 'list.dateTo' })} value={to} min={from || undefined}
        onChange={(v) => onChange(from, v)} name="date_to" />
    </>
  );
}

/**
 * The filters being typed, applied to `list` on Search (a reversed date range put in order), back to `initial` on
 * Reset. `bar` is FilterBar's props.
 *
 *   const f = useFilterDraft(list, INITIAL);
 *   <FilterBar {...f.bar}><TextInput value={f.draft.account} onChange={(e) => f.set({ account: e.currentTarget.value })} /></FilterBar>
 */
export function useFilterDraft<F extends Record<string, unknown>>(list: PagedList<unknown, F>, initial: F) {
  const [draft, setDraft] = useState<F>(list.filters);
  const set = (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch }));
  const bar = {
    onSearch: () => list.apply(orderedRange(draft as F & { date_from?: string; date_to?: string })),
    onReset: () => {
      setDraft(initial);
      list.apply(initial);
    },
    busy: list.loading,
    onRefresh: list.reload,
  };
  return { draft, set, bar };
}
