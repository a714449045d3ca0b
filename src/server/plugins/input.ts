import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE } from '../../schemas/common';
import { LANG_BY_CODE } from '../../schemas/i18n';
import { AppError } from '../errors';
import { translate } from '../i18n';

/**
 * Walked values per request: a body within the 2 MB limit can't hold more leaves than this in practice, and a
 * pathological one (a million one-character keys) is refused instead of being walked for seconds.
 */
const MAX_NODES = 200_000;

const NUL = '\u0000';
/** An unpaired UTF-16 surrogate: PostgreSQL can't store it (text, jsonb) and JSON.parse happily produces one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(s: string): boolean {
  return !s.includes(NUL) && !LONE_SURROGATE.test(s);
}

/** Thrown for a string PostgreSQL can't hold; the path names the field for the message. */
function refuse(where: string, path: string[]): AppError {
  const field = [where, ...path].join('.');
  return new AppError(CODE.VALIDATION, 'error.badCharacter', { field });
}

/**
 * Finds the first string (value or object key) holding a NUL byte or a lone surrogate and returns its path.
 * Iterative, so a deeply nested JSON body can't overflow the stack; each value keeps a link to its parent rather
 * than a copy of its path (copies would make a 2 MB `[[[[…` body quadratic); bounded in the values it looks at.
 */
export function findBadText(value: unknown): string[] | null | 'too-many' {
  const keys: string[] = [];
  const parents: number[] = [];
  const stack: Array<[unknown, number]> = [[value, -1]];
  const pathOf = (node: number, last?: string): string[] => {
    const out = last === undefined ? [] : [last];
    for (let n = node; n >= 0; n = parents[n]) out.push(keys[n]);
    return out.reverse();
  };
  while (stack.length) {
    const [v, node] = stack.pop()!;
    if (keys.length > MAX_NODES) return 'too-many';
    if (typeof v === 'string') {
      if (!isCleanText(v)) return pathOf(node);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Array.isArray(v) ? v.map((c, i) => [String(i), c] as const) : Object.entries(v as Record<string, unknown>);
      for (const [k, child] of entries) {
        if (!isCleanText(k)) return pathOf(node, '(key)');
        keys.push(k);
        parents.push(node);
        stack.push([child, keys.length - 1]);
      }
    }
  }
  return null;
}

function check(where: string, value: unknown): void {
  const bad = findBadText(value);
  if (bad === 'too-many') throw new AppError(CODE.VALIDATION, 'error.tooLarge');
  if (bad) throw refuse(where, bad);
}

/** Multipart text fields are parsed only when the handler asks for the file: check them then. */
function guardMultipart(req: FastifyRequest): void {
  const r = req as unknown as { file?: (...a: unknown[]) => Promise<{ fields?: Record<string, unknown> } | undefined> };
  if (typeof r.file !== 'function') return;
  const original = r.file.bind(req);
  r.file = async (...args: unknown[]) => {
    const part = await original(...args);
    for (const [name, f] of Object.entries(part?.fields ?? {})) {
      for (const field of [f].flat() as Array<{ type?: string; value?: unknown }>) {
        if (!isCleanText(name)) throw refuse('body', ['(key)']);
        if (field?.type === 'field' && typeof field.value === 'string' && !isCleanText(field.value)) throw refuse('body', [name]);
      }
    }
    return part;
  };
}

/**
 * Refuses hostile text once, where it enters: a NUL byte or a lone surrogate in any string or key of the params,
 * query or parsed body (whatever parser produced it: JSON, form, a route's own) answers 40000 before the route's
 * schema runs. Numbers are bounded by the schemas (src/schemas/common.ts: id32, int32, money).
 */
export function inputGuardPlugin(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    check('params', req.params);
    check('query', req.query);
    if (typeof req.body === 'string' || (req.body !== null && typeof req.body === 'object')) check('body', req.body);
    if (req.isMultipart?.()) guardMultipart(req);
  });
}

/** An envelope written straight to the socket: the request never became a Fastify request (no route, no hooks). */
function rawEnvelope(status: number, messageId: string): string {
  const body = JSON.stringify({ code: CODE.VALIDATION, msg: translate(LANG_BY_CODE.vi, messageId), data: null });
  return `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 414 ? 'URI Too Long' : 'Bad Request'}\r\n`
    + `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Node refuses a request line or headers beyond maxHeaderSize (431) and malformed HTTP (400) before Fastify sees
 * them; Fastify's own handler answers those in its own shape. Here they are an envelope like every other refusal.
 * There are no headers to read the caller's language from, so the default language words it.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  socket.end(rawEnvelope(tooLarge ? 431 : 400, tooLarge ? 'error.urlTooLong' : 'error.badRequest'));
}

/**
 * Options for the Fastify constructor in app.ts. A path parameter beyond Fastify's maxParamLength (100) finds no
 * route and answers the 40400 envelope, so only the socket-level refusals need a handler.
 */
export const fastifyInputOptions = { clientErrorHandler } as const;
