import { Badge, Button, Group, Paper, Select, Stack, Text, useDirection } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive, useCommandDone, type Row } from '../../app/commands';
import { api } from '../../app/api/request';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { RULE_LIMIT_KEYS, type RuleConfigRow } from '../../schemas/intake';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { useMerchantChoices, type Page } from './intake.api';

const SCREEN = 'merchant.loanRuleConfig';
const LIST = byId.get(SCREEN)!.api!;

/**
 * /merchant/loanRuleConfig: the limits the intake API applies to each merchant's applications and withdrawals,
 * one row per merchant (a sub-merchant without one follows its main merchant). Empty limits show as "No limit".
 */
export default function RuleConfigScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const { choices } = useMerchantChoices();
  const [draft, setDraft] = useState<string | null>(null);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const filters = useMemo(() => (merchantId ? { merchant_id: merchantId } : {}), [merchantId]);
  const list = useRemote((signal) => api.call<Page<RuleConfigRow>>(LIST, { ...filters, size: 500 }, { silent: true, signal }), [filters]);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  useCommandDone(() => list.reload(), `${SCREEN}.`);
  const canEdit = can(nodes as string[], byId.get(`${SCREEN}.edit`)!.permission);
  // Numbers read from their end: right-aligned, left in a right-to-left page.
  const numAlign = useDirection().dir === 'rtl' ? 'left' : 'right';

  const columns = useMemo<Column<RuleConfigRow>[]>(() => [
    { key: 'merchant_name', title: 'field.merchant_id', width: 180, render: (r) => <Text size="sm">{r.merchant_name}</Text> },
    ...RULE_LIMIT_KEYS.map((k): Column<RuleConfigRow> => ({
      key: k, title: `intake.field.${k}`, width: 120, align: numAlign,
      render: (r) => (r[k] === null ? <Text size="xs" c="dimmed">{w('intake.noLimit')}</Text> : <Text size="sm">{intl.formatNumber(r[k]!)}</Text>),
    })),
    {
      key: 'enabled', title: 'field.enabled', width: 100,
      render: (r) => <Badge variant="light" color={r.enabled ? 'green' : 'gray'}>{w(r.enabled ? 'intake.keyStatus.enabled' : 'intake.keyStatus.disabled')}</Badge>,
    },
    { key: 'remark', title: 'field.remark', render: (r) => <Text size="sm" c="dimmed">{r.remark}</Text> },
    { key: 'updated_at', title: 'field.updated_at', width: 170, render: (r) => <Text size="sm" c="dimmed" dir="ltr">{formatTime(r.updated_at)}</Text> },
  ], [intl, numAlign]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Paper withBorder radius="md" p="sm" data-testid="rule-config-screen">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{w('intake.config.hint')}</Text>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
          <form role="search" onSubmit={(e) => { e.preventDefault(); setMerchantId(draft); }}>
            <Group gap="xs" align="flex-end">
              <Select size="xs" w={240} label={w('field.merchant_id')} data={choices} value={draft} clearable searchable placeholder={w('list.all')} onChange={setDraft} />
              <Button size="xs" type="submit">{w('list.search')}</Button>
              <Button size="xs" variant="default" onClick={() => { setDraft(null); setMerchantId(null); }}>{w('list.reset')}</Button>
            </Group>
          </form>
          <CommandToolbar screen={SCREEN}>
            <Button size="xs" variant="subtle" color="gray" onClick={list.reload}>{w('list.refresh')}</Button>
            <ExportButton url={LIST.path} filters={filters} />
          </CommandToolbar>
        </Group>
        <RecordTable<RuleConfigRow>
          label={w('route.merchant.loanRuleConfig')}
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
