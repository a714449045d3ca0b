import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Select, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { confirmCommand, executeCommand } from '../../app/commands';
import { Icon } from '../../app/layout/icons';
import type { GroupAccount, GroupRow, MemberRow } from '../../schemas/collectionSetup';

const GROUP_ADD = 'merchant.stage.groupAdd';
const GROUP_DEL = 'merchant.stage.groupDel';
const MEMBER_SAVE = 'merchant.stage.memberSave';
const MEMBER_DEL = 'merchant.stage.memberDel';

export interface GroupsPanelProps {
  merchantId: number | null;
  groups: readonly GroupRow[];
  accounts: readonly GroupAccount[];
  nodes: readonly string[];
  loading: boolean;
  /** The "new group" name box (the G key focuses it). */
  nameRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The second tab of /merchant/stage: the merchant's collector groups, which stages use each (a group in use cannot
 * be deleted), and their members — accounts of the merchant, enabled or not, with an own daily cap (0: the stage's).
 */
export function GroupsPanel({ merchantId, groups, accounts, nodes, loading, nameRef }: GroupsPanelProps) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const canManage = can(nodes, byId.get(GROUP_ADD)!.permission);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const addGroup = async (e: FormEvent) => {
    e.preventDefault();
    if (merchantId === null || busy) return;
    setBusy(true);
    try {
      await executeCommand(GROUP_ADD, { merchant_id: merchantId, name });
      setName('');
    } catch {
      // shown by the runner
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="groups-panel">
      <Text size="sm" c="dimmed">{w('collectionSetup.groupsIntro')}</Text>
      {canManage && (
        <form onSubmit={addGroup}>
          <Group gap="xs" align="flex-end">
            <TextInput ref={nameRef} label={w('collectionSetup.newGroup')} value={name} maxLength={40} name="group_name" w={260}
              onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit" loading={busy} disabled={name.trim().length < 2 || merchantId === null} leftSection={<Icon name="users" size={16} />}>
              {w(`action.${GROUP_ADD}`)}
            </Button>
          </Group>
        </form>
      )}
      {!loading && groups.length === 0 && <Text size="sm" c="dimmed">{w('collectionSetup.noGroups')}</Text>}
      {groups.map((g) => (
        <GroupCard key={g.id} group={g} accounts={accounts} canManage={canManage} />
      ))}
    </Stack>
  );
}

function GroupCard({ group, accounts, canManage }: { group: GroupRow; accounts: readonly GroupAccount[]; canManage: boolean }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const inUse = group.stages.length > 0;
  const [pick, setPick] = useState<string | null>(null);
  const [cap, setCap] = useState<number | string>(0);
  const memberIds = new Set(group.members.map((m) => m.account_id));
  const choices = accounts.filter((a) => !memberIds.has(a.id))
    .map((a) => ({ value: String(a.id), label: `${a.name} (${a.account})${a.role_name ? ` · ${a.role_name}` : ''}`, disabled: !a.enabled }));

  const remove = async () => {
    const cmd = byId.get(GROUP_DEL)!;
    if (!(await confirmCommand(cmd, [], intl))) return;
    await executeCommand(GROUP_DEL, { group_id: group.id }).catch(() => undefined);
  };
  const add = async () => {
    if (!pick) return;
    await executeCommand(MEMBER_SAVE, { group_id: group.id, account_id: Number(pick), enabled: true, daily_cap: Number(cap) || 0 })
      .then(() => { setPick(null); setCap(0); }, () => undefined);
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="group-card" data-group={group.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" miw={0}>
            <Text fw={600} truncate>{group.name}</Text>
            {inUse
              ? group.stages.map((s) => <Badge key={s.id} size="sm" variant={s.enabled ? 'light' : 'outline'} color={s.enabled ? 'blue' : 'gray'} tt="none">{s.name}</Badge>)
              : <Badge size="sm" variant="outline" color="gray" tt="none">{w('collectionSetup.unused')}</Badge>}
          </Group>
          {canManage && (
            <Tooltip label={w('collectionSetup.groupInUseHint')} disabled={!inUse} withArrow>
              <span>
                <Button size="xs" variant="subtle" color="red" disabled={inUse} onClick={() => void remove()} data-testid="group-del">
                  {w(`action.${GROUP_DEL}`)}
                </Button>
              </span>
            </Tooltip>
          )}
        </Group>
        {group.members.length === 0
          ? <Text size="sm" c="dimmed">{w('collectionSetup.noMembers')}</Text>
          : (
            <Table striped={false} highlightOnHover verticalSpacing={4} aria-label={w('collectionSetup.membersOf', { group: group.name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{w('field.account_id')}</Table.Th>
                  <Table.Th w={110}>{w('field.enabled')}</Table.Th>
                  <Table.Th w={170}>{w('field.daily_cap')}</Table.Th>
                  {canManage && <Table.Th w={60} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.members.map((m) => <MemberLine key={m.account_id} groupId={group.id} member={m} canManage={canManage} />)}
              </Table.Tbody>
            </Table>
          )}
        {canManage && (
          <Group gap="xs" align="flex-end">
            <Select label={w('collectionSetup.addCollector')} data={choices} value={pick} onChange={setPick} searchable w={300} name="account_id"
              nothingFoundMessage={w('collectionSetup.noAccounts')} />
            <NumberInput label={w('field.daily_cap')} value={cap} onChange={setCap} min={0} max={1000} allowDecimal={false} w={120} name="member_cap" />
            <Button variant="light" disabled={!pick} onClick={() => void add()} data-testid="member-add">{w(`action.${MEMBER_SAVE}`)}</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function MemberLine({ groupId, member: m, canManage }: { groupId: number; member: MemberRow; canManage: boolean }) {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [cap, setCap] = useState<number | string>(m.daily_cap);
  useEffect(() => setCap(m.daily_cap), [m.daily_cap]);
  const save = (patch: Partial<Pick<MemberRow, 'enabled' | 'daily_cap'>>) =>
    executeCommand(MEMBER_SAVE, { group_id: groupId, account_id: m.account_id, enabled: m.enabled, daily_cap: m.daily_cap, ...patch }).catch(() => setCap(m.daily_cap));
  const saveCap = () => {
    const n = Number(cap);
    if (cap === '' || !Number.isInteger(n) || n === m.daily_cap) return setCap(m.daily_cap);
    void save({ daily_cap: n });
  };
  const remove = async () => {
    const cmd = byId.get(MEMBER_DEL)!;
    if (!(await confirmCommand(cmd, [], intl))) return;
    await executeCommand(MEMBER_DEL, { group_id: groupId, account_id: m.account_id }).catch(() => undefined);
  };
  const label = useMemo(() => `${m.name} (${m.account})`, [m.name, m.account]);

  return (
    <Table.Tr data-testid="member-row" data-account={m.account}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c={m.account_enabled ? undefined : 'dimmed'}>{label}</Text>
          {!m.account_enabled && <Badge size="xs" color="gray" variant="outline" tt="none">{w('collectionSetup.accountDisabled')}</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>
        {canManage
          ? <Switch size="sm" checked={m.enabled} onChange={(e) => void save({ enabled: e.currentTarget.checked })} aria-label={w('collectionSetup.memberEnabled', { name: m.name })} />
          : <Text size="sm">{w(m.enabled ? 'collectionSetup.on' : 'collectionSetup.off')}</Text>}
      </Table.Td>
      <Table.Td>
        {canManage
          ? (
            <NumberInput size="xs" value={cap} onChange={setCap} min={0} max={1000} allowDecimal={false} w={140} onBlur={saveCap}
              onKeyDown={(e) => { if (e.key === 'Enter') saveCap(); }} aria-label={w('collectionSetup.memberCap', { name: m.name })}
              description={Number(cap) === 0 ? w('collectionSetup.stageCap') : undefined} />
          )
          : <Text size="sm">{m.daily_cap === 0 ? w('collectionSetup.stageCap') : m.daily_cap}</Text>}
      </Table.Td>
      {canManage && (
        <Table.Td>
          <Tooltip label={w(`action.${MEMBER_DEL}`)} withArrow>
            <ActionIcon variant="subtle" color="red" onClick={() => void remove()} aria-label={`${w(`action.${MEMBER_DEL}`)}: ${m.name}`}>
              <Icon name="close" size={16} />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
