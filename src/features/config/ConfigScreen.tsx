import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../app/api/request';
import { runInteractive, useCommandDone, useCommandUi, type Row } from '../../app/commands';
import { CONFIG_API, SETTING_KEYS, configHistoryQuery, type ConfigHistoryRow, type SettingView } from '../../schemas/config';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { DataGrid, type GridColumnDef } from '../../ui/DataGrid';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { EditSettingDialog } from './EditSettingDialog';

const SCREEN = 'system.config';

type SettingRow = SettingView & { id: string };

/**
 * /system config: every system setting declared in code (GPS range, continuous-online limit, limits, secrets) with the
 * value in force, its default and who changed it last; E (or Enter) edits the selected one. Secrets show only whether
 * they are set and their last 4 characters. Below, the history of changes (secrets recorded without values).
 */
export default function ConfigScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const list = useRemote((signal) => api.get<SettingView[]>(CONFIG_API.list, undefined, { silent: true, signal }), []);
  const rows = useMemo<SettingRow[]>(() => (list.data ?? []).map((s) => ({ ...s, id: s.key })), [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  const [editing, setEditing] = useState<SettingView | null>(null);
  const [filters, setFilters] = useUrlFilters(configHistoryQuery);

  useCommandUi(`${SCREEN}.edit`, ({ selection }) => {
    const key = String(selection[0]?.key ?? selection[0]?.id ?? '');
    setEditing(rows.find((r) => r.key === key) ?? null);
  });
  const [tick, setTick] = useState(0);
  useCommandDone(() => { list.reload(); setTick((n) => n + 1); }, `${SCREEN}.`);

  const shown = (r: SettingView): string => {
    if (r.type === 'secret') return r.is_set ? w('config.secret.set', { hint: r.hint ?? '····' }) : w('config.secret.unset');
    if (r.type === 'bool') return w(r.value ? 'config.bool.true' : 'config.bool.false');
    if (r.type === 'enum') return w(`config.option.${r.key}.${String(r.value)}`);
    if (r.type === 'int' || r.type === 'decimal') return `${intl.formatNumber(Number(r.value))}${r.unit ? ` ${r.unit}` : ''}`;
    return String(r.value ?? '') || '—';
  };
  const def = (r: SettingView): string => {
    if (r.default === null) return '—';
    return shown({ ...r, value: r.default, type: r.type });
  };

  const columns = useMemo<Column<SettingRow>[]>(() => [
    {
      key: 'key', title: 'config.field.key', width: 260,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>{w(`config.setting.${r.key}`)}</Text>
          <Text size="xs" c="dimmed" ff="monospace">{r.key}</Text>
        </Stack>
      ),
    },
    {
      key: 'value', title: 'config.field.value', width: 180,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff={r.type === 'secret' ? 'monospace' : undefined}>{shown(r)}</Text>
          {r.changed && r.type !== 'secret' && <Badge size="xs" variant="light">{w('config.changed')}</Badge>}
        </Group>
      ),
    },
    { key: 'default', title: 'config.field.default', width: 130, render: (r) => <Text size="sm" c="dimmed">{def(r)}</Text> },
    { key: 'description', title: 'config.field.description', render: (r) => <Text size="xs">{w(r.description)}</Text> },
    { key: 'type', title: 'config.field.type', width: 90, render: (r) => <Badge size="sm" variant="outline">{w(`config.type.${r.type}`)}</Badge> },
    {
      key: 'updated_at', title: 'config.field.updated', width: 170,
      render: (r) => r.updated_at ? <Text size="xs">{`${intl.formatDate(r.updated_at, { dateStyle: 'short', timeStyle: 'short' })} · ${r.updated_by_name ?? ''}`}</Text> : null,
    },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const historyColumns = useMemo<GridColumnDef<ConfigHistoryRow>[]>(() => [
    { key: 'changed_at', title: 'config.field.changed_at', kind: 'datetime', sortable: true },
    { key: 'key', title: 'config.field.key', width: 220, format: (r) => w(`config.setting.${r.key}`) },
    { key: 'old_value', title: 'config.field.old_value', width: 150, format: (r) => (r.secret ? '••••' : r.old_value ?? '') },
    { key: 'new_value', title: 'config.field.new_value', width: 150, format: (r) => (r.secret ? w('config.secret.changed') : r.new_value ?? '') },
    { key: 'account_name', title: 'config.field.account', width: 160 },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="sm" data-testid="config-screen">
      <Text size="sm" c="dimmed">{w('config.intro')}</Text>
      <Group justify="flex-end">
        <CommandToolbar screen={SCREEN}>
          <Button size="xs" variant="subtle" color="gray" onClick={list.reload}>{w('list.refresh')}</Button>
        </CommandToolbar>
      </Group>
      <RecordTable<SettingRow>
        label={w('route.system.config')}
        columns={columns}
        rows={rows}
        loading={list.loading}
        error={list.error}
        selectable
        selected={sel.selectedIds}
        onSelectedChange={sel.onSelectedChange}
        onOpen={(row) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [row as unknown as Row] })}
      />
      <Title order={5} mt="md">{w('config.history')}</Title>
      <FilterBar schema={configHistoryQuery} value={filters} onApply={setFilters} titles={{ key: 'config.field.key' }}
        choices={{ key: SETTING_KEYS.map((k) => ({ value: k, label: w(`config.setting.${k}`) })) }} />
      <DataGrid<ConfigHistoryRow> key={tick} label="config.history" screenId={`${SCREEN}.history`} url={CONFIG_API.history} columns={historyColumns} filters={filters}
        defaultSort="changed_at:desc" height={320} />
      <EditSettingDialog setting={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
