import { Button } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { compactFilters, type Filters } from './filterQuery';

/**
 * A FilterBar with a short row by default: the filters used less often are hidden behind "More filters". Hidden
 * filters that are applied still apply, and the button says how many.
 *
 *   const more = useMoreFilters(['market', 'user_level'], filters, ALWAYS_HIDDEN);
 *   <FilterBar schema={schema} value={filters} onApply={setFilters} omit={more.omit}>{more.toggle}</FilterBar>
 */
export function useMoreFilters(advanced: readonly string[], applied: Filters, hidden: readonly string[] = []): { omit: readonly string[]; toggle: ReactNode; open: boolean } {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const active = Object.keys(compactFilters(applied)).filter((k) => advanced.some((a) => k === a || k.startsWith(`${a}_`))).length;
  const omit = useMemo(() => (open ? [...hidden] : [...hidden, ...advanced.flatMap((k) => [k, `${k}_from`, `${k}_to`, `${k}_min`, `${k}_max`])]), [open, advanced, hidden]);
  const label = intl.formatMessage({ id: open ? 'filter.fewer' : 'filter.more' });
  const toggle = (
    <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="filter-more">
      {!open && active > 0 ? `${label} (${intl.formatNumber(active)})` : label}
    </Button>
  );
  return { omit, toggle, open };
}
