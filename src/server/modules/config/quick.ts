import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LANG_CODES, type QuickAddBody, type QuickEditBody, type QuickPurpose, type QuickRow } from '../../../schemas/config';
import type { LangCode } from '../../../schemas/i18n';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { writeOpLog } from '../log/oplog';
import { quickReply } from './config.table';

/**
 * Quick replies (/system quick): canned texts by purpose and language. Shared by all staff (no merchant): the texts
 * are the company's wording, the same for every lender it runs. Each write is one transaction with its operation log.
 */

type Row = typeof quickReply.$inferSelect;
const view = (r: Row): QuickRow => ({
  id: r.id, purpose: r.purpose as QuickPurpose, language: r.language as LangCode, title: r.title, content: r.content, sort: r.sort,
  created_by_name: null, updated_at: r.updatedAt.toISOString(),
});

export async function addQuick(db: Db, req: FastifyRequest, body: QuickAddBody): Promise<QuickRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(quickReply).values({ ...body, createdBy: req.actor!.accountId }).returning();
    await writeOpLog(tx, req, { action: 'quick.add', targetType: 'quick_reply', targetId: row.id, after: body });
    return view(row);
  });
}

export async function editQuick(db: Db, req: FastifyRequest, body: QuickEditBody): Promise<QuickRow> {
  return db.transaction(async (tx) => {
    const { id, ...set } = body;
    const [before] = await tx.select().from(quickReply).where(eq(quickReply.id, id)).for('update');
    if (!before) throw notFound('quick_reply');
    const [row] = await tx.update(quickReply).set({ ...set, updatedAt: sql`now()` }).where(eq(quickReply.id, id)).returning();
    await writeOpLog(tx, req, { action: 'quick.edit', targetType: 'quick_reply', targetId: id, before: view(before), after: set });
    return view(row);
  });
}

export async function removeQuick(db: Db, req: FastifyRequest, id: number): Promise<null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(quickReply).where(eq(quickReply.id, id)).returning();
    if (!row) throw notFound('quick_reply');
    await writeOpLog(tx, req, { action: 'quick.del', targetType: 'quick_reply', targetId: id, before: view(row) });
    return null;
  });
}

/**
 * The replies of a purpose for insertion: those in `language` first (by sort, then title), then the other languages'
 * (a reply written only in English still helps a Vietnamese-speaking collector). At most 200.
 */
export async function quickRepliesFor(db: Db, purpose: QuickPurpose, language: LangCode): Promise<QuickRow[]> {
  const lang = LANG_CODES.includes(language) ? language : 'en';
  const rows = await db.select().from(quickReply).where(and(eq(quickReply.purpose, purpose)))
    .orderBy(sql`case when ${quickReply.language} = ${lang} then 0 else 1 end`, asc(quickReply.sort), asc(quickReply.title), asc(quickReply.id)).limit(200);
  return rows.map(view);
}
