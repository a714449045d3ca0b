/**
 * Icon search for /DeveloperTool/IconSelect: names matched case-insensitively, ignoring separators, so "chevron d",
 * "chevron-down" and "CHEVRONDOWN" all find chevronDown; names starting with the query come first, then the rest in
 * declaration order.
 */
const norm = (s: string) => s.toLowerCase().replace(/[\s_\-.]+/g, '');

export function searchIcons<T extends string>(names: readonly T[], query: string): T[] {
  const q = norm(query);
  if (!q) return [...names];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const n of names) {
    const k = norm(n);
    if (k.startsWith(q)) starts.push(n);
    else if (k.includes(q)) contains.push(n);
  }
  return [...starts, ...contains];
}

/**
 * The active cell after an arrow key in a grid of `count` cells laid out `cols` to a row; `rtl` swaps left and
 * right (the grid reads from the right in Arabic). Stays put at the edges; -1 (nothing active) starts at 0.
 */
export function moveInGrid(index: number, key: string, count: number, cols: number, rtl = false): number {
  if (count <= 0) return -1;
  if (index < 0 || index >= count) return 0;
  const c = Math.max(1, cols);
  const k = rtl && (key === 'ArrowLeft' || key === 'ArrowRight') ? (key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft') : key;
  switch (k) {
    case 'ArrowRight': return Math.min(count - 1, index + 1);
    case 'ArrowLeft': return Math.max(0, index - 1);
    case 'ArrowDown': return index + c < count ? index + c : index;
    case 'ArrowUp': return index - c >= 0 ? index - c : index;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return index;
  }
}
