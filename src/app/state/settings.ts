import { proxy, subscribe } from 'valtio';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

/**
 * The settings panel (spec §2, §3 "Settings: showSettings, fixedHeader, sidebarLogo"): theme colour, tags view,
 * fixed header, sidebar logo. Persisted in localStorage. Dark mode is Mantine's colour scheme (stored by its
 * manager under STORAGE_KEYS.colorScheme) so that Mantine components and ours read one source.
 */
export interface ShellSettings {
  /** A Mantine palette name used as the primary colour. */
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const THEME_COLORS = ['blue', 'indigo', 'cyan', 'teal', 'green', 'violet', 'grape', 'orange', 'red', 'gray'] as const;

const DEFAULTS: ShellSettings = { themeColor: 'blue', tagsView: true, fixedHeader: true, sidebarLogo: true };

function load(): ShellSettings {
  const stored = readJson<Partial<ShellSettings>>(STORAGE_KEYS.settings, {});
  const merged = { ...DEFAULTS, ...stored };
  if (!(THEME_COLORS as readonly string[]).includes(merged.themeColor)) merged.themeColor = DEFAULTS.themeColor;
  return merged;
}

export const settings = proxy<ShellSettings>(load());

subscribe(settings, () => writeJson(STORAGE_KEYS.settings, { ...settings }));

/** UI state of the settings drawer (spec §3 showSettings); not persisted. */
export const settingsPanel = proxy({ open: false });

export function openSettingsPanel(): void {
  settingsPanel.open = true;
}
