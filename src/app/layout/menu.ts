import { visibleFor, type CommandDef } from '../../../commands';
import { GROUPS } from '../../../commands/permissions';

/**
 * The sidebar, breadcrumbs and function search, derived from the registry for a session's permission nodes.
 * Pure functions, so they are tested without rendering.
 */
export interface MenuGroup {
  /** Permission group key (CommandDef.sidebar.group). */
  key: string;
  area: string;
  /** Message id `menu.<area>`. */
  title: string;
  items: CommandDef[];
}

export interface Menu {
  /** Top-level items (sidebar group ''): the dashboard first. */
  top: CommandDef[];
  groups: MenuGroup[];
}

const byOrder = (a: CommandDef, b: CommandDef) => (a.sidebar!.order - b.sidebar!.order) || a.id.localeCompare(b.id);

export function buildMenu(nodes: readonly string[]): Menu {
  const items = visibleFor(nodes).filter((c) => c.kind === 'screen' && c.route && c.sidebar && !c.hidden);
  const top = items.filter((c) => !c.sidebar!.group).sort(byOrder);
  const groups: MenuGroup[] = [];
  for (const g of GROUPS) {
    const inGroup = items.filter((c) => c.sidebar!.group === g.key).sort(byOrder);
    if (inGroup.length) groups.push({ key: g.key, area: g.area, title: `menu.${g.area}`, items: inGroup });
  }
  return { top, groups };
}

export function groupOf(cmd: CommandDef): { key: string; area: string; title: string } | undefined {
  const key = cmd.sidebar?.group;
  if (!key) return undefined;
  const g = GROUPS.find((x) => x.key === key);
  return g ? { key: g.key, area: g.area, title: `menu.${g.area}` } : undefined;
}

export interface Crumb {
  /** Message id, or a literal label when `literal` is set. */
  title: string;
  literal?: boolean;
  href?: string;
}

/** Spec §2: breadcrumbs always start with the dashboard: dashboard > group > page. */
export function breadcrumbsFor(cmd: CommandDef | undefined, home: CommandDef | undefined, label?: string): Crumb[] {
  const out: Crumb[] = [];
  if (home) out.push({ title: home.title, href: cmd && cmd.id === home.id ? undefined : home.route });
  if (!cmd || (home && cmd.id === home.id)) return out;
  const g = groupOf(cmd);
  if (g) out.push({ title: g.title });
  out.push(label ? { title: label, literal: true } : { title: cmd.title });
  return out;
}

export interface SearchHit {
  cmd: CommandDef;
  /** Translated "group › page" shown in the result list. */
  label: string;
}

/**
 * Spec §2 top-bar function search: the typed text against translated titles of searchable screens the
 * session can see (the group title is part of the haystack, so "System" lists the system pages). Empty input
 * returns nothing. Titles that start with the text come first.
 */
export function searchScreens(query: string, nodes: readonly string[], translate: (id: string) => string, limit = 12): SearchHit[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const hits: Array<SearchHit & { rank: number }> = [];
  for (const cmd of visibleFor(nodes)) {
    if (cmd.kind !== 'screen' || !cmd.searchable || !cmd.route) continue;
    const title = translate(cmd.title);
    const g = groupOf(cmd);
    const group = g ? translate(g.title) : '';
    const t = title.toLocaleLowerCase();
    const rank = t.startsWith(q) ? 0 : t.includes(q) ? 1 : group.toLocaleLowerCase().includes(q) ? 2 : -1;
    if (rank < 0) continue;
    hits.push({ cmd, label: group ? `${group} › ${title}` : title, rank });
  }
  return hits.sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label)).slice(0, limit).map(({ cmd, label }) => ({ cmd, label }));
}
