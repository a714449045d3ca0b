import { Badge, Group, Paper, Stack, Text, useDirection } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { SUPER_KEY } from '../../../commands/permissions';
import { useCommandDone, useCommandUi } from '../../app/commands';
import { formatNumber } from '../../app/lib/format';
import type { RoleRow } from '../../schemas/empower';
import { CommandToolbar } from '../../ui/CommandToolbar';
import type { Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { empowerApi } from './empower.api';
import { Empty, ListTable, Ltr, Nowrap, RefreshButton, useOpenCommand } from './parts';
import { RoleDialog } from './RoleDialog';

const SCREEN = 'empower.role';

/** Roles (spec /empower/role): parent, template flag, permissions, and who uses them. */
export default function RolesScreen() {
  const intl = useIntl();
  const w = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { dir } = useDirection();
  const numAlign = dir === 'rtl' ? 'left' : 'right';
  const list = useRemote((signal) => empowerApi.roles({ silent: true, signal }), []);
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
  const openEdit = useOpenCommand<RoleRow>('empower.role.edit');

  return (
    <Stack gap="xs" data-testid="screen-empower-role">
      <Paper withBorder p="xs" radius="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <CommandToolbar screen={SCREEN} />
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {w('empower.roleTotal', { total: rows.length })}
            </Text>
            <RefreshButton onClick={list.reload} loading={list.loading} />
          </Group>
        </Group>
      </Paper>
      <ListTable list={list} sel={sel} label={w('route.empower.role')} columns={columns} rows={rows} onOpen={openEdit} />
      {dialog && <RoleDialog key={dialog.n} row={dialog.row} roles={rows} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
