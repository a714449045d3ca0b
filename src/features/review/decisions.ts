import { useEffect } from 'react';
import type { ZodObject, ZodRawShape } from 'zod';
import { byId } from '../../../commands';
import type { ClientHandler } from '../../../commands/run';
import { openCommandForm, registerClientHandler } from '../../app/commands';
import { notify } from '../../app/lib/notify';
import type { StagePage } from '../../schemas/review';

/** Stage commands that act on one order the reviewer looks at: each carries the version of the order shown. */
export const VERSIONED_VERBS = ['approve', 'approveLimit', 'reject', 'toService', 'claim', 'release'] as const;

/**
 * How a versioned command runs: from the hotkey, palette or button (no id yet) a command with parameters opens its
 * form without the version field; once the payload is built (id from the selected row) the row's `version` — the
 * order as the panel or the queue row showed it — goes with the call, so the server refuses it when the order changed.
 */
export function versionedHandler(id: string): ClientHandler {
  return async (ctx, payload) => {
    const cmd = byId.get(id);
    if (!cmd?.api) throw new Error(`no api for ${id}`);
    const rows = ctx.selection ?? [];
    if (payload.id === undefined && cmd.params) {
      const params = (cmd.params as unknown as ZodObject<ZodRawShape>).omit({ version: true } as never);
      return openCommandForm({ ...cmd, params }, rows);
    }
    const version = payload.version ?? rows.find((r) => Number(r.id) === Number(payload.id))?.version;
    const data = await ctx.call(cmd.api, { ...payload, ...(version === undefined ? {} : { version: String(version) }) });
    notify('success', 'command.done');
    return data;
  };
}

/** While mounted, the page's order commands carry the version of the selected row (queue row or review panel). */
export function useVersionedDecisions(page: StagePage | null): void {
  useEffect(() => {
    if (!page) return;
    const off = VERSIONED_VERBS.map((v) => `review.${page}.${v}`).filter((id) => byId.has(id)).map((id) => registerClientHandler(id, versionedHandler(id)));
    return () => off.forEach((f) => f());
  }, [page]);
}
