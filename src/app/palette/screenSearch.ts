import { visibleFor, type CommandDef } from '../../../commands';
import { groupOf } from '../layout/menu';
import { MATCH_LIMIT, rank } from './match';

export interface ScreenHit {
  cmd: CommandDef;
  /** Translated "group › page" shown in the result list. */
  label: string;
}

/**
 * Spec §2 top-bar function search: the typed text against the translated titles of the searchable screens the
 * session can see, ranked by the palette's matcher (keywords and the group title as exact words only). Empty
 * input returns nothing.
 */
export function searchScreens(query: string, nodes: readonly string[], translate: (id: string) => string, limit = MATCH_LIMIT): ScreenHit[] {
  const candidates = visibleFor(nodes)
    .filter((cmd) => cmd.kind === 'screen' && cmd.searchable && cmd.route)
    .map((cmd) => {
      const g = groupOf(cmd);
      const group = g ? translate(g.title) : '';
      return { item: { cmd, group }, title: translate(cmd.title), keywords: [...(cmd.keywords ?? []), group] };
    });
  return rank(query, candidates, limit).map(({ item: { cmd, group }, title }) => ({ cmd, label: group ? `${group} › ${title}` : title }));
}
