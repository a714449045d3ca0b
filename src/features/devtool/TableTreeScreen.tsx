import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, useDirection } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { PERMISSION_NODES, type PermissionNode } from '../../../commands/permissions';
import { Icon } from '../../app/layout/icons';
import { MERCHANT_TREE_COLUMNS, PERMISSION_TREE_COLUMNS, type MerchantTreeRow, type TreeColumn } from '../../schemas/devtool';
import { useRemote } from '../../ui/useRemote';
import { devtoolApi } from './devtool.api';
import { allParents, filterKeep, indexTree, treeKey, visibleRows, type TreeItem } from './treeModel';

type Source = 'permissions' | 'merchants';
interface Item extends TreeItem {
  cells: Record<string, ReactNode>;
}

const KIND_COLOR: Record<string, string> = { root: 'dark', group: 'blue', page: 'teal', action: 'gray' };

function permissionItems(intl: IntlShape): Item[] {
  const title = (n: PermissionNode) => (intl.messages[n.title] ? intl.formatMessage({ id: n.title }) : n.key);
  return PERMISSION_NODES.map((n) => {
    const t = title(n);
    return {
      id: n.key, parent: n.parent, text: `${t} ${n.key} ${n.path ?? ''}`,
      cells: {
        title: t,
        key: <Text span size="xs" ff="monospace" dir="ltr">{n.key}</Text>,
        kind: <Badge size="xs" variant="light" radius="sm" color={KIND_COLOR[n.kind]} tt="none">{intl.formatMessage({ id: `devtool.kind.${n.kind}` })}</Badge>,
        route: n.path ? <Text span size="xs" dir="ltr">{n.path}</Text> : '',
      },
    };
  });
}

function merchantItems(intl: IntlShape, rows: readonly MerchantTreeRow[]): Item[] {
  return rows.map((m) => ({
    id: String(m.id), parent: m.parent_id === null ? null : String(m.parent_id), text: `${m.code} ${m.name}`,
    cells: {
      name: m.name, code: <Text span size="xs" ff="monospace" dir="ltr">{m.code}</Text>, currency: m.currency, market: m.market,
      enabled: intl.formatMessage({ id: m.enabled ? 'devtool.yes' : 'devtool.no' }),
    },
  }));
}

/**
 * /DeveloperTool/TableTree: the permission tree (commands/permissions.ts) and the merchant hierarchy (scoped by the
 * server) as tree tables. Keys: ↑/↓ move, → opens or goes to the first child, ← closes or goes to the parent
 * (mirrored in Arabic); the filter keeps the matches with their ancestors and opens the way to them.
 */
export function TableTreeScreen() {
  const intl = useIntl();
  const { dir } = useDirection();
  const rtl = dir === 'rtl' || document.documentElement.dir === 'rtl';
  const [source, setSource] = useState<Source>('permissions');
  const [query, setQuery] = useState('');
  const [focus, setFocus] = useState(0);
  const merchants = useRemote((signal) => (source === 'merchants' ? devtoolApi.merchantTree(signal) : Promise.resolve(null)), [source]);
  const items = useMemo(
    () => (source === 'permissions' ? permissionItems(intl) : merchantItems(intl, merchants.data ?? [])),
    [source, intl, merchants.data],
  );
  const ix = useMemo(() => indexTree(items), [items]);
  // The root and the main merchants start open: one level below is what people look for first.
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(['ProtocolList']));
  useEffect(() => {
    setExpanded(new Set((ix.children.get(null) ?? []).map((i) => i.id)));
    setFocus(0);
  }, [ix]);
  const filter = useMemo(() => filterKeep(ix, query), [ix, query]);
  useEffect(() => {
    if (filter) setExpanded((prev) => new Set([...prev, ...filter.keep]));
    setFocus(0);
  }, [filter]);
  const rows = useMemo(() => visibleRows(ix, expanded, filter), [ix, expanded, filter]);
  const columns: readonly TreeColumn[] = source === 'permissions' ? PERMISSION_TREE_COLUMNS : MERCHANT_TREE_COLUMNS;
  const body = useRef<HTMLTableSectionElement>(null);

  useEffect(() => {
    body.current?.querySelector<HTMLElement>(`[data-index="${focus}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [focus]);

  const toggle = (id: string, open: boolean) => setExpanded((prev) => {
    const next = new Set(prev);
    if (open) next.add(id);
    else next.delete(id);
    return next;
  });
  const onKey = (e: KeyboardEvent) => {
    const r = treeKey(rows, focus, e.key, rtl);
    if (!r) return;
    e.preventDefault();
    if (r.toggle) toggle(r.toggle.id, r.toggle.open);
    setFocus(r.focus);
  };

  const word = (id: string) => intl.formatMessage({ id });
  let content: ReactNode;
  if (source === 'merchants' && merchants.error && !merchants.data) {
    content = <Alert color="red" data-testid="tree-error">{merchants.error} <Button size="compact-xs" variant="default" onClick={merchants.reload}>{word('list.retry')}</Button></Alert>;
  } else if (source === 'merchants' && merchants.loading && !merchants.data) {
    content = <Text c="dimmed" py="md" ta="center">{word('devtool.tree.loading')}</Text>;
  } else if (!rows.length) {
    content = <Text c="dimmed" py="xl" ta="center" data-testid="tree-empty">{word(filter ? 'devtool.tree.noMatch' : 'common.noData')}</Text>;
  } else {
    content = (
      <Table.ScrollContainer minWidth={640} maxHeight="calc(100vh - 260px)">
        <Table
          role="treegrid" aria-label={word('route.devtool.TableTree')} tabIndex={0} onKeyDown={onKey} data-testid="tree-table"
          highlightOnHover stickyHeader verticalSpacing={4} fz="sm" style={{ outline: 'none' }}
        >
          <Table.Thead>
            <Table.Tr>{columns.map((c) => <Table.Th key={c.key}>{word(c.title)}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={body}>
            {rows.map((r, i) => (
              <Table.Tr
                key={r.item.id} role="row" data-index={i} data-id={r.item.id} data-testid="tree-row" aria-level={r.depth + 1}
                aria-expanded={r.hasChildren ? r.expanded : undefined} aria-selected={i === focus}
                onClick={() => setFocus(i)}
                bg={i === focus ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {columns.map((c, ci) => (
                  <Table.Td key={c.key} fw={ci === 0 && r.match ? 700 : undefined}>
                    {ci === 0 ? (
                      <Group gap={4} wrap="nowrap" style={{ paddingInlineStart: r.depth * 18 }}>
                        {r.hasChildren ? (
                          <Button
                            variant="subtle" size="compact-xs" px={2} tabIndex={-1} aria-label={word(r.expanded ? 'devtool.tree.collapse' : 'devtool.tree.expand')}
                            onClick={(e) => { e.stopPropagation(); setFocus(i); toggle(r.item.id, !r.expanded); }}
                          >
                            <Icon name={r.expanded ? 'chevronDown' : 'chevronRight'} size={14} style={rtl && !r.expanded ? { transform: 'scaleX(-1)' } : undefined} />
                          </Button>
                        ) : <span style={{ display: 'inline-block', width: 22 }} />}
                        <span>{r.item.cells[c.key]}</span>
                      </Group>
                    ) : r.item.cells[c.key]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="sm" data-testid="table-tree-screen">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={source} onChange={(v) => { setSource(v as Source); setQuery(''); }} data-testid="tree-source"
          data={[{ value: 'permissions', label: word('devtool.tree.permissions') }, { value: 'merchants', label: word('devtool.tree.merchants') }]}
        />
        <TextInput
          value={query} onChange={(e) => setQuery(e.currentTarget.value)} placeholder={word('devtool.tree.filter')} aria-label={word('devtool.tree.filter')}
          data-testid="tree-filter" style={{ flex: '1 1 220px', maxWidth: 360 }}
          onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); document.querySelector<HTMLElement>('[data-testid="tree-table"]')?.focus(); } }}
        />
        <Button size="xs" variant="default" onClick={() => setExpanded(allParents(ix))} data-testid="tree-expand-all">{word('devtool.tree.expandAll')}</Button>
        <Button size="xs" variant="default" onClick={() => { setExpanded(new Set()); setFocus(0); }} data-testid="tree-collapse-all">{word('devtool.tree.collapseAll')}</Button>
        <Text size="sm" c="dimmed" data-testid="tree-count">{intl.formatMessage({ id: 'devtool.tree.count' }, { n: rows.length, total: items.length })}</Text>
      </Group>
      <Text size="xs" c="dimmed">{word('devtool.tree.hint')}</Text>
      <Paper withBorder radius="sm" p={0}>{content}</Paper>
    </Stack>
  );
}
