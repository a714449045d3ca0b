import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actionKey, pageKey } from '../../../../commands/permissions';
import { CODE, id32 } from '../../../schemas/common';
import { dictItemBody, dictItemEditBody, dictListQuery, type DictItem, type SystemName } from '../../../schemas/system';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { PUBLIC, SIGNED_IN, route } from '../../http';
import { writeOpLog } from '../log/oplog';
import type { Lang } from '../../../schemas/i18n';
import { clockRoutes } from './clock.routes';
import { cleanLabels, localLabel } from './dictLabel';
import { dictItem, systemConfig } from './system.table';

function toItem(r: typeof dictItem.$inferSelect, lang: Lang): DictItem {
  return {
    id: r.id, dict_name: r.dictName, value: r.value, label: localLabel(r, lang), base_label: r.label, labels: cleanLabels(r.labels),
    name: r.name, el_tag_color: r.elTagColor, sort: r.sort, enabled: r.enabled,
  };
}

export async function getConfig<T>(db: DbOrTx, key: string, dflt: T): Promise<T> {
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.key, key));
  return row ? (row.value as T) : dflt;
}

async function uniqueValue(db: DbOrTx, dictName: string, value: string, exceptId?: number) {
  const [dup] = await db.select({ id: dictItem.id }).from(dictItem).where(and(eq(dictItem.dictName, dictName), eq(dictItem.value, value)));
  if (dup && dup.id !== exceptId) throw new AppError(CODE.CONFLICT, 'error.dictDuplicate', { value });
}

export function systemRoutes(app: FastifyInstance, d: Deps): void {
  clockRoutes(app, d);

  route(app, { method: 'GET', url: '/loanapi/open/get_system_name', permission: PUBLIC }, async (): Promise<SystemName> => {
    return getConfig(d.db, 'system_name', { name: d.cfg.systemName, logo: '' });
  });

  // Dictionaries are read by every screen that shows a reason or status label: any signed-in account may read.
  route(app, { method: 'GET', url: '/loanapi/dict/detail_on_list', permission: SIGNED_IN, query: dictListQuery }, async ({ req, query }) => {
    const rows = await d.db.select().from(dictItem).where(eq(dictItem.dictName, query.dict_name))
      .orderBy(asc(dictItem.sort), asc(dictItem.id)).limit(query.size).offset(query.page * query.size);
    return { rows: rows.map((r) => toItem(r, req.lang)), total: rows.length };
  });

  route(app, { method: 'GET', url: '/loanapi/dict/by_code', permission: SIGNED_IN, query: z.object({ code: z.string().trim().min(1).max(64) }) }, async ({ req, query }) => {
    const rows = await d.db.select().from(dictItem).where(and(eq(dictItem.dictName, query.code), eq(dictItem.enabled, true))).orderBy(asc(dictItem.sort), asc(dictItem.id));
    return { rows: rows.map((r) => ({ value: r.value, label: localLabel(r, req.lang), el_tag_color: r.elTagColor })) };
  });

  route(app, { method: 'GET', url: '/loanapi/dict/name_list', permission: pageKey('system', 'dict') }, async () => {
    const rows = await d.db.selectDistinct({ name: dictItem.dictName }).from(dictItem).orderBy(asc(dictItem.dictName));
    return { rows: rows.map((r) => r.name) };
  });

  route(app, { method: 'POST', url: '/loanapi/dict/detail_add', permission: actionKey('system', 'dict', 'add'), body: dictItemBody }, async ({ req, body }) => {
    await uniqueValue(d.db, body.dict_name, body.value);
    return d.db.transaction(async (tx) => {
      const [row] = await tx.insert(dictItem).values({
        dictName: body.dict_name, value: body.value, label: body.label, labels: cleanLabels(body.labels), name: body.name, elTagColor: body.el_tag_color, sort: body.sort, enabled: body.enabled,
      }).returning();
      await writeOpLog(tx, req, { action: 'dict.add', targetType: 'dict_item', targetId: row.id, after: toItem(row, req.lang) });
      return toItem(row, req.lang);
    });
  });

  route(app, { method: 'POST', url: '/loanapi/dict/detail_edit', permission: actionKey('system', 'dict', 'edit'), body: dictItemEditBody }, async ({ req, body }) => {
    const [before] = await d.db.select().from(dictItem).where(eq(dictItem.id, body.id));
    if (!before) throw notFound('dict_item');
    await uniqueValue(d.db, body.dict_name, body.value, body.id);
    return d.db.transaction(async (tx) => {
      const [row] = await tx.update(dictItem).set({
        dictName: body.dict_name, value: body.value, label: body.label, labels: cleanLabels(body.labels), name: body.name, elTagColor: body.el_tag_color, sort: body.sort, enabled: body.enabled, updatedAt: d.now(),
      }).where(eq(dictItem.id, body.id)).returning();
      await writeOpLog(tx, req, { action: 'dict.edit', targetType: 'dict_item', targetId: row.id, before: toItem(before, req.lang), after: toItem(row, req.lang) });
      return toItem(row, req.lang);
    });
  });

  // Spec §7 names this path exactly: POST api/dictItem/{id} deletes an item.
  route(app, { method: 'POST', url: '/api/dictItem/:id', permission: actionKey('system', 'dict', 'del'), params: z.object({ id: id32 }) }, async ({ req, params }) => {
    const itemId = params.id;
    const [before] = await d.db.select().from(dictItem).where(eq(dictItem.id, itemId));
    if (!before) throw notFound('dict_item');
    await d.db.transaction(async (tx) => {
      await tx.delete(dictItem).where(eq(dictItem.id, itemId));
      await writeOpLog(tx, req, { action: 'dict.del', targetType: 'dict_item', targetId: itemId, before: toItem(before, req.lang) });
    });
    return null;
  });
}
