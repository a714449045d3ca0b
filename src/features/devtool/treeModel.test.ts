import { describe, expect, it } from 'vitest';
import { PERMISSION_NODES } from '../../../commands/permissions';
import { allParents, filterKeep, indexTree, treeKey, visibleRows, type TreeItem } from './treeModel';

//  a
//  ├─ b
//  │  ├─ c (needle)
//  │  └─ d
//  └─ e
//  f
//  └─ g (orphan's parent missing → h is a root)
const items: TreeItem[] = [
  { id: 'a', parent: null, text: 'Alpha' }, { id: 'b', parent: 'a', text: 'Beta' }, { id: 'c', parent: 'b', text: 'Needle' },
  { id: 'd', parent: 'b', text: 'Delta' }, { id: 'e', parent: 'a', text: 'Echo' }, { id: 'f', parent: null, text: 'Foxtrot' },
  { id: 'g', parent: 'f', text: 'Golf' }, { id: 'h', parent: 'missing', text: 'Hotel' },
];
const ix = indexTree(items);
const ids = (rows: { item: TreeItem }[]) => rows.map((r) => r.item.id);

describe('tree filter', () => {
  it('keeps the matches and all their ancestors, and nothing else', () => {
    const f = filterKeep(ix, 'needle')!;
    expect([...f.keep].sort()).toEqual(['a', 'b', 'c']);
    expect([...f.matches]).toEqual(['c']);
    expect(ids(visibleRows(ix, f.keep, f))).toEqual(['a', 'b', 'c']);
    const rows = visibleRows(ix, f.keep, f);
    expect(rows.map((r) => r.match)).toEqual([false, false, true]);
    // b has two children but only c is kept: d is hidden.
    expect(rows[1].hasChildren).toBe(true);
  });

  it('is case-insensitive, ignores surrounding blanks, and is off for an empty query', () => {
    expect([...filterKeep(ix, '  GOLF ')!.keep].sort()).toEqual(['f', 'g']);
    expect(filterKeep(ix, '   ')).toBeNull();
  });

  it('keeps a match whose ancestors match too, each once', () => {
    // 'ta' is in Beta and Delta: b is both a match and d's ancestor.
    const f = filterKeep(ix, 'ta')!;
    expect([...f.matches].sort()).toEqual(['b', 'd']);
    expect(ids(visibleRows(ix, f.keep, f))).toEqual(['a', 'b', 'd']);
  });

  it('shows nothing when nothing matches', () => {
    const f = filterKeep(ix, 'zulu')!;
    expect(visibleRows(ix, new Set(['a', 'b']), f)).toEqual([]);
  });

  it('on the permission tree keeps a page with its group and the root', () => {
    const pix = indexTree(PERMISSION_NODES.map((n) => ({ id: n.key, parent: n.parent, text: `${n.key} ${n.path ?? ''}` })));
    const f = filterKeep(pix, '/DeveloperTool/TableTree')!;
    expect([...f.keep].sort()).toEqual(['DeveloperTool', 'DeveloperTool_TableTree', 'ProtocolList']);
  });
});

describe('tree rows and keys', () => {
  it('shows the children of expanded nodes only; an item with a missing parent is a root', () => {
    expect(ids(visibleRows(ix, new Set(), null))).toEqual(['a', 'f', 'h']);
    expect(ids(visibleRows(ix, new Set(['a']), null))).toEqual(['a', 'b', 'e', 'f', 'h']);
    expect(ids(visibleRows(ix, allParents(ix), null))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('→ opens a closed parent, then moves to its first child; ← closes, then goes to the parent', () => {
    let expanded = new Set<string>();
    let rows = visibleRows(ix, expanded, null);
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ focus: 0, toggle: { id: 'a', open: true } });
    expanded = new Set(['a']);
    rows = visibleRows(ix, expanded, null);
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ focus: 1 });
    expect(treeKey(rows, 2, 'ArrowLeft')).toEqual({ focus: 0 }); // e → its parent a
    expect(treeKey(rows, 0, 'ArrowLeft')).toEqual({ focus: 0, toggle: { id: 'a', open: false } });
    expect(treeKey(rows, 4, 'ArrowRight')).toEqual({ focus: 4 }); // h: a leaf
  });

  it('↑/↓ move within the rows and stop at the ends; Home/End jump; other keys are not handled', () => {
    const rows = visibleRows(ix, new Set(['a']), null);
    expect(treeKey(rows, 0, 'ArrowDown')).toEqual({ focus: 1 });
    expect(treeKey(rows, 4, 'ArrowDown')).toEqual({ focus: 4 });
    expect(treeKey(rows, 0, 'ArrowUp')).toEqual({ focus: 0 });
    expect(treeKey(rows, 2, 'End')).toEqual({ focus: 4 });
    expect(treeKey(rows, 2, 'Home')).toEqual({ focus: 0 });
    expect(treeKey(rows, 2, 'x')).toBeNull();
    expect(treeKey([], 0, 'ArrowDown')).toBeNull();
  });

  it('mirrors ← and → right to left', () => {
    const rows = visibleRows(ix, new Set(), null);
    expect(treeKey(rows, 0, 'ArrowLeft', true)).toEqual({ focus: 0, toggle: { id: 'a', open: true } });
  });
});
