import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import type { ApiCall, CommandContext, CommandDef } from './command.types';
import { COMMANDS, byId } from './index';
import { can } from './permissions';

/**
 * The UI-free command runner (DESIGN §3). The palette, the hotkeys, the grids and the scenario tests all end here:
 * find the command, re-check the permission, validate the parameters with the command's zod schema, then call the
 * server route with the selection folded in. It runs in the browser (with `api.call`) and in Node (with
 * `createNodeCaller`), so a test can script a sequence of commands against a live server.
 */

export type CommandErrorCode = 'unknown' | 'forbidden' | 'invalid' | 'selection' | 'no handler';

export class CommandError extends Error {
  constructor(
    public readonly code: CommandErrorCode,
    public readonly commandId: string,
    message?: string,
    /** zod issues when `code` is 'invalid'. */
    public readonly issues: z.core.$ZodIssue[] = [],
  ) {
    super(message ?? `${code}: ${commandId}`);
    this.name = 'CommandError';
  }
}

/** A client-side handler for a command without `api` (switch language, toggle theme) or one the client overrides. */
export type ClientHandler = (ctx: CommandContext, params: Record<string, unknown>) => unknown;

export interface RunOptions {
  /** Looks up a client handler (the browser passes its registry); consulted before the api call. */
  handler?: (id: string) => ClientHandler | undefined;
}

type Row = Record<string, unknown>;

/** Ids of the rows a single or bulk action applies to. */
export function selectionIds(selection: ReadonlyArray<Row> | undefined): number[] {
  return (selection ?? []).map((r) => Number(r.id)).filter((n) => Number.isFinite(n));
}

/** String keys of the rows, for commands whose rows are named by `rowKey` (see CommandDef.rowKey). */
export function selectionKeys(key: string, selection: ReadonlyArray<Row> | undefined): string[] {
  return (selection ?? []).map((r) => r[key]).filter((k): k is string => typeof k === 'string' && k !== '');
}

/** Whether the selection satisfies the command's scope: single needs exactly one row, bulk one or more. */
export function scopeSatisfied(cmd: CommandDef, selection: ReadonlyArray<Row> | undefined): boolean {
  const n = cmd.rowKey ? selectionKeys(cmd.rowKey, selection).length : selectionIds(selection).length;
  if (cmd.scope === 'single') return n === 1;
  if (cmd.scope === 'bulk') return n >= 1;
  return true;
}

function schemaKeys(cmd: CommandDef): Set<string> {
  const shape = (cmd.params as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}

/**
 * Checks the command and its parameters and builds the payload the server route takes.
 * Single-scope routes take `{id}` (from the one selected row, else `params.id`); bulk routes take `{ids: number[]}`
 * (from the selection, else `params.ids`); screen and global
 * routes take the parameters as they are.
 */
export function preparePayload(cmd: CommandDef, params: Row, ctx: Pick<CommandContext, 'nodes' | 'selection'>): Row {
  if (!can(ctx.nodes, cmd.permission)) throw new CommandError('forbidden', cmd.id);
  const keys = schemaKeys(cmd);
  let input: Row = { ...params };
  if (cmd.scope === 'single' && cmd.rowKey) {
    const field = cmd.rowKey;
    const sel = selectionKeys(field, ctx.selection);
    if (sel.length > 1) throw new CommandError('selection', cmd.id, 'exactly one row must be selected');
    const key = sel[0] ?? (typeof params[field] === 'string' && params[field] !== '' ? (params[field] as string) : undefined);
    if (key === undefined) throw new CommandError('selection', cmd.id, 'exactly one row must be selected');
    const data = validate(cmd, keys.has(field) ? { ...input, [field]: key } : input);
    return { ...data, [field]: key };
  }
  if (cmd.scope === 'single') {
    const ids = selectionIds(ctx.selection);
    if (ids.length > 1) throw new CommandError('selection', cmd.id, 'exactly one row must be selected');
    const id = ids[0] ?? (params.id === undefined ? undefined : Number(params.id));
    if (id === undefined || !Number.isFinite(id)) throw new CommandError('selection', cmd.id, 'exactly one row must be selected');
    // Schemas such as accountEditBody carry the id themselves: validate it with the rest.
    input = keys.has('id') ? { ...input, id } : input;
    const data = validate(cmd, input);
    return { ...data, id };
  }
  if (cmd.scope === 'bulk') {
    const key = 'ids';
    const fromSel = selectionIds(ctx.selection);
    const given = params[key];
    const ids = fromSel.length ? fromSel : Array.isArray(given) ? (given as unknown[]).map(Number) : [];
    if (ids.length === 0) throw new CommandError('selection', cmd.id, 'select one or more rows');
    const { [key]: _ignored, ...rest } = input;
    const data = validate(cmd, keys.has(key) ? { ...rest, [key]: ids } : rest);
    return { ...data, [key]: ids };
  }
  return validate(cmd, input);
}

function validate(cmd: CommandDef, input: Row): Row {
  if (!cmd.params) return input;
  const res = cmd.params.safeParse(input);
  if (!res.success) throw new CommandError('invalid', cmd.id, res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), res.error.issues);
  return res.data;
}

/**
 * Runs a command: permission, parameters, then the client handler (when one is given for the id) or the api call.
 * Commands without `api` need a client handler; with none (e.g. in Node) this throws CommandError 'no handler'.
 */
export async function runCommand<T = unknown>(id: string, params: Row, ctx: CommandContext, opts: RunOptions = {}): Promise<T> {
  const cmd = byId.get(id);
  if (!cmd) throw new CommandError('unknown', id);
  const payload = preparePayload(cmd, params ?? {}, ctx);
  const handler = opts.handler?.(id);
  if (handler) return (await handler(ctx, payload)) as T;
  if (!cmd.api) throw new CommandError('no handler', id);
  return ctx.call<T>(cmd.api, payload);
}

// ---------------------------------------------------------------- Node caller

/** Envelope error from the server (code ≠ 20000, or an HTTP error carrying an envelope). */
export class CommandApiError extends Error {
  constructor(public readonly code: number, message: string, public readonly data: unknown = null, public readonly httpStatus = 200) {
    super(message);
    this.name = 'CommandApiError';
  }
}

const OK = 20000;

/** Fills `:name` path parameters from the payload (e.g. `/api/dictItem/:id`). */
export function fillPath(path: string, payload: Row): string {
  return path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(payload[k] ?? '')));
}

export interface NodeCallerOptions {
  /** Request timeout, ms (spec §9: 60000). */
  timeout?: number;
  /** Called with the envelope's msg on success (to assert on server messages in scenarios). */
  onMessage?: (msg: string) => void;
  /**
   * The Idempotency-Key of a call to a money write (a command flagged `idempotent`); default a new key per call. A
   * scenario that retries one invocation returns the same key for it.
   */
  idempotencyKey?: (api: ApiCall, payload: Row) => string;
}

/** Routes of the commands flagged `idempotent` ("METHOD path"). */
let moneyRoutes: Set<string> | null = null;
function isMoneyWrite(api: ApiCall): boolean {
  moneyRoutes ??= new Set(COMMANDS.filter((c) => c.idempotent && c.api).map((c) => `${c.api!.method} ${c.api!.path}`));
  return moneyRoutes.has(`${api.method} ${api.path}`);
}

/**
 * A `CommandContext.call` for Node: the same headers as the browser (Authorization and x-api-token with the token,
 * x-api-st, lang-code), the `{code, msg, data}` envelope unwrapped, a CommandApiError on any other code.
 *
 *   const ctx = { call: createNodeCaller(url, token), nodes };
 *   await runCommand('empower.user.resetPwd', { password: 'secret1' }, { ...ctx, selection: [{ id: 5 }] });
 */
export function createNodeCaller(baseUrl: string, token: string | null, langId: number = 100, opts: NodeCallerOptions = {}): CommandContext['call'] {
  return async <T = unknown>(api: ApiCall, payload: Row = {}): Promise<T> => {
    const headers: Record<string, string> = { 'x-api-st': String(Date.now()), 'lang-code': String(langId) };
    if (token) {
      headers.Authorization = token;
      headers['x-api-token'] = token;
    }
    if (isMoneyWrite(api)) headers['Idempotency-Key'] = opts.idempotencyKey?.(api, payload) ?? `n-${globalThis.crypto.randomUUID()}`;
    let res: { code: number; msg: string; data: T };
    try {
      res = await ofetch(fillPath(api.path, payload), {
        baseURL: baseUrl,
        method: api.method,
        headers,
        timeout: opts.timeout ?? 60_000,
        retry: 0,
        ...(api.method === 'GET' ? { query: payload } : { body: payload }),
      });
    } catch (e) {
      if (e instanceof FetchError) {
        const body = e.data as { code?: number; msg?: string; data?: unknown } | undefined;
        const status = e.response?.status ?? 0;
        throw new CommandApiError(body?.code ?? status, body?.msg ?? e.message, body?.data ?? null, status);
      }
      throw e;
    }
    if (!res || typeof res !== 'object' || typeof res.code !== 'number') throw new CommandApiError(-1, 'not an envelope', res);
    if (res.code !== OK) throw new CommandApiError(res.code, res.msg || 'Error', res.data);
    opts.onMessage?.(res.msg);
    return res.data;
  };
}
