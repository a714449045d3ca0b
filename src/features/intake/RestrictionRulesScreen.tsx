import { Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive, useCommandDone, type Row } from '../../app/commands';
import { api } from '../../app/api/request';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { RESTRICTION_TARGETS, type RestrictionRow } from '../../schemas/intake';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { useMerchantChoices, type Page } from './intake.api';

const SCREEN = 'merchant.loanRestrictionRule';
const LIST = byId.get(SCREEN)!.api!;

interface Filters {
  merchant_id?: string;
  target?: string;
  keyword?: string;
}

/**
 * /merchant/loanRestrictionRule: named patterns on the ID number, phone or device that refuse an application, a
 * withdrawal or both; a main merchant's rules cover its sub-merchants. The refusal the app receives names the rule.
 */
export default function RestrictionRulesScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const { choices } = useMerchantChoices();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const list = useRemote((signal) => api.call<Page<RestrictionRow>>(LIST, { ...filters, size: 500 }, { silent: true, signal }), [filters]);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  useCommandDone(() => list.reload(), `${SCREEN}.`);
  const canEdit = can(nodes as string[], byId.get(`${SCREEN}.edit`)!.permission);

  const columns = useMemo<Column<RestrictionRow>[]>(() => [
    { key: 'merchant_name', title: 'field.merchant_id', width: 180, render: (r) => <Text size="sm">{r.merchant_name}</Text> },
    { key: 'name', title: 'field.name', render: (r) => <Text size="sm" fw={500}>{r.name}</Text> },
    { key: 'target', title: 'intake.field.target', width: 140, render: (r) => <Text size="sm">{w(`option.target.${r.target}`)}</Text> },
    { key: 'pattern', title: 'intake.field.pattern', width: 160, render: (r) => <Code dir="ltr">{r.pattern}</Code> },
    { key: 'applies_to', title: 'intake.field.applies_to', width: 200, render: (r) => <Text size="sm">{w(`option.applies_to.${r.applies_to}`)}</Text> },
    {
      key: 'enabled', title: 'field.enabled', width: 100,
      render: (r) => <Badge variant="light" color={r.enabled ? 'green' : 'gray'}>{w(r.enabled ? 'intake.keyStatus.enabled' : 'intake.keyStatus.disabled')}</Badge>,
    },
    { key: 'remark', title: 'field.remark', render: (r) => <Text size="sm" c="dimmed">{r.remark}</Text> },
    { key: 'updated_at', title: 'field.updated_at', width: 170, render: (r) => <Text size="sm" c="dimmed" dir="ltr">{formatTime(r.updated_at)}</Text> },
  ], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const apply = () => setFilters({ ...draft, keyword: draft.keyword?.trim() || undefined });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="restriction-rules-screen">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{w('intake.restriction.hint')}</Text>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
          <form role="search" onSubmit={(e) => { e.preventDefault(); apply(); }}>
            <Group gap="xs" align="flex-end">
              <Select size="xs" w={220} label={w('field.merchant_id')} data={choices} value={draft.merchant_id ?? null} clearable searchable
                placeholder={w('list.all')} onChange={(v) => setDraft((d) => ({ ...d, merchant_id: v ?? undefined }))} />
              <Select size="xs" w={160} label={w('intake.field.target')} value={draft.target ?? null} clearable placeholder={w('list.all')}
                data={RESTRICTION_TARGETS.map((t) => ({ value: t, label: w(`option.target.${t}`) }))}
                onChange={(v) => setDraft((d) => ({ ...d, target: v ?? undefined }))} />
              <TextInput size="xs" w={180} label={w('field.keyword')} value={draft.keyword ?? ''} name="keyword"
                onChange={(e) => { const v = e.currentTarget.value; setDraft((d) => ({ ...d, keyword: v })); }} />
              <Button size="xs" type="submit">{w('list.search')}</Button>
              <Button size="xs" variant="default" onClick={() => { setDraft({}); setFilters({}); }}>{w('list.reset')}</Button>
            </Group>
          </form>
          <CommandToolbar screen={SCREEN}>
            <Button size="xs" variant="subtle" color="gray" onClick={list.reload}>{w('list.refresh')}</Button>
            <ExportButton url={LIST.path} filters={filters as Record<string, unknown>} />
          </CommandToolbar>
        </Group>
        <RecordTable<RestrictionRow>
          label={w('route.merchant.loanRestrictionRule')}
          columns={columns}
          rows={rows}
          loading={list.loading}
          error={list.error}
          selectable
          selected={sel.selectedIds}
          onSelectedChange={sel.onSelectedChange}
          onOpen={canEdit ? (r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] }) : undefined}
        />
        {list.data && <Text size="xs" c="dimmed">{w('list.total', { count: list.data.total })}</Text>}
      </Stack>
    </Paper>
  );
}
