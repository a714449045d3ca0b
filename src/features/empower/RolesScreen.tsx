import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can, SUPER_KEY } from '../../../commands/permissions';
import { runInteractive, useCommandDone, useCommandUi } from '../../app/commands';
import { Icon } from '../../app/layout/icons';
import { formatNumber } from '../../app/lib/format';
import { session } from '../../app/state/session';
import type { RoleRow } from '../../schemas/empower';
import { RecordTable, type Column } from '../../ui/RecordTable';
import { ActionBar } from './ActionBar';
import { empowerApi } from './empower.api';
import { Empty, Ltr, Nowrap, LoadError } from './parts';
import { RoleDialog } from './RoleDialog';
import { useRemote } from './useRemote';
import { useRowSelection } from './useRowSelection';

const SCREEN = 'empower.role';

/** Roles (spec /empower/role): parent, template flag, permissions, and who uses them. */
export default function RolesScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { nodes } = useSnapshot(session);
  const { dir } = useDirection();
  const numAlign = dir === 'rtl' ? 'left' : 'right';
  const list = useRemote(() => empowerApi.roles({ silent: true }), []);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const sel = useRowSelection(SCREEN, rows);
  useCommandDone(() => list.reload(), 'empower.role.');

  const [dialog, setDialog] = useState<{ row: RoleRow | null; n: number } | null>(null);
  useCommandUi('empower.role.add', () => setDialog((d) => ({ row: null, n: (d?.n ?? 0) + 1 })));
  useCommandUi('empower.role.edit', ({ selection }) => setDialog((d) => ({ row: selection[0] as unknown as RoleRow, n: (d?.n ?? 0) + 1 })));

  const columns = useMemo<Column<RoleRow>[]>(
    () => [
      { key: 'name', title: 'field.name', render: (r) => <Nowrap fw={600}>{r.name}</Nowrap> },
      { key: 'identifier', title: 'field.identifier', render: (r) => <Ltr mono>{r.identifier}</Ltr> },
      { key: 'parent', title: 'field.parent_id', render: (r) => (r.parent_name ? <Nowrap>{r.parent_name}</Nowrap> : <Empty />) },
      {
        key: 'template',
        title: 'field.is_template',
        render: (r) => (r.is_template ? <Badge size="sm" variant="light" radius="sm" tt="none" fw={500}>{w('empower.value.template')}</Badge> : <Empty />),
      },
      {
        key: 'nodes',
        title: 'empower.col.nodeCount',
        align: numAlign,
        render: (r) =>
          r.node_keys.includes(SUPER_KEY) ? (
            <Badge size="sm" color="grape" variant="light" radius="sm" tt="none">{w('empower.value.allPermissions')}</Badge>
          ) : (
            <Nowrap>{formatNumber(r.node_keys.length)}</Nowrap>
          ),
      },
      { key: 'accounts', title: 'empower.col.accounts', align: numAlign, render: (r) => <Nowrap dimmed={!r.account_count}>{formatNumber(r.account_count)}</Nowrap> },
      { key: 'remark', title: 'field.remark', render: (r) => (r.remark ? <Text size="sm" lineClamp={1} maw={280}>{r.remark}</Text> : <Empty />) },
    ],
    [intl, numAlign], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const canEdit = can(nodes as string[], byId.get('empower.role.edit')!.permission);

  return (
    <Stack gap="xs" data-testid="screen-empower-role">
      <Paper withBorder p="xs" radius="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <ActionBar screen={SCREEN} selection={sel.selected as unknown as Record<string, unknown>[]} />
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {w('empower.roleTotal', { total: rows.length })}
            </Text>
            <Tooltip label={w('empower.refresh')} withArrow>
              <ActionIcon variant="default" size="md" aria-label={w('empower.refresh')} onClick={list.reload} loading={list.loading}>
                <Icon name="refresh" size={15} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Paper>
      <Paper withBorder radius="sm" p={0}>
        {list.error && !list.data ? (
          <LoadError message={list.error} onRetry={list.reload} />
        ) : (
          <RecordTable
            label={w('route.empower.role')}
            columns={columns}
            rows={rows}
            loading={list.loading}
            selectable
            selected={sel.selectedIds}
            onSelectedChange={sel.onSelectedChange}
            onOpen={canEdit ? (r) => void runInteractive('empower.role.edit', { intl, selection: [r as unknown as Record<string, unknown>] }) : undefined}
          />
        )}
      </Paper>
      {dialog && <RoleDialog key={dialog.n} row={dialog.row} roles={rows} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
