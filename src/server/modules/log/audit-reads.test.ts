import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { operationLog } from './log.table';

/**
 * Reads are not operations: a POST that only reads must be declared `audit: false`, or the operation log's safety net
 * (app.ts) would log it as a staff write. The route table does not expose a route's config, so every Fastify instance
 * built in this file records its routes as they are declared.
 */
const declared = vi.hoisted(() => [] as { method: string; url: string; audit: unknown }[]);

vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const recording = ((opts?: object) => {
    const app = (real.default as unknown as (o?: object) => FastifyInstance)(opts);
    app.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) declared.push({ method: String(m), url: r.url, audit: (r.config as { audit?: unknown } | undefined)?.audit });
    });
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: recording };
});

/** Urls that name a read (spec style: `…_list`, `get_…`, `detail`, `query`, `options`, `summary`). */
const READ_URL = /(?:list|all_list|\/get_\w+|detail|query|options|summary)$/;

/** POSTs whose url looks like a read but that do write, each with its reason. */
const WRITES_NAMED_LIKE_READS: Record<string, string> = {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('read-only POST routes are not audited', () => {
  it('the recorder saw the application routes', () => {
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter((r) => r.method === 'POST' && READ_URL.test(r.url)).length).toBeGreaterThan(0);
  });

  it('every POST whose url names a read is declared audit:false', () => {
    const audited = declared
      .filter((r) => r.method === 'POST' && READ_URL.test(r.url) && !(r.url in WRITES_NAMED_LIKE_READS))
      .filter((r) => r.audit !== false)
      .map((r) => r.url);
    expect(audited).toEqual([]);
  });

  it('the recorder sees the audit flag a write carries, so the check above can fail', () => {
    const write = declared.find((r) => r.method === 'POST' && r.url === '/loanapi/collection/run_day');
    expect(write?.audit).toBe(true);
  });

  it('reading the external-call types by POST leaves no operation-log row', async () => {
    const admin = await t.login('admin');
    const before = (await t.db.select({ id: operationLog.id }).from(operationLog)).length;
    const res = await t.post(admin, '/loanapi/external_call/get_external_call_type', {});
    expect(res.code).toBe(20000);
    expect((await t.db.select({ id: operationLog.id }).from(operationLog)).length).toBe(before);
  });
});
