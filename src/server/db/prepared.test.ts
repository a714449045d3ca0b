import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { merchant } from '../modules/merchant/merchant.table';
import { selectNamed } from './prepared';

/**
 * selectNamed on PostgreSQL (on PGlite it is the ordinary query): the rows of awaiting the builder, with plans kept
 * per selection, since two selections of the same columns under other names read the same statement text.
 */
const pg = !!process.env.DATABASE_URL;

describe.skipIf(!pg)('selectNamed (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('answers what the builder answers, with each selection under its own names, again and again', async () => {
    const a = { id: merchant.id, name: merchant.name, created: merchant.createdAt, n: sql<number>`${merchant.id} * 2`.mapWith(Number) };
    const b = { key: merchant.id, title: merchant.name, at: merchant.createdAt, n: sql<number>`${merchant.id} * 2`.mapWith(Number) };
    const query = (fields: Record<string, unknown>) => t.db.select(fields as typeof a).from(merchant).orderBy(asc(merchant.id)).$dynamic();
    const expectedA = await query(a);
    const expectedB = await query(b);
    expect(expectedA.length).toBeGreaterThan(0);
    expect(expectedA[0].created).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i++) {
      expect(await selectNamed(query(a) as never, a)).toEqual(expectedA);
      expect(await selectNamed(query(b) as never, b)).toEqual(expectedB);
      // Without a stable selection object the names tell them apart.
      expect(await selectNamed(query({ ...b }) as never)).toEqual(expectedB);
      expect(await selectNamed(query({ ...a }) as never)).toEqual(expectedA);
    }
  });
});
