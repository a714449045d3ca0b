import { Badge, Group, Paper, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { executeCommand, runInteractive, useCommandDone, useCommandUi, useParamChoices, type Row } from '../../app/commands';
import { session } from '../../app/state/session';
import { groupListQuery, OPEN_END_DAY, type StageRow } from '../../schemas/collectionSetup';
import { CommandToolbar } from '../../ui/CommandToolbar';
import { useUrlFilters } from '../../ui/FilterBar';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { GroupsPanel } from './GroupsPanel';
import { rangeLabel, setupApi, useMerchantChoices } from './setup.api';
import { StageDialog } from './StageDialog';
import { StageTimeline } from './StageTimeline';

const SCREEN = 'merchant.stage';
/** Group and member actions are worked on the groups tab, not from the stage toolbar. */
const GROUP_ACTIONS = ['groupAdd', 'groupDel', 'memberSave', 'memberDel'].map((v) => `${SCREEN}.${v}`);

/** What a stage edit sends (the whole stage: the edit route takes every field). */
const stageFields = (s: StageRow) => ({
  merchant_id: s.merchant_id, name: s.name, min_day: s.min_day, max_day: s.max_day, group_id: s.group_id, daily_cap: s.daily_cap,
  reassign_after_days: s.reassign_after_days, reminder: s.reminder, enabled: s.enabled, sort: s.sort,
});

/**
 * /merchant/stage: for one merchant of the account's scope, its collection stages (day range, collector group, daily
 * cap, reassignment, reminder, enabled, order) with a timeline of the ranges from D-30 to day 60 that shows gaps and
 * overlaps, and, on the second tab, its collector groups and their members.
 */
export default function StageScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const [filters, setFilters] = useUrlFilters(groupListQuery);
  const merchants = useMerchantChoices();
  const merchantId = filters.merchant_id === undefined ? merchants.merchants[0]?.id ?? null : Number(filters.merchant_id);
  const merchantName = merchants.choices.find((c) => c.value === String(merchantId))?.label ?? '';
  const [tab, setTab] = useState<string | null>('stages');
  const groupName = useRef<HTMLInputElement>(null);

  const stagesRemote = useRemote((signal) => (merchantId === null ? Promise.resolve(null) : setupApi.stages(merchantId, signal)), [merchantId]);
  const groupsRemote = useRemote((signal) => (merchantId === null ? Promise.resolve(null) : setupApi.groups(merchantId, signal)), [merchantId]);
  const canGroups = can(nodes as string[], byId.get(`${SCREEN}.groupAdd`)!.permission);
  const accountsRemote = useRemote(
    (signal) => (merchantId === null || !canGroups ? Promise.resolve([]) : setupApi.accounts(merchantId, signal)), [merchantId, canGroups],
  );
  const stages = useMemo(() => stagesRemote.data?.rows ?? [], [stagesRemote.data]);
  const groups = useMemo(() => groupsRemote.data?.rows ?? [], [groupsRemote.data]);
  const accounts = useMemo(() => accountsRemote.data ?? [], [accountsRemote.data]);
  const sel = useRowSelection(SCREEN, stages);
  useCommandDone(() => {
    stagesRemote.reload();
    groupsRemote.reload();
  }, `${SCREEN}.`);

  // The palette's forms of the group and member actions choose by name.
  const choices = useMemo(() => ({
    merchant_id: merchants.choices,
    group_id: groups.map((g) => ({ value: String(g.id), label: g.name })),
    account_id: accounts.map((a) => ({ value: String(a.id), label: `${a.name} (${a.account})` })),
  }), [merchants.choices, groups, accounts]);
  useParamChoices(choices);

  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; stage: StageRow | null; n: number } | null>(null);
  useCommandUi(`${SCREEN}.add`, () => setDialog((d) => ({ mode: 'add', stage: null, n: (d?.n ?? 0) + 1 })));
  useCommandUi(`${SCREEN}.edit`, ({ selection }) => setDialog((d) => ({ mode: 'edit', stage: selection[0] as unknown as StageRow, n: (d?.n ?? 0) + 1 })));
  useCommandUi(`${SCREEN}.groupAdd`, () => {
    setTab('groups');
    requestAnimationFrame(() => groupName.current?.focus());
  });
  const canEdit = can(nodes as string[], byId.get(`${SCREEN}.edit`)!.permission);

  // A merchant chosen in the URL that is not (or no longer) in scope falls back to the first one.
  useEffect(() => {
    if (filters.merchant_id !== undefined && merchants.merchants.length && !merchants.merchants.some((m) => m.id === Number(filters.merchant_id))) setFilters({});
  }, [filters.merchant_id, merchants.merchants, setFilters]);

  const toggle = (s: StageRow, enabled: boolean) =>
    void executeCommand(`${SCREEN}.edit`, { ...stageFields(s), enabled }, { intl, selection: [s as unknown as Row] }).catch(() => undefined);

  const columns = useMemo<Column<StageRow>[]>(() => [
    { key: 'sort', title: 'field.sort', width: 60, render: (r) => <Text size="sm" c="dimmed">{r.sort}</Text> },
    {
      key: 'name', title: 'field.name', width: 150,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} c={r.enabled ? undefined : 'dimmed'}>{r.name}</Text>
          {r.reminder && <Badge size="xs" color="yellow" variant="light" tt="none">{w('field.reminder')}</Badge>}
        </Group>
      ),
    },
    {
      key: 'range', title: 'collectionSetup.days', width: 190,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{rangeLabel(intl, r.min_day, r.max_day)}</Text>
          <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>{r.min_day} … {r.max_day >= OPEN_END_DAY ? '∞' : r.max_day}</Text>
        </Stack>
      ),
    },
    { key: 'group', title: 'field.group_id', width: 150, render: (r) => <Text size="sm">{r.group_name ?? r.group_id}</Text> },
    { key: 'daily_cap', title: 'field.daily_cap', width: 90, render: (r) => <Text size="sm">{intl.formatNumber(r.daily_cap)}</Text> },
    {
      key: 'reassign', title: 'field.reassign_after_days', width: 130,
      render: (r) => <Text size="sm" c={r.reassign_after_days ? undefined : 'dimmed'}>{r.reassign_after_days ? w('collectionSetup.afterDays', { days: r.reassign_after_days }) : w('collectionSetup.never')}</Text>,
    },
    {
      key: 'enabled', title: 'field.enabled', width: 90,
      render: (r) => (canEdit
        ? <Switch size="sm" checked={r.enabled} onChange={(e) => toggle(r, e.currentTarget.checked)} aria-label={w('collectionSetup.stageEnabled', { stage: r.name })} />
        : <Badge size="sm" variant={r.enabled ? 'light' : 'outline'} color={r.enabled ? 'teal' : 'gray'}>{w(r.enabled ? 'collectionSetup.on' : 'collectionSetup.off')}</Badge>),
    },
    { key: 'open_cases', title: 'collectionSetup.openCases', width: 100, render: (r) => <Text size="sm" c={r.open_cases ? undefined : 'dimmed'}>{intl.formatNumber(r.open_cases)}</Text> },
  ], [intl, canEdit]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Paper withBorder radius="md" p="sm" data-testid="stage-screen">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Select label={w('field.merchant_id')} data={merchants.choices} value={merchantId === null ? null : String(merchantId)} allowDeselect={false}
            searchable w={320} name="merchant_id" onChange={(v) => v && setFilters({ merchant_id: Number(v) })} />
          <Text size="xs" c="dimmed" maw={520}>{w('collectionSetup.intro')}</Text>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="stages">{w('collectionSetup.tab.stages')}</Tabs.Tab>
            <Tabs.Tab value="groups">{w('collectionSetup.tab.groups')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="stages" pt="sm">
            <Stack gap="sm">
              <StageTimeline stages={stages} />
              <Group justify="space-between" gap="xs">
                <CommandToolbar screen={SCREEN} exclude={GROUP_ACTIONS} />
                {stagesRemote.data && <Text size="xs" c="dimmed">{w('list.total', { count: stagesRemote.data.total })}</Text>}
              </Group>
              <RecordTable<StageRow>
                label={w('route.merchant.stage')}
                columns={columns}
                rows={stages}
                loading={stagesRemote.loading}
                error={stagesRemote.error}
                selectable
                selected={sel.selectedIds}
                onSelectedChange={sel.onSelectedChange}
                onOpen={canEdit ? (r) => void runInteractive(`${SCREEN}.edit`, { intl, selection: [r as unknown as Row] }) : undefined}
              />
              {!stagesRemote.loading && !stages.length && !stagesRemote.error && <Text size="sm" c="dimmed">{w('collectionSetup.noStages')}</Text>}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="groups" pt="sm">
            <GroupsPanel merchantId={merchantId} groups={groups} accounts={accounts} nodes={nodes as string[]} loading={groupsRemote.loading} nameRef={groupName} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <StageDialog mode={dialog?.mode ?? null} stage={dialog?.stage ?? null} merchantId={merchantId} merchantName={merchantName} stages={stages} groups={groups}
        openKey={dialog?.n ?? 0} onClose={() => setDialog(null)} />
    </Paper>
  );
}
