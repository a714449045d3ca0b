import type { CommandDef } from './command.types';
import { GROUPS, pageKey } from './permissions';

/**
 * A screen for a page of spec §2: route, permission node and title follow from the group and page name,
 * so the sidebar, the router and the permission tree can never disagree.
 */
export function pageScreen(groupKey: string, page: string, extra: Partial<CommandDef> & { order: number }): CommandDef {
  const g = GROUPS.find((x) => x.key === groupKey);
  if (!g) throw new Error(`unknown group ${groupKey}`);
  const { order, ...rest } = extra;
  return {
    id: `${g.area}.${page}`,
    kind: 'screen',
    area: g.area,
    title: `route.${g.area}.${page}`,
    permission: pageKey(groupKey, page),
    route: `${g.path}/${page}`,
    sidebar: { group: groupKey, order },
    searchable: true,
    ...rest,
  };
}
