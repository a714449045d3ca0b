import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IMPORT_MAX_ROWS, SOURCE_HEADERS, type ImportReport, type sourceBody, type sourceEditBody } from '../../../schemas/pool';
import { NONCE_RE, SIGNATURE_WINDOW_MS } from '../../../schemas/intake';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { readSheet, SheetError } from '../blacklist/sheet';
import { customer } from '../client/client.table';
import { isUniqueViolation } from '../empower/scope';
import { unauthenticated } from '../intake/auth';
import { marketOf } from '../intake/customers';
import { normalisePhone, validPhone } from '../intake/identity';
import { newSecret, openSecret, sealSecret, secretHint } from '../intake/secrets';
import { checkTimestamp, sha256Hex, signatureMatches } from '../intake/signature';
import { writeOpLog } from '../log/oplog';
import { merchant } from '../merchant/merchant.table';
import { poolEntry, poolLead, poolSource, poolSourceNonce } from './pool.table';
import { invalidField, notFound, scopedMerchant, inMerchantScope } from './rules';
import type { PoolCtx } from './claims';

/**
 * External sources (/exogenousSources, docs/pool.md "External customers"): partners that send leads by file or by a
 * signed API. The secret is shown once and stored sealed like the intake app secrets (intake/secrets.ts); requests
 * are signed the same way (intake/signature.ts) and a nonce is accepted once. Routing rules: a phone that is already
 * a customer of the merchant is not a lead (recorded as such, no entry); a phone already received is skipped or
 * refreshed by the source's rule; a new lead goes into the public pool or is left for marketing.
 */

type SourceRow = typeof poolSource.$inferSelect;

const sourceView = (s: SourceRow) => ({
  id: s.id, merchant_id: s.merchantId, code: s.code, name: s.name, route_to: s.routeTo, on_duplicate: s.onDuplicate, enabled: s.enabled,
  api_key: s.apiKey, secret_hint: s.secretHint,
});

async function scopedSource(db: DbOrTx, ctx: PoolCtx, id: number): Promise<SourceRow> {
  const [s] = await db.select().from(poolSource).where(eq(poolSource.id, id));
  if (!s || !inMerchantScope(ctx.actor, s.merchantId)) throw notFound('source');
  return s;
}

const newApiKey = () => `src_${crypto.randomBytes(12).toString('hex')}`;

/** Adds a source; the answer carries the secret, which is never shown again. */
export async function addSource(ctx: PoolCtx, body: z.infer<typeof sourceBody>) {
  const { deps, req, actor } = ctx;
  await scopedMerchant(deps.db, actor, body.merchant_id);
  const secret = newSecret();
  const sealed = await sealSecret(deps.db, secret);
  try {
    return await deps.db.transaction(async (tx) => {
      const [s] = await tx.insert(poolSource).values({
        merchantId: body.merchant_id, code: body.code, name: body.name, routeTo: body.route_to, onDuplicate: body.on_duplicate, enabled: body.enabled,
        apiKey: newApiKey(), secretSealed: sealed, secretHint: secretHint(secret),
      }).returning();
      await writeOpLog(tx, req, { action: 'exogenous.source.add', targetType: 'pool_source', targetId: s.id, after: sourceView(s) });
      return { ...sourceView(s), secret };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalidField('code', 'pool.sourceCodeTaken', { code: body.code });
    throw err;
  }
}

export async function editSource(ctx: PoolCtx, body: z.infer<typeof sourceEditBody>) {
  const { deps, req } = ctx;
  const before = await scopedSource(deps.db, ctx, body.id);
  return deps.db.transaction(async (tx) => {
    const [s] = await tx.update(poolSource).set({
      name: body.name, routeTo: body.route_to, onDuplicate: body.on_duplicate, enabled: body.enabled, updatedAt: sql`now()`,
    }).where(eq(poolSource.id, before.id)).returning();
    await writeOpLog(tx, req, { action: 'exogenous.source.edit', targetType: 'pool_source', targetId: s.id, before: sourceView(before), after: sourceView(s) });
    return sourceView(s);
  });
}

/** A new secret (shown once); the old one stops working at once. */
export async function rotateSource(ctx: PoolCtx, id: number) {
  const { deps, req } = ctx;
  const before = await scopedSource(deps.db, ctx, id);
  const secret = newSecret();
  const sealed = await sealSecret(deps.db, secret);
  return deps.db.transaction(async (tx) => {
    const [s] = await tx.update(poolSource).set({ secretSealed: sealed, secretHint: secretHint(secret), updatedAt: sql`now()` })
      .where(eq(poolSource.id, before.id)).returning();
    await writeOpLog(tx, req, { action: 'exogenous.source.rotate', targetType: 'pool_source', targetId: s.id, before: sourceView(before), after: sourceView(s) });
    return { ...sourceView(s), secret };
  });
}

// ------------------------------------------------------------------------------------------------ leads

export interface LeadItem {
  row: number;
  phone: string;
  name?: string;
  remark?: string;
}

const CHUNK = 1000;

/**
 * Applies the routing rules to a batch of leads of one source (inside the caller's transaction) and reports every
 * row. Existing customers and leads are read in chunks, new leads written in chunks: an import of 10,000 rows is a
 * few dozen statements, not tens of thousands.
 */
export async function ingestLeads(tx: DbOrTx, source: SourceRow, items: LeadItem[], via: 'file' | 'api', now: Date): Promise<ImportReport> {
  const [m] = await tx.select().from(merchant).where(eq(merchant.id, source.merchantId));
  const market = marketOf(m);
  const report: ImportReport = { total: items.length, added: 0, refreshed: 0, skipped: 0, refused: 0, rows: [] };
  const seen = new Set<string>();
  const good: (LeadItem & { phone: string })[] = [];
  for (const it of items) {
    const phone = normalisePhone(it.phone ?? '');
    if (!validPhone(market, phone)) { report.refused++; report.rows.push({ row: it.row, phone: it.phone ?? '', result: 'refused', reason: 'pool.badPhone' }); continue; }
    if (seen.has(phone)) { report.skipped++; report.rows.push({ row: it.row, phone, result: 'skipped', reason: 'pool.dupInFile' }); continue; }
    seen.add(phone);
    good.push({ ...it, phone, name: (it.name ?? '').slice(0, 100), remark: (it.remark ?? '').slice(0, 200) });
  }
  for (let i = 0; i < good.length; i += CHUNK) {
    const part = good.slice(i, i + CHUNK);
    const phones = part.map((p) => p.phone);
    const customers = new Map((await tx.select({ id: customer.id, phone: customer.phone }).from(customer)
      .where(and(eq(customer.merchantId, source.merchantId), inArray(customer.phone, phones)))).map((c) => [c.phone, c.id]));
    const leads = new Map((await tx.select({ id: poolLead.id, phone: poolLead.phone }).from(poolLead)
      .where(and(eq(poolLead.merchantId, source.merchantId), inArray(poolLead.phone, phones)))).map((l) => [l.phone, l.id]));
    const fresh: typeof part = [];
    for (const it of part) {
      const customerId = customers.get(it.phone);
      const leadId = leads.get(it.phone);
      if (leadId !== undefined) {
        if (source.onDuplicate === 'refresh') {
          await tx.update(poolLead).set({ name: it.name || sql`${poolLead.name}`, remark: it.remark || sql`${poolLead.remark}`, receivedAt: now, updatedAt: sql`now()` })
            .where(eq(poolLead.id, leadId));
          report.refreshed++;
          report.rows.push({ row: it.row, phone: it.phone, result: 'refreshed', reason: 'pool.existingLead' });
        } else {
          report.skipped++;
          report.rows.push({ row: it.row, phone: it.phone, result: 'skipped', reason: 'pool.existingLead' });
        }
      } else if (customerId !== undefined) {
        // Recorded (the partner sent it) but not a lead: the customer is already the merchant's.
        await tx.insert(poolLead).values({
          merchantId: source.merchantId, sourceId: source.id, phone: it.phone, name: it.name ?? '', remark: it.remark ?? '', status: 'customer', customerId, via, receivedAt: now,
        }).onConflictDoNothing();
        report.skipped++;
        report.rows.push({ row: it.row, phone: it.phone, result: 'skipped', reason: 'pool.existingCustomer' });
      } else fresh.push(it);
    }
    if (!fresh.length) continue;
    const inserted = await tx.insert(poolLead).values(fresh.map((it) => ({
      merchantId: source.merchantId, sourceId: source.id, phone: it.phone, name: it.name ?? '', remark: it.remark ?? '', status: source.routeTo, via, receivedAt: now,
    }))).onConflictDoNothing().returning({ id: poolLead.id, phone: poolLead.phone, name: poolLead.name });
    const byPhone = new Map(inserted.map((l) => [l.phone, l]));
    if (source.routeTo === 'pool' && inserted.length) {
      await tx.insert(poolEntry).values(inserted.map((l) => ({
        merchantId: source.merchantId, leadId: l.id, phone: l.phone, name: l.name, segment: 'lead', inPool: true, status: 'open', enteredAt: now,
      }))).onConflictDoNothing();
    }
    for (const it of fresh) {
      if (byPhone.has(it.phone)) { report.added++; report.rows.push({ row: it.row, phone: it.phone, result: 'added', reason: '' }); } else {
        // Another import of the same phone committed first.
        report.skipped++;
        report.rows.push({ row: it.row, phone: it.phone, result: 'skipped', reason: 'pool.existingLead' });
      }
    }
  }
  report.rows.sort((a, b) => a.row - b.row);
  return report;
}

/**
 * A file import (multipart: `source_id`, then `file`, CSV or XLSX with a header row: phone, name, remark). The whole
 * file is read and checked first (the shared sheet reader, blacklist/sheet.ts): a malformed file is refused with
 * 40000 and writes nothing; the rows are then applied in one transaction and reported one by one.
 */
export async function importFile(ctx: PoolCtx): Promise<ImportReport> {
  const { deps, req } = ctx;
  if (!req.isMultipart()) throw invalidField('file', 'pool.fileMissing');
  const part = await req.file();
  if (!part) throw invalidField('file', 'pool.fileMissing');
  const buf = await part.toBuffer().catch(() => null);
  if (!buf || part.file.truncated) throw invalidField('file', 'pool.fileTooLarge');
  const raw = (part.fields.source_id as { value?: unknown } | undefined)?.value;
  const sourceId = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(sourceId) || sourceId <= 0) throw invalidField('source_id', 'pool.sourceMissing');
  const source = await scopedSource(deps.db, ctx, sourceId);
  let sheet;
  try {
    sheet = await readSheet(buf, ['phone', 'name', 'remark'], ['phone'], IMPORT_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetError) throw invalidField('file', err.messageId, err.values);
    throw err;
  }
  const items = sheet.rows.map((r) => ({ row: r.line, phone: r.cells.phone ?? '', name: r.cells.name, remark: r.cells.remark }));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const report = await ingestLeads(tx, source, items, 'file', now);
    await writeOpLog(tx, req, {
      action: 'exogenous.import', targetType: 'pool_source', targetId: source.id,
      after: { file: part.filename, total: report.total, added: report.added, refreshed: report.refreshed, skipped: report.skipped, refused: report.refused },
    });
    return report;
  });
}

// ------------------------------------------------------------------------------------------------ signed API

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * The source of a signed request (the intake scheme: HMAC-SHA256 over method, path, timestamp, nonce and the body's
 * hash, with the source's secret), or 40100: unknown or disabled key, stale timestamp, bad signature, replayed nonce.
 * The nonce is recorded only once the signature holds, so nobody can burn another source's nonces.
 */
export async function authenticateSource(deps: Deps, req: FastifyRequest & { rawBody?: Buffer }): Promise<SourceRow> {
  const key = header(req, SOURCE_HEADERS.key);
  const timestamp = header(req, SOURCE_HEADERS.timestamp);
  const nonce = header(req, SOURCE_HEADERS.nonce);
  const signature = header(req, SOURCE_HEADERS.signature);
  if (!key || !timestamp || !nonce || !signature || key.length > 40 || !NONCE_RE.test(nonce)) throw unauthenticated('pool.signatureMissing');
  const [s] = await deps.db.select().from(poolSource).where(eq(poolSource.apiKey, key));
  if (!s || !s.enabled) throw unauthenticated('pool.sourceUnknown');
  const nowMs = deps.now().getTime();
  if (checkTimestamp(timestamp, nowMs) !== 'ok') throw unauthenticated('pool.signatureStale');
  const secret = await openSecret(deps.db, s.secretSealed);
  const parts = { method: req.method, path: req.url, timestamp, nonce, bodySha256: sha256Hex(req.rawBody ?? Buffer.alloc(0)) };
  if (!secret || !signatureMatches(secret, parts, signature)) throw unauthenticated('pool.signatureBad');
  const [fresh] = await deps.db.insert(poolSourceNonce).values({ sourceId: s.id, nonce, createdAt: new Date(nowMs) }).onConflictDoNothing().returning();
  if (!fresh) throw unauthenticated('pool.replay');
  // Nonces older than the window can never be replayed (the timestamp check refuses them): sweep a few.
  await deps.db.delete(poolSourceNonce).where(and(eq(poolSourceNonce.sourceId, s.id), lt(poolSourceNonce.createdAt, new Date(nowMs - 2 * SIGNATURE_WINDOW_MS))));
  return s;
}

export async function pushLeads(deps: Deps, source: SourceRow, leads: { phone: string; name?: string; remark?: string }[]): Promise<ImportReport> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => ingestLeads(tx, source, leads.map((l, i) => ({ row: i + 1, ...l })), 'api', now));
}

