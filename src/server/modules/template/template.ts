import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CODE } from '../../../schemas/common';
import {
  SAMPLE_VALUES, TEMPLATE_LIMITS, unknownVariables, type TemplateKind, type TemplatePreview, type templateAddBody, type templateEditBody,
} from '../../../schemas/template';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/session';
import { scopedMerchant } from '../blacklist/entries';
import { isUniqueViolation, isUnscoped } from '../empower/scope';
import { writeOpLog } from '../log/oplog';
import { render } from '../sms/templates';
import { escapeHtml, sanitizeHtml } from './sanitize';
import { template } from './template.table';

/**
 * Writes, checks and rendering of the template area (docs/template.md). A merchant's template is its staff's to
 * change (another merchant's id answers 40400 like a missing one); a global template (no merchant) only an
 * unscoped administrator's. Rendering reuses the SMS engine's `render`, so `{x}` and `{{`/`}}` mean the same in
 * both; H5 values are escaped before they go in and the result is sanitised after.
 */

export interface TemplateCtx { deps: Deps; req: FastifyRequest; actor: Actor }
type Row = typeof template.$inferSelect;

const notFound = () => new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@template.what' });
const globalOnly = () => new AppError(CODE.FORBIDDEN, 'template.globalOnlyAdmin', {}, 200, [{ path: 'merchant_id', id: 'template.globalOnlyAdmin', values: {} }]);
const enabledConflict = () => new AppError(CODE.CONFLICT, 'template.enabledConflict', {}, 200, [{ path: 'enabled', id: 'template.enabledConflict', values: {} }]);

/** 40000 with one issue per unknown variable, each naming it and the kind's variables. */
export function assertVariables(body: string, kind: TemplateKind): void {
  const bad = unknownVariables(body, kind);
  if (bad.length === 0) return;
  const issues = bad.map((b) => ({ path: 'body', id: 'template.unknownVariable', values: { name: b.name, allowed: b.allowed } }));
  throw new AppError(CODE.VALIDATION, 'template.unknownVariable', issues[0].values, 200, issues);
}

function assertLength(body: string, kind: TemplateKind): void {
  const max = kind === 'sms' ? TEMPLATE_LIMITS.smsBody : TEMPLATE_LIMITS.h5Body;
  if (body.length > max) throw new AppError(CODE.VALIDATION, 'template.validation.tooLong', { max }, 200, [{ path: 'body', id: 'template.validation.tooLong', values: { max } }]);
}

/** An H5 body with its values: values escaped (they are text), then the whole reduced to the allowed HTML. */
export function renderH5(body: string, values: Record<string, string | null | undefined>): string {
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v == null ? '' : escapeHtml(v)]));
  return sanitizeHtml(render(body, escaped));
}

export function previewTemplate(kind: TemplateKind, body: string): TemplatePreview {
  const unknown = unknownVariables(body, kind);
  if (kind === 'sms') return { kind, html: null, text: render(body, SAMPLE_VALUES), unknown };
  return { kind, html: renderH5(body, SAMPLE_VALUES), text: null, unknown };
}

const view = (r: Row) => ({ id: r.id, merchant_id: r.merchantId, kind: r.kind, lang: r.lang, title: r.title, body: r.body, enabled: r.enabled });

/** The row, if the actor may change it (40400 for another merchant's, 40300 for a global one and a scoped actor). */
async function writable(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<Row> {
  const q = db.select().from(template).where(eq(template.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  if (row.merchantId === null) {
    if (!isUnscoped(actor)) throw globalOnly();
  } else if (!isUnscoped(actor) && !actor.merchantIds.includes(row.merchantId)) throw notFound();
  return row;
}

/** Switches off the other enabled template of the same merchant, kind and language (the one being enabled wins). */
async function switchOthersOff(tx: DbOrTx, req: FastifyRequest, r: Pick<Row, 'id' | 'merchantId' | 'kind' | 'lang'>, now: Date): Promise<void> {
  const off = await tx.update(template).set({ enabled: false, updatedAt: now, updatedBy: req.actor?.accountId ?? null })
    .where(and(sql`coalesce(${template.merchantId}, 0) = ${r.merchantId ?? 0}`, eq(template.kind, r.kind), eq(template.lang, r.lang), eq(template.enabled, true), ne(template.id, r.id)))
    .returning({ id: template.id });
  for (const o of off) await writeOpLog(tx, req, { action: 'template.disable', targetType: 'template', targetId: o.id, after: { enabled: false, replaced_by: r.id } });
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e, 'template_enabled_uq')) throw enabledConflict();
    throw e;
  }
}

export async function addTemplate(c: TemplateCtx, b: z.infer<typeof templateAddBody>): Promise<{ id: number }> {
  const merchantId = b.merchant_id ?? null;
  if (merchantId === null) {
    if (!isUnscoped(c.actor)) throw globalOnly();
  } else await scopedMerchant(c.deps.db, c.actor, merchantId);
  assertLength(b.body, b.kind);
  assertVariables(b.body, b.kind);
  const now = c.deps.now();
  return guarded(() => c.deps.db.transaction(async (tx) => {
    const [r] = await tx.insert(template).values({
      merchantId, kind: b.kind, lang: b.lang, title: b.title, body: b.body, enabled: false,
      createdBy: c.actor.accountId, updatedBy: c.actor.accountId, createdAt: now, updatedAt: now,
    }).returning();
    if (b.enabled) {
      await switchOthersOff(tx, c.req, r, now);
      await tx.update(template).set({ enabled: true }).where(eq(template.id, r.id));
    }
    await writeOpLog(tx, c.req, { action: 'template.add', targetType: 'template', targetId: r.id, after: { ...view(r), enabled: b.enabled } });
    return { id: r.id };
  }));
}

export async function editTemplate(c: TemplateCtx, b: z.infer<typeof templateEditBody>): Promise<{ id: number }> {
  const before = await writable(c.deps.db, c.actor, b.id);
  const kind = before.kind as TemplateKind;
  assertLength(b.body, kind);
  assertVariables(b.body, kind);
  return guarded(() => c.deps.db.transaction(async (tx) => {
    const [r] = await tx.update(template).set({ lang: b.lang, title: b.title, body: b.body, updatedBy: c.actor.accountId, updatedAt: c.deps.now() })
      .where(eq(template.id, b.id)).returning();
    await writeOpLog(tx, c.req, { action: 'template.edit', targetType: 'template', targetId: r.id, before: view(before), after: view(r) });
    return { id: r.id };
  }));
}

export async function setEnabled(c: TemplateCtx, id: number, enabled: boolean): Promise<{ id: number; enabled: boolean }> {
  return guarded(() => c.deps.db.transaction(async (tx) => {
    const before = await writable(tx, c.actor, id, true);
    if (before.enabled === enabled) return { id, enabled };
    const now = c.deps.now();
    if (enabled) await switchOthersOff(tx, c.req, before, now);
    await tx.update(template).set({ enabled, updatedBy: c.actor.accountId, updatedAt: now }).where(eq(template.id, id));
    await writeOpLog(tx, c.req, { action: enabled ? 'template.enable' : 'template.disable', targetType: 'template', targetId: id, before: { enabled: before.enabled }, after: { enabled } });
    return { id, enabled };
  }));
}

export async function removeTemplate(c: TemplateCtx, id: number): Promise<{ id: number }> {
  return c.deps.db.transaction(async (tx) => {
    const before = await writable(tx, c.actor, id, true);
    await tx.delete(template).where(eq(template.id, id));
    await writeOpLog(tx, c.req, { action: 'template.del', targetType: 'template', targetId: id, before: view(before) });
    return { id };
  });
}

/** The enabled template of a kind for a merchant in a language: its own, else the global one, else none. */
export async function enabledTemplate(db: DbOrTx, merchantId: number, kind: TemplateKind, lang: string): Promise<Row | null> {
  const rows = await db.select().from(template)
    .where(and(eq(template.kind, kind), eq(template.lang, lang), eq(template.enabled, true), sql`(${template.merchantId} = ${merchantId} or ${template.merchantId} is null)`))
    .orderBy(sql`${template.merchantId} is null`, asc(template.id));
  return rows[0] ?? null;
}
