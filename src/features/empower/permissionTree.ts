import { NODE_BY_KEY, PERMISSION_NODES, ROOT_KEY, SUPER_KEY, type PermissionNode } from '../../../commands/permissions';

/**
 * The role editor's check rules over the permission tree (docs/permissions.md):
 * - checking a node stores it; checking the root or a group checks its whole subtree but stores the parent key only;
 * - a parent is stored only when checked whole: when every node below it is checked, the parent key replaces them;
 * - a partially checked parent is indeterminate and not stored (its checked children are stored one by one);
 * - a page grants viewing only: checking it checks the page, not its actions; unchecking it unchecks its actions too
 *   (an action would show the page again). A page with an action checked but no view of its own is indeterminate.
 * - disabled nodes (not granted by the parent role, or not held by the editor) keep their state when a parent
 *   above them is toggled.
 * Keys that are not tree nodes (admin_y) are kept as they are.
 */

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

const CHILDREN = new Map<string, PermissionNode[]>();
for (const n of PERMISSION_NODES) {
  if (!n.parent) continue;
  const list = CHILDREN.get(n.parent) ?? [];
  list.push(n);
  CHILDREN.set(n.parent, list);
}

export function childrenOf(key: string): readonly PermissionNode[] {
  return CHILDREN.get(key) ?? [];
}

const DESCENDANTS = new Map<string, string[]>();

/** Every node strictly below `key`. */
export function descendants(key: string): readonly string[] {
  const hit = DESCENDANTS.get(key);
  if (hit) return hit;
  const out: string[] = [];
  const walk = (k: string) => {
    for (const c of childrenOf(k)) {
      out.push(c.key);
      walk(c.key);
    }
  };
  walk(key);
  DESCENDANTS.set(key, out);
  return out;
}

const isContainer = (n: PermissionNode) => n.kind === 'root' || n.kind === 'group';

/** Stored keys → the set of checked nodes (a stored root or group checks its subtree; a page only itself). */
export function expand(stored: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const k of stored) {
    const n = k === SUPER_KEY ? NODE_BY_KEY.get(ROOT_KEY) : NODE_BY_KEY.get(k);
    if (!n) continue;
    out.add(n.key);
    if (isContainer(n)) for (const d of descendants(n.key)) out.add(d);
  }
  return out;
}

/** Whether everything below a container node is checked (its own key in the set says nothing). */
function whole(key: string, checked: ReadonlySet<string>): boolean {
  return descendants(key).every((d) => checked.has(d));
}

/** Checked nodes → the keys a role stores (plus the non-tree keys of `extra`, e.g. admin_y). */
export function normalize(checked: ReadonlySet<string>, extra: Iterable<string> = []): string[] {
  const out: string[] = [];
  const walk = (n: PermissionNode) => {
    if (isContainer(n)) {
      if (whole(n.key, checked)) {
        out.push(n.key);
        return;
      }
    } else if (checked.has(n.key)) out.push(n.key);
    for (const c of childrenOf(n.key)) walk(c);
  };
  walk(NODE_BY_KEY.get(ROOT_KEY)!);
  for (const k of extra) if (!NODE_BY_KEY.has(k) && !out.includes(k)) out.push(k);
  return out;
}

/** How a node's checkbox shows, given the checked set. */
export function checkState(key: string, checked: ReadonlySet<string>): CheckState {
  const n = NODE_BY_KEY.get(key);
  if (!n) return 'unchecked';
  if (n.kind === 'action') return checked.has(key) ? 'checked' : 'unchecked';
  if (n.kind === 'page') {
    if (checked.has(key)) return 'checked';
    return childrenOf(key).some((c) => checked.has(c.key)) ? 'indeterminate' : 'unchecked';
  }
  if (whole(key, checked)) return 'checked';
  return descendants(key).some((d) => checked.has(d)) ? 'indeterminate' : 'unchecked';
}

/**
 * The checked set after the user clicks `key`: a checked node is unchecked (with its subtree), anything else is
 * checked (a container with its subtree, a page alone). Nodes for which `disabled` is true are left as they were.
 */
export function toggle(key: string, checked: ReadonlySet<string>, disabled: (key: string) => boolean = () => false): Set<string> {
  const n = NODE_BY_KEY.get(key);
  const next = new Set(checked);
  if (!n || disabled(key)) return next;
  const on = checkState(key, checked) !== 'checked';
  const below = descendants(key).filter((d) => !disabled(d));
  if (on) {
    next.add(key);
    if (isContainer(n)) for (const d of below) next.add(d);
  } else {
    // Unchecking a node inside a stored parent: the parent stops being whole, so only the node itself goes.
    next.delete(key);
    for (const d of below) next.delete(d);
  }
  return next;
}

/** Stored keys after the click (the whole round trip the editor does). */
export function toggleStored(stored: readonly string[], key: string, disabled?: (key: string) => boolean): string[] {
  return normalize(toggle(key, expand(stored), disabled), stored);
}

/**
 * Nodes to show for a filter text: those whose key or title matches, with their ancestors (so that the tree stays
 * readable) and descendants (so that a matching group can still be worked). null: no filter, show all.
 */
export function filterNodes(text: string, title: (n: PermissionNode) => string): Set<string> | null {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  const out = new Set<string>();
  for (const n of PERMISSION_NODES) {
    if (!n.key.toLowerCase().includes(q) && !title(n).toLowerCase().includes(q)) continue;
    let cur: PermissionNode | undefined = n;
    while (cur) {
      out.add(cur.key);
      cur = cur.parent ? NODE_BY_KEY.get(cur.parent) : undefined;
    }
    for (const d of descendants(n.key)) out.add(d);
  }
  return out;
}

/** The human path of a node: "Permissions › Accounts › Reset password" (without the root). */
export function nodeLabel(key: string, title: (id: string) => string): string {
  const parts: string[] = [];
  let cur = NODE_BY_KEY.get(key);
  while (cur && cur.kind !== 'root') {
    parts.unshift(title(cur.title));
    cur = cur.parent ? NODE_BY_KEY.get(cur.parent) : undefined;
  }
  return parts.join(' › ') || (cur ? title(cur.title) : key);
}
