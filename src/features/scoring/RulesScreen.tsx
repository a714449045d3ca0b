import { Badge, Button, Code, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { runInteractive, useCommandDone, useCommandUi, useParamChoices, type Row } from '../../app/commands';
import { api } from '../../app/api/request';
import { formatTime } from '../../app/lib/time';
import { session } from '../../app/state/session';
import { ruleListQuery, type RuleKind, type RuleRow } from '../../schemas/scoring';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import { FilterBar, useUrlFilters } from '../../ui/FilterBar';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { RuleDialog } from './RuleDialog';
import { useMerchants } from './scoring.api';
import { ThresholdBar } from './ThresholdBar';
import { ACTION_COLORS, actionWord, comparatorSymbol, signed } from './words';

interface Page {
  rows: RuleRow[];
  total: number;
  total_exact: boolean;
}

function ActionBadge({ row, action }: { row: RuleRow; action: RuleRow['action_hit'] }) {
  const intl = useIntl();
  const text = action === 'add_score' ? `${actionWord(intl, action)} ${signed(intl, row.score * row.weight)}` : actionWord(intl, action);
  return <Badge size="sm" variant={action === 'none' ? 'outline' : 'light'} color={ACTION_COLORS[action]} tt="none">{text}</Badge>;
}

const SCREENS: Record<RuleKind, string> = { audit: 'merchant.autoAuditRule', score: 'merchant.orderScoringRule' };

/**
 * The rule screens of the merchant group: /merchant/autoAuditRule (machine-review decision rules) and
 * /merchant/orderScoringRule (the scorecard and its pass score). One merchant's rules are usually a few dozen, so
 * the list reads them whole in evaluation order; filters by merchant, enabled and name / clone identifier.
 */
export function RulesScreen({ kind }: { kind: RuleKind }) {
  const intl = useIntl();
  const screen = SCREENS[kind];
  const list = byId.get(screen)!.api!;
  const { nodes } = useSnapshot(session);
  const [filters, setFilters] = useUrlFilters(ruleListQuery);
  const merchants = useMerchants();
  const page = useRemote((signal) => api.call<Page>(list, { ...filters, size: 500 }, { silent: true, signal }), [filters, list]);
  const counts = useRemote((signal) => api.get<Record<string, number>>(`${list.path.replace(/\/list$/, '')}/clone_counts`, undefined, { silent: true, signal }), [list, page.data]);
  const rows = useMemo(() => page.data?.rows ?? [], [page.data]);
  const sel = useRowSelection(screen, rows);
  const filteredMerchant = filters.merchant_id === undefined ? null : String(filters.merchant_id);
  const many = merchants.merchants.length > 1 && filteredMerchant === null;
  useCommandDone(() => page.reload(), `${screen}.`);

  // The generated forms of clone, clone set and pass score choose merchants by name.
  const choices = useMemo(() => ({ merchant_ids: merchants.choices, from_merchant_id: merchants.choices, merchant_id: merchants.choices }), [merchants.choices]);
  useParamChoices(choices);

  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; rule: RuleRow | null; n: number } | null>(null);
  useCommandUi(`${screen}.add`, () => setDialog((d) => ({ mode: 'add', rule: null, n: (d?.n ?? 0) + 1 })));
  useCommandUi(`${screen}.edit`, ({ selection }) => setDialog((d) => ({ mode: 'edit', rule: selection[0] as unknown as RuleRow, n: (d?.n ?? 0) + 1 })));
  const canEdit = can(nodes as string[], byId.get(`${screen}.edit`)!.permission);

  const columns = useMemo<Column<RuleRow>[]>(() => [
    { key: 'sort_order', title: 'field.sort_order', width: 70, align: 'right', render: (r) => <Text size="sm" c="dimmed" dir="ltr">{r.sort_order}</Text> },
    ...(many ? [{ key: 'merchant_name', title: 'field.merchant_id', width: 170, render: (r: RuleRow) => <Text size="sm">{r.merchant_name ?? r.merchant_id}</Text> }] : []),
    {
      key: 'name', title: 'field.name', width: 200,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} c={r.enabled ? undefined : 'dimmed'}>{r.name}</Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" ff="monospace" dir="ltr">{r.clone_code}</Text>
            {(counts.data?.[r.clone_code] ?? 0) > 1 && (
              <Tooltip label={intl.formatMessage({ id: 'scoring.screen.clones' }, { count: counts.data![r.clone_code] })} withArrow>
                <Badge size="xs" variant="outline" color="gray" tt="none"><span dir="ltr" style={{ unicodeBidi: 'isolate' }}>×{counts.data![r.clone_code]}</span></Badge>
              </Tooltip>
            )}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'rule', title: 'scoring.screen.rule',
      render: (r) => (
        <Code dir="ltr" style={{ whiteSpace: 'pre-wrap', unicodeBidi: 'isolate' }}>
          {r.left_expr} <b>{comparatorSymbol(r.comparator)}</b> {r.right_expr}
        </Code>
      ),
    },
    { key: 'action_hit', title: 'field.action_hit', width: 140, render: (r) => <ActionBadge row={r} action={r.action_hit} /> },
    { key: 'action_miss', title: 'field.action_miss', width: 140, render: (r) => <ActionBadge row={r} action={r.action_miss} /> },
    {
      key: 'score', title: 'scoring.screen.scoreWeight', width: 130, align: 'right',
      render: (r) => (
        <Text size="sm" dir="ltr" c={r.action_hit === 'add_score' || r.action_miss === 'add_score' ? undefined : 'dimmed'}>
          <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>{intl.formatNumber(r.score)} × {intl.formatNumber(r.weight, { maximumFractionDigits: 2 })}</span>
        </Text>
      ),
    },
    {
      key: 'enabled', title: 'field.enabled', width: 90,
      render: (r) => <Badge size="sm" variant={r.enabled ? 'light' : 'outline'} color={r.enabled ? 'teal' : 'gray'}>{intl.formatMessage({ id: r.enabled ? 'scoring.screen.on' : 'scoring.screen.off' })}</Badge>,
    },
    { key: 'updated_at', title: 'field.updated_at', width: 160, render: (r) => <Text size="xs" c="dimmed" dir="ltr">{formatTime(r.updated_at)}</Text> },
  ], [intl, many, counts.data]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`rules-screen-${kind}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{intl.formatMessage({ id: `scoring.screen.intro.${kind}` })}</Text>
        <FilterBar schema={ruleListQuery} value={filters} onApply={setFilters} choices={{ merchant_id: merchants.choices }}
          titles={{ keyword: 'scoring.screen.keyword' }} onRefresh={page.reload} busy={page.loading} />
        {kind === 'score' && <ThresholdBar merchantId={filteredMerchant === null ? null : Number(filteredMerchant)} merchantName={merchants.name} />}
        <Group justify="space-between" gap="xs">
          <CommandToolbar screen={screen}>
            <ExportButton url={list.path} filters={filters} />
          </CommandToolbar>
          {page.data && <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'list.total' }, { count: page.data.total })}</Text>}
        </Group>
        <RecordTable<RuleRow>
          label={intl.formatMessage({ id: `route.${screen}` })}
          columns={columns}
          rows={rows}
          loading={page.loading}
          error={page.error}
          selectable
          selected={sel.selectedIds}
          onSelectedChange={sel.onSelectedChange}
          onOpen={canEdit ? (r) => void runInteractive(`${screen}.edit`, { intl, selection: [r as unknown as Row] }) : undefined}
        />
        {!page.loading && !rows.length && !page.error && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'scoring.screen.empty' })}</Text>
            {can(nodes as string[], byId.get(`${screen}.add`)!.permission) && (
              <Button size="xs" variant="light" onClick={() => void runInteractive(`${screen}.add`, { intl })}>
                {intl.formatMessage({ id: `action.${screen}.add` })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <RuleDialog kind={kind} screen={screen} mode={dialog?.mode ?? null} rule={dialog?.rule ?? null} merchants={merchants.choices}
        defaultMerchant={filteredMerchant ?? (merchants.merchants.length === 1 ? String(merchants.merchants[0].id) : null)}
        openKey={dialog?.n ?? 0} onClose={() => setDialog(null)} />
    </Paper>
  );
}
