import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../schemas/common';
import { proofUploadFields } from '../../../schemas/repayment';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { adminAccount } from '../empower/empower.table';
import { invalid } from '../intake/customers';
import { writeOpLog } from '../log/oplog';
import { acceptImage } from '../system/imageCheck';
import { uploadedFile } from '../system/system.table';
import { repayment, repaymentProof } from './repayment.table';

/**
 * Vouchers of manual repayments (spec §3 "repayment proof"): uploaded first (an image, its kind), then named by the
 * manual repayment that uses them, which accepts them; revoking that repayment marks them revoked.
 */

export interface ProofRow {
  id: number;
  repayment_id: number | null;
  file_url: string;
  proof_type: string;
  result: string;
  uploader_id: number | null;
  uploader_name: string | null;
  created_at: string;
}

/** POST proof/upload: multipart `proof_type` (before the file) and `file` (jpeg or png by its bytes). */
export async function uploadProof(deps: Deps, req: FastifyRequest, maxBytes: number): Promise<{ id: number; file_url: string }> {
  if (!req.isMultipart()) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
  const part = await req.file();
  if (!part) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
  const buf = await part.toBuffer().catch(() => null);
  if (!buf || part.file.truncated) throw new AppError(CODE.VALIDATION, 'error.imageTooLarge', { size: maxBytes / 1024 / 1024 });
  const kind = acceptImage(buf, part.filename);
  const typeField = part.fields.proof_type as { value?: unknown } | undefined;
  const fields = proofUploadFields.safeParse({ proof_type: typeof typeField?.value === 'string' && typeField.value ? typeField.value : undefined });
  if (!fields.success) throw invalid('proof_type', 'repayment.proofTypeInvalid');
  const month = deps.now().toISOString().slice(0, 7);
  const key = `${month}/${crypto.randomUUID()}.${kind.ext}`;
  fs.mkdirSync(path.join(deps.filesDir, month), { recursive: true });
  fs.writeFileSync(path.join(deps.filesDir, key), buf);
  const fileUrl = `/files/${key}`;
  const actorId = req.actor!.accountId;
  return deps.db.transaction(async (tx) => {
    const [file] = await tx.insert(uploadedFile).values({ storageKey: key, mime: kind.mime, bytes: buf.length, signType: 'repayment_proof', uploaderId: actorId })
      .returning({ id: uploadedFile.id });
    const [proof] = await tx.insert(repaymentProof).values({
      fileId: file.id, fileUrl, proofType: fields.data.proof_type, result: '', uploaderId: actorId, createdAt: deps.now(),
    }).returning({ id: repaymentProof.id });
    await writeOpLog(tx, req, { action: 'repayment.proofUpload', targetType: 'repayment_proof', targetId: proof.id, after: { file_url: fileUrl, proof_type: fields.data.proof_type } });
    return { id: proof.id, file_url: fileUrl };
  });
}

/**
 * Locks the vouchers a manual repayment names: each must exist, be the actor's own upload and not be used yet
 * (40000 on `proof_ids` otherwise, nothing changed).
 */
export async function lockUnusedProofs(tx: DbOrTx, ids: readonly number[], uploaderId: number): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await tx.select().from(repaymentProof).where(inArray(repaymentProof.id, unique)).orderBy(asc(repaymentProof.id)).for('update');
  const usable = rows.filter((p) => p.uploaderId === uploaderId && p.result === '' && p.repaymentId === null);
  if (usable.length !== unique.length) throw invalid('proof_ids', 'repayment.proofUnusable');
  return unique;
}

/** Marks vouchers accepted by a repayment. */
export async function acceptProofs(tx: DbOrTx, ids: readonly number[], repaymentId: number): Promise<void> {
  await tx.update(repaymentProof).set({ result: 'accepted', repaymentId }).where(inArray(repaymentProof.id, [...ids]));
}

/** Marks the vouchers of a revoked repayment revoked. */
export async function revokeProofs(tx: DbOrTx, repaymentId: number): Promise<number> {
  const rows = await tx.update(repaymentProof).set({ result: 'revoked' })
    .where(and(eq(repaymentProof.repaymentId, repaymentId), eq(repaymentProof.result, 'accepted'))).returning({ id: repaymentProof.id });
  return rows.length;
}

/** The vouchers of a repayment in the actor's merchants (40400 outside them), oldest first. */
export async function proofsOf(db: DbOrTx, repaymentId: number, merchantIds: readonly number[] | null): Promise<ProofRow[]> {
  const [r] = await db.select({ merchantId: repayment.merchantId }).from(repayment).where(eq(repayment.id, repaymentId));
  if (!r || (merchantIds && !merchantIds.includes(r.merchantId))) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: '@repayment.record' });
  const rows = await db.select({ p: repaymentProof, name: adminAccount.name }).from(repaymentProof)
    .leftJoin(adminAccount, eq(adminAccount.id, repaymentProof.uploaderId))
    .where(eq(repaymentProof.repaymentId, repaymentId)).orderBy(asc(repaymentProof.id));
  return rows.map(({ p, name }) => ({
    id: p.id, repayment_id: p.repaymentId, file_url: p.fileUrl, proof_type: p.proofType, result: p.result, uploader_id: p.uploaderId,
    uploader_name: name, created_at: p.createdAt.toISOString(),
  }));
}
