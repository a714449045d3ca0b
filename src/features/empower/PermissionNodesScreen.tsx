import { Badge, Group, Paper, Stack, Switch, Text, useDirection } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can, ROOT_KEY } from '../../../commands/permissions';
import { executeCommand, runInteractive, useCommandDone, useCommandUi } from '../../app/commands';
import { formatNumber } from '../../app/lib/format';
import { session } from '../../app/state/session';
import type { NodeRow } from '../../schemas/empower';
import { CommandToolbar } from '../../ui/CommandToolbar';
import type { Column } from '../../ui/RecordTable';
import { useRemote } from '../../ui/useRemote';
import { useRowSelection } from '../../ui/useRowSelection';
import { empowerApi } from './empower.api';
import { NodeEditDialog, type NodeLine } from './NodeEditDialog';
import { Empty, ExpandToggle, ListTable, Ltr, NoToggle, Nowrap, RefreshButton, TreeTools, treeArrow, useOpenKeys } from './parts';

const SCREEN = 'empower.empower';
const EDIT = 'empower.empower.edit';
const KIND_COLOR: Record<NodeRow['kind'], string> = { root: 'grape', group: 'blue', page: 'teal', action: 'orange' };

/** The visible lines of the node tree: children of expanded nodes, or every match and its ancestors when filtering. */
export function nodeLines(rows: readonly NodeRow[], open: ReadonlySet<string>, match: ((r: NodeRow) => boolean) | null): NodeLine[] {
  const kids = new Map<string | null, NodeRow[]>();
  for (const r of rows) kids.set(r.parent, [...(kids.get(r.parent) ?? []), r]);
  let keep: Set<string> | null = null;
  if (match) {
    keep = new Set();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const r of rows) {
      if (!match(r)) continue;
      for (let cur: NodeRow | undefined = r; cur; cur = cur.parent ? byKey.get(cur.parent) : undefined) keep.add(cur.key);
    }
  }
  const out: NodeLine[] = [];
  const walk = (r: NodeRow, depth: number) => {
    if (keep && !keep.has(r.key)) return;
    const children = kids.get(r.key) ?? [];
    out.push({ ...r, id: r.key, depth, hasChildren: children.length > 0 });
    if (keep || open.has(r.key)) for (const c of children) walk(c, depth + 1);
  };
  for (const r of kids.get(null) ?? []) walk(r, 0);
  return out;
}

/** Permission nodes (spec /empower/empower): the tree with who holds each node, switches and remarks. */
export default function PermissionNodesScreen() {
  const intl = useIntl();
  const { dir } = useDirection();
  const numAlign = dir === 'rtl' ? 'left' : 'right';
  const w = (id: string, values?: Record<string, string | number>) => (id in intl.messages ? intl.formatMessage({ id }, values) : id);
  const { nodes } = useSnapshot(session);
  const list = useRemote((signal) => empowerApi.nodes({ silent: true, signal }), []);
  const { open, setOpen, setOpenKey } = useOpenKeys(() => [ROOT_KEY]);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ row: NodeLine; n: number } | null>(null);

  const q = filter.trim().toLowerCase();
  const lines = useMemo(
    () => nodeLines(list.data?.rows ?? [], open, q ? (r) => r.key.toLowerCase().includes(q) || w(r.title).toLowerCase().includes(q) || (r.path ?? '').toLowerCase().includes(q) : null),
    [list.data, open, q, intl], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const sel = useRowSelection(SCREEN, lines);
  useCommandDone(() => list.reload(), 'empower.empower.');
  useCommandUi(EDIT, ({ selection }) => setEditing((e) => ({ row: selection[0] as unknown as NodeLine, n: (e?.n ?? 0) + 1 })));

  const mayEdit = can(nodes as string[], byId.get(EDIT)!.permission);

  const flip = (row: NodeLine, enabled: boolean) => {
    const run = () => executeCommand(EDIT, { key: row.key, disabled: !enabled, remark: row.remark }, { intl, selection: [row as unknown as Record<string, unknown>] }).catch(() => undefined);
    if (enabled) return void run();
    modals.openConfirmModal({
      title: w('command.confirm.title'),
      children: <Text size="sm">{w('empower.node.disableConfirm', { title: w(row.title), count: row.role_count })}</Text>,
      labels: { confirm: w('command.confirm.ok'), cancel: w('command.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(),
    });
  };

  const columns = useMemo<Column<NodeLine>[]>(
    () => [
      {
        key: 'title',
        title: 'empower.col.node',
        render: (r) => (
          <Group gap={4} wrap="nowrap" style={{ paddingInlineStart: r.depth * 20 }}>
            {r.hasChildren ? <ExpandToggle expanded={open.has(r.key) || !!q} disabled={!!q} onToggle={() => setOpenKey(r.key, !open.has(r.key))} /> : <NoToggle />}
            <Nowrap fw={r.kind === 'root' || r.kind === 'group' ? 600 : undefined} dimmed={r.disabled}>
              {w(r.title)}
            </Nowrap>
          </Group>
        ),
      },
      { key: 'key', title: 'empower.col.key', render: (r) => <Ltr mono dimmed={r.disabled}>{r.key}</Ltr> },
      {
        key: 'kind',
        title: 'empower.col.kind',
        render: (r) => (
          <Badge size="sm" variant="light" color={KIND_COLOR[r.kind]} radius="sm" tt="none" fw={500} style={{ minWidth: 'max-content' }}>
            {w(`empower.kind.${r.kind}`)}
          </Badge>
        ),
      },
      { key: 'path', title: 'empower.col.path', render: (r) => (r.path ? <Ltr mono>{r.path}</Ltr> : <Empty />) },
      { key: 'roles', title: 'empower.col.roles', align: numAlign, render: (r) => <Nowrap dimmed={!r.role_count}>{formatNumber(r.role_count)}</Nowrap> },
      {
        key: 'enabled',
        title: 'field.enabled',
        render: (r) => (
          <Switch
            size="xs"
            aria-label={`${w('field.enabled')}: ${r.key}`}
            checked={!r.disabled}
            disabled={!mayEdit || r.key === ROOT_KEY || !can(nodes as string[], r.key)}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => flip(r, e.currentTarget.checked)}
          />
        ),
      },
      { key: 'remark', title: 'field.remark', render: (r) => (r.remark ? <Text size="sm" lineClamp={1} maw={260}>{r.remark}</Text> : <Empty />) },
    ],
    [intl, open, q, dir, mayEdit, nodes], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // →/← (mirrored in RTL) expand and collapse the selected line; the table handles j/k, arrows up/down, Space, Enter.
  const onKeyDown = (e: KeyboardEvent) => {
    const row = sel.selected.length === 1 ? sel.selected[0] : undefined;
    if (!row || (e.target as HTMLElement).tagName === 'INPUT') return;
    const arrow = treeArrow(e.key, dir);
    if (arrow === 'expand' && row.hasChildren) setOpenKey(row.key, true);
    else if (arrow === 'collapse' && row.hasChildren && open.has(row.key)) setOpenKey(row.key, false);
    else return;
    e.preventDefault();
  };

  const expandAll = () => setOpen(new Set((list.data?.rows ?? []).filter((r) => r.kind !== 'action').map((r) => r.key)));
  return (
    <Stack gap="xs" data-testid="screen-empower-empower">
      <Paper withBorder p="xs" radius="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <TreeTools w={260} filter={filter} onFilter={setFilter} onExpandAll={expandAll} onCollapseAll={() => setOpen(new Set([ROOT_KEY]))} />
            <CommandToolbar screen={SCREEN} />
          </Group>
          <RefreshButton onClick={list.reload} loading={list.loading} />
        </Group>
      </Paper>
      <ListTable
        list={list}
        sel={sel}
        label={w('route.empower.empower')}
        columns={columns}
        rows={lines}
        onKeyDown={onKeyDown}
        onOpen={(r) => (mayEdit ? void runInteractive(EDIT, { intl, selection: [r as unknown as Record<string, unknown>] }) : r.hasChildren && setOpenKey(r.key, !open.has(r.key)))}
      />
      {editing && <NodeEditDialog key={editing.n} row={editing.row} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
