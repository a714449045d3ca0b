import type { ComboboxItemGroup, ComboboxItem } from '@mantine/core';
import { NODE_BY_KEY, PERMISSION_NODES, ROOT_KEY } from '../../../commands/permissions';

/**
 * Permission nodes as grouped select options (special permissions of an account): one group per menu group, its
 * pages and their actions, each labelled with its translated title. Nodes the session may not grant are disabled.
 */
export function permissionOptions(title: (id: string) => string, grantable: (key: string) => boolean, keep: readonly string[] = []): ComboboxItemGroup<ComboboxItem>[] {
  const root = NODE_BY_KEY.get(ROOT_KEY)!;
  const groups: ComboboxItemGroup<ComboboxItem>[] = [
    { group: title(root.title), items: [{ value: root.key, label: title(root.title), disabled: !grantable(root.key) }] },
  ];
  for (const g of PERMISSION_NODES.filter((n) => n.kind === 'group')) {
    const gTitle = title(g.title);
    const items: ComboboxItem[] = [{ value: g.key, label: `${gTitle} · ${title('empower.node.wholeGroup')}`, disabled: !grantable(g.key) }];
    for (const p of PERMISSION_NODES.filter((n) => n.parent === g.key)) {
      const pTitle = title(p.title);
      items.push({ value: p.key, label: pTitle, disabled: !grantable(p.key) });
      for (const a of PERMISSION_NODES.filter((n) => n.parent === p.key)) {
        items.push({ value: a.key, label: `${pTitle} › ${title(a.title)}`, disabled: !grantable(a.key) });
      }
    }
    groups.push({ group: gTitle, items });
  }
  // A stored key the tree no longer has stays visible (and removable).
  const unknown = keep.filter((k) => !NODE_BY_KEY.has(k));
  if (unknown.length) groups.push({ group: '?', items: unknown.map((k) => ({ value: k, label: k })) });
  return groups;
}
