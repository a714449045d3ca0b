import { Button, Group, MultiSelect, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'wouter';
import type { ZodType } from 'zod';
import { DateField } from './DateField';
import { compactFilters, filterFields, filtersFromQuery, filtersToQuery, type FilterField, type Filters } from './filterQuery';
import { fieldLabel, type Choice } from './ParamForm';
import type { FieldSpec } from './schemaFields';

/**
 * The filter row of a list screen, generated from the list's zod filter schema (the same schema the server
 * validates with): text, numbers, enums as selects (labels `option.<key>.<value>` or `choices`), booleans as
 * all / yes / no, `<key>_from` + `<key>_to` as two date inputs. Enter or Search applies, Reset clears.
 *
 *   const [filters, setFilters] = useUrlFilters(orderListQuery);   // kept in the URL query
 *   <FilterBar schema={orderListQuery} value={filters} onApply={setFilters} choices={{ merchant_id: merchants }} />
 *   <DataGrid url="/loanapi/order/list" filters={filters} ... />
 */
export interface FilterBarProps {
  /** A zod object schema of the list's query; paging, sort and export keys are left out. */
  schema: ZodType;
  /** The applied filters. */
  value: Filters;
  onApply: (filters: Filters) => void;
  /** Message ids of labels by key; default `field.<key>`. */
  titles?: Record<string, string>;
  /** Options for keys whose values come from elsewhere (merchants, products): shown as a select. */
  choices?: Record<string, Choice[]>;
  /** Keys not shown. */
  omit?: readonly string[];
  /** Extra controls after the buttons. */
  children?: ReactNode;
  onRefresh?: () => void;
  busy?: boolean;
}

function has(intl: IntlShape, id: string): boolean {
  return id in intl.messages;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function FilterBar({ schema, value, onApply, titles, choices, omit = [], children, onRefresh, busy }: FilterBarProps) {
  const intl = useIntl();
  const fields = useMemo(() => filterFields(schema, omit), [schema, omit]);
  const [draft, setDraft] = useState<Filters>(value);
  const valueKey = JSON.stringify(compactFilters(value));
  // The applied filters changed from outside (URL, reset): show them.
  useEffect(() => setDraft(value), [valueKey]);

  const set = (key: string, v: unknown) => setDraft((d) => ({ ...d, [key]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(compactFilters(draft));
  };
  const reset = () => {
    setDraft({});
    onApply({});
  };
  const all = intl.formatMessage({ id: 'list.all' });

  const control = (f: FilterField) => {
    if (f.type === 'dateRange') {
      const base = titles?.[f.key] ?? (has(intl, `field.${f.key}`) ? `field.${f.key}` : null);
      const word = (side: 'from' | 'to') => {
        const own = titles?.[side === 'from' ? f.from : f.to] ?? `field.${side === 'from' ? f.from : f.to}`;
        if (has(intl, own)) return intl.formatMessage({ id: own });
        const edge = intl.formatMessage({ id: side === 'from' ? 'list.dateFrom' : 'list.dateTo' });
        return base ? `${intl.formatMessage({ id: base })} · ${edge}` : edge;
      };
      const from = text(draft[f.from]).slice(0, 10);
      const to = text(draft[f.to]).slice(0, 10);
      return (
        <Group key={f.key} gap="xs" wrap="nowrap" align="flex-end">
          <DateField name={f.from} label={word('from')} value={from} max={to || undefined} onChange={(v) => set(f.from, v)} />
          <DateField name={f.to} label={word('to')} value={to} min={from || undefined} onChange={(v) => set(f.to, v)} />
        </Group>
      );
    }
    return <FilterControl key={f.key} spec={f.spec} intl={intl} label={fieldLabel(intl, f.key, titles)} all={all}
      value={draft[f.key]} choices={choices?.[f.key]} onChange={(v) => set(f.key, v)} />;
  };

  return (
    <form onSubmit={submit} role="search" data-testid="filter-bar">
      <Group gap="xs" align="flex-end" wrap="wrap">
        {fields.map(control)}
        <Group gap="xs" wrap="nowrap">
          <Button type="submit" size="xs" loading={busy}>{intl.formatMessage({ id: 'list.search' })}</Button>
          <Button size="xs" variant="default" onClick={reset}>{intl.formatMessage({ id: 'list.reset' })}</Button>
          {onRefresh && <Button size="xs" variant="subtle" color="gray" onClick={onRefresh}>{intl.formatMessage({ id: 'list.refresh' })}</Button>}
        </Group>
        {children}
      </Group>
    </form>
  );
}

interface ControlProps {
  spec: FieldSpec;
  intl: IntlShape;
  label: string;
  all: string;
  value: unknown;
  choices?: Choice[];
  onChange: (v: unknown) => void;
}

function optionLabel(intl: IntlShape, key: string, o: string): string {
  const id = `option.${key}.${o}`;
  return has(intl, id) ? intl.formatMessage({ id }) : o;
}

function FilterControl({ spec, intl, label, all, value, choices, onChange }: ControlProps) {
  const common = { size: 'xs' as const, label, name: spec.key };
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  if (choices && (spec.kind === 'multiselect' || spec.kind === 'tags' || spec.kind === 'numberTags')) {
    return <MultiSelect {...common} w={200} data={choices} value={list(value)} searchable clearable placeholder={all}
      onChange={(v) => onChange(spec.kind === 'numberTags' ? v.map(Number) : v)} />;
  }
  if (choices) {
    return <Select {...common} w={180} data={choices} value={value === undefined || value === null || value === '' ? null : String(value)} searchable clearable
      placeholder={all} onChange={(v) => onChange(v === null ? undefined : spec.kind === 'number' ? Number(v) : v)} />;
  }
  switch (spec.kind) {
    case 'number':
      return <NumberInput {...common} w={130} value={typeof value === 'number' ? value : ''} min={spec.min} max={spec.max} allowDecimal={!spec.integer}
        onChange={(v) => onChange(v === '' ? undefined : Number(v))} />;
    case 'boolean':
      return <Select {...common} w={110} clearable placeholder={all} value={value === true ? 'true' : value === false ? 'false' : null}
        data={[{ value: 'true', label: intl.formatMessage({ id: 'filter.yes' }) }, { value: 'false', label: intl.formatMessage({ id: 'filter.no' }) }]}
        onChange={(v) => onChange(v === null ? undefined : v === 'true')} />;
    case 'select':
      return <Select {...common} w={160} clearable placeholder={all} value={value === undefined || value === null ? null : String(value)}
        data={(spec.options ?? []).map((o) => ({ value: o, label: optionLabel(intl, spec.key, o) }))} onChange={(v) => onChange(v ?? undefined)} />;
    case 'multiselect':
      return <MultiSelect {...common} w={200} clearable placeholder={all} value={list(value)}
        data={(spec.options ?? []).map((o) => ({ value: o, label: optionLabel(intl, spec.key, o) }))} onChange={onChange} />;
    case 'tags':
    case 'numberTags':
      return <TagsInput {...common} w={200} clearable value={list(value)}
        onChange={(v) => onChange(spec.kind === 'numberTags' ? v.filter((x) => /^-?\d+$/.test(x.trim())).map(Number) : v)} />;
    default:
      return <TextInput {...common} w={150} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * Applied filters kept in the URL query: `[filters, apply]`. Only the schema's keys are read (coerced and
 * validated, so a hand-edited URL can't send garbage); other query params are left alone. The filters object
 * keeps its identity while the query is unchanged.
 */
export function useUrlFilters(schema: ZodType, omit: readonly string[] = []): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const omitKey = omit.join(',');
  const filters = useMemo(() => filtersFromQuery(schema, search, omitKey ? omitKey.split(',') : []), [schema, search, omitKey]);
  const apply = useCallback((next: Filters) => {
    const qs = filtersToQuery(schema, next, search);
    if (qs !== search) setParams(qs);
  }, [schema, search, setParams]);
  return [filters, apply];
}
