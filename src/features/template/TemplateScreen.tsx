import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { useCommandUi, useParamChoices, useSelection } from '../../app/commands';
import { session } from '../../app/state/session';
import { LANG_CODES } from '../../schemas/config';
import { LANG_BY_CODE, type LangCode } from '../../schemas/i18n';
import type { MerchantOption } from '../../schemas/merchant';
import { TEMPLATE_API, TEMPLATE_KINDS, templateListQuery, type TemplateRow } from '../../schemas/template';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { useRemote } from '../../ui/useRemote';
import { PreviewPane } from './PreviewPane';
import { TemplateEditor } from './TemplateEditor';

const SCREEN = 'system.template';
const TITLES = { merchant_id: 'field.merchant_id', kind: 'template.field.kind', lang: 'template.field.lang', enabled: 'template.field.enabled', title: 'template.field.title' };

/**
 * /system template (docs/template.md): the templates of the account's merchants and the global ones. N adds, E edits
 * the selected one in the editor with its live preview; Shift+E / Shift+D enable / disable, Delete removes. The pane
 * beside the grid previews the selected template with sample values.
 */
export default function TemplateScreen() {
  const intl = useIntl();
  const w = (id: string) => intl.formatMessage({ id });
  const { nodes } = useSnapshot(session);
  const [filters, setFilters] = useUrlFilters(templateListQuery);
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []);
  const merchantChoices = useMemo(() => {
    const own = (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }));
    return nodes.includes(SUPER_KEY) ? [{ value: '', label: w('template.global') }, ...own] : own;
  }, [merchants.data, nodes, intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const choices = useMemo(() => ({
    merchant_id: merchantChoices.filter((m) => m.value !== ''),
    kind: TEMPLATE_KINDS.map((k) => ({ value: k, label: w(`option.kind.${k}`) })),
    lang: LANG_CODES.map((l) => ({ value: l, label: LANG_BY_CODE[l].label })),
    enabled: [{ value: 'true', label: w('template.yes') }, { value: 'false', label: w('template.no') }],
  }), [merchantChoices, intl]); // eslint-disable-line react-hooks/exhaustive-deps
  useParamChoices(choices);

  const [editing, setEditing] = useState<{ row: TemplateRow | null } | null>(null);
  useCommandUi(`${SCREEN}.add`, () => setEditing({ row: null }));
  useCommandUi(`${SCREEN}.edit`, ({ selection }) => setEditing({ row: (selection[0] as unknown as TemplateRow) ?? null }));

  const sel = useSelection();
  const selected = sel.screen === SCREEN && sel.rows.length === 1 ? (sel.rows[0] as unknown as TemplateRow) : null;

  const columns = useMemo<GridColumnDef<TemplateRow>[]>(() => [
    { key: 'title', title: 'template.field.title', width: 220 },
    { key: 'kind', title: 'template.field.kind', kind: 'tag', width: 130, format: (r) => w(`option.kind.${r.kind}`) },
    { key: 'lang', title: 'template.field.lang', width: 130, format: (r) => LANG_BY_CODE[r.lang as LangCode]?.label ?? r.lang },
    { key: 'enabled', title: 'template.field.enabled', kind: 'tag', width: 100, format: (r) => w(r.enabled ? 'template.yes' : 'template.no'), tagColor: (r) => (r.enabled ? '#2f9e44' : '#868e96') },
    { key: 'merchant_name', title: 'field.merchant_id', width: 160, format: (r) => r.merchant_name ?? w('template.global') },
    { key: 'updated_by_name', title: 'template.field.updated_by', width: 130, format: (r) => r.updated_by_name ?? '—' },
    { key: 'updated_at', title: 'template.field.updated_at', kind: 'datetime', sortable: true },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="template-screen">
      <Text size="sm" c="dimmed">{w('template.intro')}</Text>
      <FilterBar schema={templateListQuery} value={filters} onApply={setFilters} titles={TITLES} choices={choices} />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box style={{ flex: 3, minWidth: 0 }}>
          <DataGrid<TemplateRow> screenId={SCREEN} url={TEMPLATE_API.list} columns={columns} filters={filters} defaultSort="updated_at:desc" exportable height="60vh" />
        </Box>
        <Box style={{ flex: 2, minWidth: 260 }}>
          {selected ? (
            <Stack gap={6}>
              <Group gap={6}>
                <Text fw={600} size="sm">{selected.title}</Text>
                <Badge size="xs" variant="light">{w(`option.kind.${selected.kind}`)}</Badge>
                {selected.enabled && <Badge size="xs" color="green">{w('template.field.enabled')}</Badge>}
              </Group>
              {selected.kind === 'h5_landing' && selected.enabled && (
                <Text size="xs" c="dimmed" ff="monospace">{TEMPLATE_API.page.replace(':id', String(selected.id))}</Text>
              )}
              <PreviewPane kind={selected.kind} body={selected.body} lang={selected.lang} />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" data-testid="template-no-selection">{w('template.selectOne')}</Text>
          )}
        </Box>
      </Group>
      {editing && <TemplateEditor row={editing.row} merchants={merchantChoices} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
