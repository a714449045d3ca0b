import { useEffect, useRef } from 'react';
import type { CommandDef } from '../../../commands';
import type { Row } from './selection';

export interface CommandUiContext {
  command: CommandDef;
  /** Rows the command applies to (already checked against its scope). */
  selection: Row[];
}

/** How a mounted screen runs a command interactively (e.g. its own add/edit dialog). */
export type CommandUi = (ctx: CommandUiContext) => unknown;

const overrides = new Map<string, Array<{ current: CommandUi }>>();

export function commandUi(id: string): CommandUi | undefined {
  const list = overrides.get(id);
  const top = list?.[list.length - 1];
  return top ? (ctx) => top.current(ctx) : undefined;
}

/**
 * While the calling component is mounted, `runInteractive(id)` (palette, hotkey, grid action) calls `fn` instead of
 * the generated form. The latest `fn` is always used; no need to memoise it.
 *
 *   useCommandUi('empower.user.edit', ({ selection }) => openEditDialog(selection[0]));
 */
export function useCommandUi(id: string, fn: CommandUi): void {
  const holder = useRef<{ current: CommandUi }>({ current: fn });
  holder.current.current = fn;
  useEffect(() => {
    const entry = holder.current;
    const list = overrides.get(id) ?? [];
    list.push(entry);
    overrides.set(id, list);
    return () => {
      const cur = overrides.get(id);
      if (!cur) return;
      const i = cur.lastIndexOf(entry);
      if (i >= 0) cur.splice(i, 1);
      if (cur.length === 0) overrides.delete(id);
    };
  }, [id]);
}
