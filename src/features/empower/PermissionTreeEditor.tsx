import { Alert, Badge, Box, Checkbox, Group, ScrollArea, Text, useDirection } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { NODE_BY_KEY, PERMISSION_NODES, ROOT_KEY, SUPER_KEY, type PermissionNode } from '../../../commands/permissions';
import { ExpandToggle, NoToggle, TreeTools, treeArrow, useOpenKeys } from './parts';
import { checkState, childrenOf, expand, filterNodes, normalize, toggle } from './permissionTree';

export interface PermissionTreeEditorProps {
  /** Stored node keys of the role. */
  value: readonly string[];
  onChange: (keys: string[]) => void;
  /** Nodes that can't be changed (not granted by the parent role, or not held by the editor). */
  isDisabled?: (key: string) => boolean;
  error?: string;
  /** Height of the scrolling tree. */
  height?: number;
}

interface Line {
  node: PermissionNode;
  depth: number;
  hasChildren: boolean;
}

/**
 * The permission tree as checkboxes: root → groups → pages → actions, titles translated, expand/collapse, a filter.
 * The check rules are in permissionTree.ts. Keyboard: Tab to a row's box, Space toggles, ↑/↓ move between rows,
 * →/← (mirrored in RTL) expand and collapse.
 */
export function PermissionTreeEditor({ value, onChange, isDisabled = () => false, error, height = 380 }: PermissionTreeEditorProps) {
  const intl = useIntl();
  const { dir } = useDirection();
  const title = (id: string) => (id in intl.messages ? intl.formatMessage({ id }) : id);
  const { open, setOpen, setOpenKey } = useOpenKeys(() => [ROOT_KEY]);
  const [filter, setFilter] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const superAll = value.includes(SUPER_KEY);

  const checked = useMemo(() => expand(value), [value]);
  const matches = useMemo(() => filterNodes(filter, (n) => title(n.title)), [filter, intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const lines = useMemo(() => {
    const out: Line[] = [];
    const walk = (n: PermissionNode, depth: number) => {
      if (matches && !matches.has(n.key)) return;
      const kids = childrenOf(n.key);
      out.push({ node: n, depth, hasChildren: kids.length > 0 });
      if (matches || open.has(n.key)) for (const c of kids) walk(c, depth + 1);
    };
    walk(NODE_BY_KEY.get(ROOT_KEY)!, 0);
    return out;
  }, [open, matches]);

  const disabled = (key: string) => superAll || isDisabled(key);
  const click = (key: string) => onChange(normalize(toggle(key, checked, disabled), value));

  const focusRow = (i: number) => listRef.current?.querySelector<HTMLInputElement>(`[data-line="${i}"] input[type=checkbox]`)?.focus();
  const onKey = (e: KeyboardEvent, i: number, line: Line) => {
    const arrow = treeArrow(e.key, dir);
    if (e.key === 'ArrowDown') focusRow(Math.min(lines.length - 1, i + 1));
    else if (e.key === 'ArrowUp') focusRow(Math.max(0, i - 1));
    else if (arrow === 'expand' && line.hasChildren) setOpenKey(line.node.key, true);
    else if (arrow === 'collapse') {
      if (line.hasChildren && open.has(line.node.key)) setOpenKey(line.node.key, false);
      else if (line.node.parent) focusRow(lines.findIndex((l) => l.node.key === line.node.parent));
    } else return;
    e.preventDefault();
  };

  const stored = value.filter((k) => k !== SUPER_KEY).length;
  return (
    <Box data-testid="permission-tree">
      <Group gap="xs" mb={6} wrap="nowrap">
        <TreeTools
          compact
          flex={1}
          filter={filter}
          onFilter={setFilter}
          onExpandAll={() => setOpen(new Set(PERMISSION_NODES.filter((n) => childrenOf(n.key).length).map((n) => n.key)))}
          onCollapseAll={() => setOpen(new Set([ROOT_KEY]))}
        />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="tree-count">
          {intl.formatMessage({ id: 'empower.tree.stored' }, { count: stored })}
        </Text>
      </Group>
      {superAll && (
        <Alert color="blue" py={6} mb={6}>
          <Text size="sm">{title('empower.tree.superAll')}</Text>
        </Alert>
      )}
      <Box style={{ border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`, borderRadius: 'var(--mantine-radius-sm)' }}>
      <ScrollArea h={height} type="auto" offsetScrollbars>
        <div ref={listRef} role="tree" aria-label={title('field.node_keys')}>
          {lines.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {title('empower.tree.noMatch')}
            </Text>
          )}
          {lines.map((line, i) => {
            const n = line.node;
            const state = checkState(n.key, checked);
            const expanded = !!matches || open.has(n.key);
            const off = disabled(n.key);
            return (
              <Group
                key={n.key}
                data-line={i}
                data-key={n.key}
                role="treeitem"
                aria-level={line.depth + 1}
                aria-expanded={line.hasChildren ? expanded : undefined}
                aria-checked={state === 'indeterminate' ? 'mixed' : state === 'checked'}
                gap={4}
                wrap="nowrap"
                px={6}
                py={2}
                style={{ paddingInlineStart: 6 + line.depth * 20 }}
                onKeyDown={(e) => onKey(e, i, line)}
              >
                {line.hasChildren ? <ExpandToggle expanded={expanded} disabled={!!matches} onToggle={() => setOpenKey(n.key, !expanded)} /> : <NoToggle />}
                <Checkbox
                  size="xs"
                  checked={state === 'checked'}
                  indeterminate={state === 'indeterminate'}
                  disabled={off}
                  onChange={() => click(n.key)}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text span size="sm" fw={n.kind === 'group' || n.kind === 'root' ? 600 : undefined} c={off ? 'dimmed' : undefined}>
                        {title(n.title)}
                      </Text>
                      {n.kind === 'page' && (
                        <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                          {title('empower.kind.page')}
                        </Badge>
                      )}
                      <Text span size="xs" c="dimmed" ff="monospace" dir="ltr">
                        {n.key}
                      </Text>
                    </Group>
                  }
                />
              </Group>
            );
          })}
        </div>
      </ScrollArea>
      </Box>
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
