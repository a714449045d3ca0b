import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { PgSelect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** Internal to drizzle (no type): the selection as the ordered field list its prepared queries map rows with. */
const { orderSelectedFields } = drizzleUtils as unknown as { orderSelectedFields(fields: Record<string, unknown>): unknown };

/**
 * Runs a select as a named prepared statement on PostgreSQL. A list page's statement is parsed and planned on
 * every request otherwise, and planning a join over loan_order (many indexes to weigh) costs the server 1–2 ms, more
 * than running it; named by its text, it is planned once per connection (PostgreSQL settles on the generic plan
 * after five executions). The text of a list query depends only on which filters are present and the sort, so the
 * names stay few; they go with the connection. PGlite plans in-process, cheaply: the ordinary query there.
 * Same rows and mapping as awaiting the builder (drizzle's own prepared query does the mapping).
 */
export async function selectNamed<T = Record<string, unknown>>(q: PgSelect): Promise<T[]> {
  const b = q as unknown as Internals;
  if (!(b.session?.client instanceof pg.Pool)) return (await q) as T[];
  const query = b.dialect.sqlToQuery(b.getSQL());
  const name = `q_${createHash('sha1').update(query.sql).digest('base64url')}`;
  const prepared = b.session.prepareQuery(query, orderSelectedFields(b.config.fields), name, true);
  prepared.joinsNotNullableMap = b.joinsNotNullableMap;
  return (await prepared.execute()) as T[];
}

/** The builder's internals drizzle's own `prepare()` reads (drizzle-orm/pg-core/query-builders/select.js `_prepare`). */
interface Internals {
  session?: {
    client: unknown;
    prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string, arrayMode: boolean): {
      joinsNotNullableMap?: unknown; execute(): Promise<unknown>;
    };
  };
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: unknown;
  getSQL(): SQL;
}
