import fs from 'node:fs';
import path from 'node:path';
import archiver, { type Archiver } from 'archiver';
import type { CustomerDetail } from '../../../schemas/customer';
import type { DocumentsManifest, ManifestEntry } from '../../../schemas/statement';

/** A stored document path, as the upload routes write them (docs/uploads.md). */
const STORED = /^\/files\/(\d{4}-\d{2})\/([0-9a-f-]{36}\.(jpg|png|mp4))$/;

export interface ZipPlan {
  manifest: DocumentsManifest;
  /** Entries with a file on disk, in manifest order. */
  files: { name: string; file: string }[];
}

/**
 * What the customer's documents zip holds: the ID photos, selfie, face photo and videos of the customer detail,
 * named by kind (`id_front.png`, `video-2.mp4`), each sized from the disk. A stored path whose file is gone is listed
 * in the manifest with size null and not zipped, so staff see what is missing instead of a silently short archive.
 */
export async function planDocumentsZip(filesDir: string, customer: { id: number; code: string }, docs: CustomerDetail['documents'], now: Date): Promise<ZipPlan> {
  const used = new Map<string, number>();
  const entries: ManifestEntry[] = [];
  const files: ZipPlan['files'] = [];
  for (const d of [...docs.photos, ...docs.videos]) {
    const m = STORED.exec(d.url);
    const ext = m?.[3] ?? (path.extname(d.url).slice(1).replace(/[^a-z0-9]/gi, '') || 'bin');
    const kind = d.kind.replace(/[^A-Za-z0-9_-]/g, '_') || 'file';
    const n = (used.get(kind) ?? 0) + 1;
    used.set(kind, n);
    const name = `${n === 1 ? kind : `${kind}-${n}`}.${ext}`;
    const file = m ? path.join(filesDir, m[1], m[2]) : null;
    const size = file ? await fs.promises.stat(file).then((s) => (s.isFile() ? s.size : null), () => null) : null;
    entries.push({ name, kind: d.kind, source: d.url, size, uploaded_at: d.uploaded_at, uploader: d.uploader });
    if (file && size !== null) files.push({ name, file });
  }
  return { manifest: { customer_id: customer.id, customer_code: customer.code, generated_at: now.toISOString(), files: entries }, files };
}

/**
 * The zip as a stream: the manifest first, then each file read from disk as the archive is consumed (nothing is
 * held in memory but the current chunk). Photos and videos are already compressed, so entries are stored.
 */
export function streamDocumentsZip(plan: ZipPlan): Archiver {
  const zip = archiver('zip', { store: true });
  zip.append(JSON.stringify(plan.manifest, null, 2), { name: 'manifest.json', date: new Date(plan.manifest.generated_at) });
  for (const f of plan.files) zip.append(fs.createReadStream(f.file), { name: f.name, date: new Date(plan.manifest.generated_at) });
  void zip.finalize();
  return zip;
}
