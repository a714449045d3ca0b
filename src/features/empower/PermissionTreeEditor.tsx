import { ActionIcon, Alert, Badge, Box, Button, Checkbox, Group, ScrollArea, Text, TextInput, useDirection } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { NODE_BY_KEY, PERMISSION_NODES, ROOT_KEY, SUPER_KEY, type PermissionNode } from '../../../commands/permissions';
import { Icon } from '../../app/layout/icons';
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
  const [open, setOpen] = useState<Set<string>>(() => new Set([ROOT_KEY]));
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
  const setOpenKey = (key: string, on: boolean) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const focusRow = (i: number) => listRef.current?.querySelector<HTMLInputElement>(`[data-line="${i}"] input[type=checkbox]`)?.focus();
  const onKey = (e: KeyboardEvent, i: number, line: Line) => {
    const fwd = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === 'ArrowDown') focusRow(Math.min(lines.length - 1, i + 1));
    else if (e.key === 'ArrowUp') focusRow(Math.max(0, i - 1));
    else if (e.key === fwd && line.hasChildren) setOpenKey(line.node.key, true);
    else if (e.key === back) {
      if (line.hasChildren && open.has(line.node.key)) setOpenKey(line.node.key, false);
      else if (line.node.parent) focusRow(lines.findIndex((l) => l.node.key === line.node.parent));
    } else return;
    e.preventDefault();
  };

  const stored = value.filter((k) => k !== SUPER_KEY).length;
  return (
    <Box data-testid="permission-tree">
      <Group gap="xs" mb={6} wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          placeholder={title('empower.tree.filter')}
          aria-label={title('empower.tree.filter')}
          leftSection={<Icon name="search" size={14} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set(PERMISSION_NODES.filter((n) => childrenOf(n.key).length).map((n) => n.key)))}>
          {title('empower.tree.expandAll')}
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(new Set([ROOT_KEY]))}>
          {title('empower.tree.collapseAll')}
        </Button>
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
                {line.hasChildren ? (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    tabIndex={-1}
                    aria-label={title(expanded ? 'empower.tree.collapse' : 'empower.tree.expand')}
                    disabled={!!matches}
                    onClick={() => setOpenKey(n.key, !expanded)}
                  >
                    <Icon
                      name={expanded ? 'chevronDown' : 'chevronRight'}
                      size={14}
                      style={!expanded && dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
                    />
                  </ActionIcon>
                ) : (
                  <Box w={22} style={{ flex: 'none' }} />
                )}
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
