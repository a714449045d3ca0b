import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParamChoices } from '../../app/commands/paramChoices';
import { CONFIG_API, LANG_CODES, QUICK_PURPOSES, quickListQuery, type QuickRow } from '../../schemas/config';
import { LANG_BY_CODE } from '../../schemas/i18n';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';

const SCREEN = 'system.quick';
const TITLES = { purpose: 'config.quick.field.purpose', language: 'config.quick.field.language', keyword: 'config.quick.field.keyword' };

/**
 * /system quick: the quick replies staff insert into notes and SMS, by purpose and language. N adds, E (or Enter) edits
 * the selected reply, Delete removes it; the forms are the registry's (purpose and language are choices).
 */
export default function QuickScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const [filters, setFilters] = useUrlFilters(quickListQuery);
  const choices = useMemo(() => ({
    purpose: QUICK_PURPOSES.map((p) => ({ value: p, label: w(`option.purpose.${p}`) })),
    language: LANG_CODES.map((l) => ({ value: l, label: LANG_BY_CODE[l].label })),
  }), [intl]); // eslint-disable-line react-hooks/exhaustive-deps
  useParamChoices(choices);

  const columns = useMemo<GridColumnDef<QuickRow>[]>(() => [
    { key: 'purpose', title: 'config.quick.field.purpose', kind: 'tag', width: 120, format: (r) => w(`option.purpose.${r.purpose}`) },
    { key: 'language', title: 'config.quick.field.language', width: 130, format: (r) => LANG_BY_CODE[r.language]?.label ?? r.language },
    { key: 'title', title: 'config.quick.field.title', width: 200 },
    { key: 'content', title: 'config.quick.field.content', width: 420 },
    { key: 'sort', title: 'config.quick.field.sort', kind: 'number', width: 70, sortable: true },
    { key: 'created_by_name', title: 'config.quick.field.created_by', width: 140 },
    { key: 'updated_at', title: 'field.updated_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="quick-screen">
      <Text size="sm" c="dimmed">{w('config.quick.intro')}</Text>
      <FilterBar schema={quickListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <DataGrid<QuickRow> screenId={SCREEN} url={CONFIG_API.quickList} columns={columns} filters={filters} defaultSort="updated_at:desc" exportable />
    </Stack>
  );
}
