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
