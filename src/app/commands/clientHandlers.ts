import type { ClientHandler } from '../../../commands/run';

export type { ClientHandler };

/**
 * Client handlers: how the console runs commands that have no server route (language, theme, settings panel,
 * clear cache) or that need the client around the call (sign out). Several registrations of one id stack;
 * the latest wins until it unregisters.
 */
const handlers = new Map<string, ClientHandler[]>();

export function registerClientHandler(id: string, fn: ClientHandler): () => void {
  const list = handlers.get(id) ?? [];
  list.push(fn);
  handlers.set(id, list);
  return () => {
    const cur = handlers.get(id);
    if (!cur) return;
    const i = cur.lastIndexOf(fn);
    if (i >= 0) cur.splice(i, 1);
    if (cur.length === 0) handlers.delete(id);
  };
}

export function clientHandler(id: string): ClientHandler | undefined {
  const list = handlers.get(id);
  return list?.[list.length - 1];
}
