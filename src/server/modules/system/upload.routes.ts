import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CODE } from '../../../schemas/common';
import { UPLOAD_MAX_BYTES } from '../../../schemas/system';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, SIGNED_IN, route } from '../../http';
import { uploadedFile } from './system.table';

/** The file's first bytes decide its type, not its name: a renamed executable is not an image. */
function sniff(buf: Buffer): { mime: string; ext: string } | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  return null;
}

export function uploadRoutes(app: FastifyInstance, d: Deps): void {
  route(app, { method: 'POST', url: '/loanapi/upload/auto_image', permission: SIGNED_IN }, async ({ req }) => {
    if (!req.isMultipart()) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
    const part = await req.file();
    if (!part) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
    const buf = await part.toBuffer().catch(() => null);
    if (!buf || part.file.truncated) throw new AppError(CODE.VALIDATION, 'error.imageTooLarge', { size: UPLOAD_MAX_BYTES / 1024 / 1024 });
    const kind = sniff(buf);
    const declared = path.extname(part.filename).slice(1).toLowerCase();
    if (!kind || !['jpeg', 'jpg', 'png'].includes(declared)) throw new AppError(CODE.VALIDATION, 'error.imageType');
    const signField = part.fields.sign_type as { value?: unknown } | undefined;
    const signType = typeof signField?.value === 'string' ? signField.value.slice(0, 40) : '';
    const month = d.now().toISOString().slice(0, 7);
    const key = `${month}/${crypto.randomUUID()}.${kind.ext}`;
    fs.mkdirSync(path.join(d.filesDir, month), { recursive: true });
    fs.writeFileSync(path.join(d.filesDir, key), buf);
    await d.db.insert(uploadedFile).values({ storageKey: key, mime: kind.mime, bytes: buf.length, signType, uploaderId: req.actor!.accountId });
    return { file_url: `/files/${key}` };
  });

  // Served by unguessable name (a random UUID): an <img> tag cannot send the session header.
  app.get('/files/:month/:name', { config: { permission: PUBLIC } }, async (req, reply) => {
    const { month, name } = req.params as { month: string; name: string };
    if (!/^\d{4}-\d{2}$/.test(month) || !/^[0-9a-f-]{36}\.(jpg|png|mp4)$/.test(name)) return reply.status(404).send();
    const file = path.join(d.filesDir, month, name);
    if (!fs.existsSync(file)) return reply.status(404).send();
    const type = name.endsWith('.png') ? 'image/png' : name.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg';
    return reply.type(type).header('cache-control', 'private, max-age=86400').send(fs.createReadStream(file));
  });
}
