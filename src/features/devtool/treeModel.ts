/**
 * A tree table's model (/DeveloperTool/TableTree), independent of what the rows are: the rows shown for the expanded
 * set and a filter, and what the arrow keys do. A filter keeps every match and its ancestors (so a match is shown
 * where it lives), and the screen opens those ancestors when the filter changes.
 */
export interface TreeItem {
  id: string;
  parent: string | null;
  /** What the filter searches (lower-cased by the model). */
  text: string;
}

export interface TreeRow<T extends TreeItem> {
  item: T;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  /** The row matched the filter itself (not only kept as an ancestor). */
  match: boolean;
}

export interface TreeIndex<T extends TreeItem> {
  byId: Map<string, T>;
  children: Map<string | null, T[]>;
}

export function indexTree<T extends TreeItem>(items: readonly T[]): TreeIndex<T> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const children = new Map<string | null, T[]>();
  for (const i of items) {
    // An item whose parent is not in the list is a root (a sub-merchant whose main merchant is out of scope).
    const p = i.parent !== null && byId.has(i.parent) ? i.parent : null;
    const list = children.get(p) ?? [];
    list.push(i);
    children.set(p, list);
  }
  return { byId, children };
}

/** Ids of the matches and of all their ancestors; null when the query is empty (no filter). */
export function filterKeep<T extends TreeItem>(ix: TreeIndex<T>, query: string): { keep: Set<string>; matches: Set<string> } | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  const keep = new Set<string>();
  const matches = new Set<string>();
  for (const item of ix.byId.values()) {
    if (!item.text.toLowerCase().includes(q)) continue;
    matches.add(item.id);
    let cur: T | undefined = item;
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parent !== null ? ix.byId.get(cur.parent) : undefined;
    }
  }
  return { keep, matches };
}

/** The rows shown, depth first; with a filter only the kept ones (the screen opens the kept ancestors: `filter.keep`). */
export function visibleRows<T extends TreeItem>(ix: TreeIndex<T>, expanded: ReadonlySet<string>, filter: ReturnType<typeof filterKeep<T>>): TreeRow<T>[] {
  const out: TreeRow<T>[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const item of ix.children.get(parent) ?? []) {
      if (filter && !filter.keep.has(item.id)) continue;
      const kids = (ix.children.get(item.id) ?? []).filter((k) => !filter || filter.keep.has(k.id));
      const open = kids.length > 0 && expanded.has(item.id);
      out.push({ item, depth, hasChildren: kids.length > 0, expanded: open, match: filter?.matches.has(item.id) ?? false });
      if (open) walk(item.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Ids of every item with children: "expand all". */
export function allParents<T extends TreeItem>(ix: TreeIndex<T>): Set<string> {
  return new Set([...ix.children.keys()].filter((k): k is string => k !== null));
}

export interface TreeKeyResult {
  focus: number;
  /** The id to open or close, if the key does that. */
  toggle?: { id: string; open: boolean };
}

/**
 * WAI-ARIA tree keys over the visible rows: ↑/↓ move, → opens a closed parent or moves to its first child, ← closes an
 * open parent or moves to the parent, Home/End jump. `rtl` swaps ← and → (the tree grows to the left in Arabic).
 */
export function treeKey<T extends TreeItem>(rows: readonly TreeRow<T>[], focus: number, key: string, rtl = false): TreeKeyResult | null {
  if (!rows.length) return null;
  const f = Math.min(Math.max(focus, 0), rows.length - 1);
  const k = rtl && (key === 'ArrowLeft' || key === 'ArrowRight') ? (key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft') : key;
  const row = rows[f];
  switch (k) {
    case 'ArrowDown': return { focus: Math.min(rows.length - 1, f + 1) };
    case 'ArrowUp': return { focus: Math.max(0, f - 1) };
    case 'Home': return { focus: 0 };
    case 'End': return { focus: rows.length - 1 };
    case 'ArrowRight':
      if (row.hasChildren && !row.expanded) return { focus: f, toggle: { id: row.item.id, open: true } };
      if (row.hasChildren && row.expanded) return { focus: f + 1 };
      return { focus: f };
    case 'ArrowLeft': {
      if (row.hasChildren && row.expanded) return { focus: f, toggle: { id: row.item.id, open: false } };
      const p = rows.findLastIndex((r, i) => i < f && r.depth === row.depth - 1);
      return { focus: p >= 0 ? p : f };
    }
    default: return null;
  }
}
