import { proxy, subscribe } from 'valtio';
import type { CommandDef } from '../../../commands';
import { STORAGE_KEYS, readJson, readLocal, writeJson, writeLocal } from './storage';

/**
 * Tabs of visited pages (spec §2 "Tab bar", §3 "Visited and cached views: path, name, title, meta flags affix").
 * One tab per route path; the latest query string is kept in `fullPath`. Affix tabs (dashboard) can't be
 * closed. When "keep tabs" is on ('1' in localStorage) the list survives a reload.
 */
export interface VisitedView {
  /** Route path without query: the tab's identity. */
  path: string;
  /** Path with query string, what the tab navigates to. */
  fullPath: string;
  /** Screen command id. */
  name: string;
  /** Message id of the title. */
  title: string;
  /** Literal title set by the screen (detail pages: query `name` sets the title). */
  label?: string;
  affix?: boolean;
}

export const tags = proxy<{ views: VisitedView[]; keep: boolean }>({
  views: [],
  keep: readLocal(STORAGE_KEYS.keepTabs) === '1',
});

if (tags.keep) tags.views = readJson<VisitedView[]>(STORAGE_KEYS.views, []).filter((v) => v && typeof v.path === 'string');

subscribe(tags, () => {
  writeLocal(STORAGE_KEYS.keepTabs, tags.keep ? '1' : '0');
  writeLocal(STORAGE_KEYS.views, null);
  if (tags.keep) writeJson(STORAGE_KEYS.views, tags.views);
});

function viewOf(cmd: CommandDef, fullPath: string): VisitedView {
  return { path: fullPath.split('?')[0], fullPath, name: cmd.id, title: cmd.title, affix: !!cmd.affix };
}

/**
 * Aligns the list with what the session may see: affix screens first (always there), then the visited tabs the
 * session still may open (a persisted tab for a screen the new session can't see is dropped).
 */
export function syncViews(visible: readonly CommandDef[]): void {
  const allowed = new Map(visible.filter((c) => c.kind === 'screen' && c.route).map((c) => [c.id, c]));
  const affix = visible.filter((c) => c.kind === 'screen' && c.affix && c.route).map((c) => viewOf(c, c.route!));
  const rest = tags.views.filter((v) => !v.affix && allowed.has(v.name));
  tags.views = [...affix, ...rest];
}

export function addView(cmd: CommandDef, fullPath: string): void {
  const path = fullPath.split('?')[0];
  const existing = tags.views.find((v) => v.path === path);
  if (existing) {
    if (existing.fullPath !== fullPath) existing.fullPath = fullPath;
    return;
  }
  tags.views.push(viewOf(cmd, fullPath));
}

export function setViewLabel(path: string, label: string | undefined): void {
  const v = tags.views.find((x) => x.path === path.split('?')[0]);
  if (v && v.label !== label) v.label = label;
}

/** Closes a tab; returns where to go when it was the active one (the tab left of it, else the last). */
export function closeView(path: string, activePath: string): string | null {
  const i = tags.views.findIndex((v) => v.path === path);
  if (i < 0 || tags.views[i].affix) return null;
  tags.views.splice(i, 1);
  if (path !== activePath) return null;
  const next = tags.views[i - 1] ?? tags.views[tags.views.length - 1];
  return next ? next.fullPath : '/';
}

export function closeOtherViews(path: string): void {
  tags.views = tags.views.filter((v) => v.affix || v.path === path);
}

/** Closes every closable tab; returns the path of the first remaining tab (or /). */
export function closeAllViews(): string {
  tags.views = tags.views.filter((v) => v.affix);
  return tags.views[0]?.fullPath ?? '/';
}

/** Spec §4 logout: clear views. */
export function resetViews(): void {
  tags.views = [];
}

export function setKeepTabs(keep: boolean): void {
  tags.keep = keep;
}
