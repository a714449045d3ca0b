/** Hotkey strings (hotkeys-js syntax: 'shift+l', 'alt+t', 'ctrl+k, command+k') shown as key caps. */

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent || '');
}

const MAC: Record<string, string> = { shift: '⇧', alt: '⌥', option: '⌥', ctrl: '⌃', control: '⌃', command: '⌘', cmd: '⌘', meta: '⌘' };
const PC: Record<string, string> = { shift: 'Shift', alt: 'Alt', option: 'Alt', ctrl: 'Ctrl', control: 'Ctrl', command: 'Win', cmd: 'Win', meta: 'Win' };
const NAMED: Record<string, string> = { enter: 'Enter', esc: 'Esc', escape: 'Esc', space: 'Space', backspace: '⌫', delete: 'Del', up: '↑', down: '↓', left: '←', right: '→', tab: 'Tab' };

/** The combination of a hotkey for this platform (the first alternative that fits), as key caps. */
export function hotkeyCaps(hotkey: string, mac: boolean = isMac()): string[] {
  const alts = hotkey.split(',').map((s) => s.trim()).filter(Boolean);
  const fits = alts.find((a) => (mac ? !/\bctrl\b/.test(a) || !alts.some((b) => /\b(command|cmd)\b/.test(b)) : !/\b(command|cmd|meta)\b/.test(a))) ?? alts[0] ?? '';
  const map = mac ? MAC : PC;
  return fits.split('+').filter(Boolean).map((k) => map[k] ?? NAMED[k] ?? (k.length === 1 ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1)));
}

/** The palette's own key: Ctrl+K, or Cmd+K on a Mac. */
export const PALETTE_HOTKEY = 'ctrl+k, command+k';
