import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CODE } from '../../../schemas/common';
import { UPLOAD_MAX_BYTES } from '../../../schemas/system';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { PUBLIC, SIGNED_IN, route } from '../../http';
import { checkFileLink, fileLinkHooks } from './fileLinks';
import { acceptImage } from './imageCheck';
import { uploadedFile } from './system.table';

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', mp4: 'video/mp4' };

export function uploadRoutes(app: FastifyInstance, d: Deps): void {
  fileLinkHooks(app, d);

  route(app, { method: 'POST', url: '/loanapi/upload/auto_image', permission: SIGNED_IN }, async ({ req }) => {
    if (!req.isMultipart()) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
    const part = await req.file();
    if (!part) throw new AppError(CODE.VALIDATION, 'error.uploadNoFile');
    const buf = await part.toBuffer().catch(() => null);
    if (!buf || part.file.truncated) throw new AppError(CODE.VALIDATION, 'error.imageTooLarge', { size: UPLOAD_MAX_BYTES / 1024 / 1024 });
    const kind = acceptImage(buf, part.filename);
    const signField = part.fields.sign_type as { value?: unknown } | undefined;
    const signType = typeof signField?.value === 'string' ? signField.value.slice(0, 40) : '';
    const month = d.now().toISOString().slice(0, 7);
    const key = `${month}/${crypto.randomUUID()}.${kind.ext}`;
    fs.mkdirSync(path.join(d.filesDir, month), { recursive: true });
    fs.writeFileSync(path.join(d.filesDir, key), buf);
    await d.db.insert(uploadedFile).values({ storageKey: key, mime: kind.mime, bytes: buf.length, signType, uploaderId: req.actor!.accountId });
    // The stored path; the answer carries it signed (fileLinkHooks), and a form that saves it back is unsigned again.
    return { file_url: `/files/${key}` };
  });

  // Public by route, guarded by the link: an <img> tag cannot send the session header (docs/uploads.md).
  app.get('/files/:month/:name', { config: { permission: PUBLIC } }, async (req, reply) => {
    const { month, name } = req.params as { month: string; name: string };
    const { exp, sig } = req.query as { exp?: unknown; sig?: unknown };
    const ext = /^[0-9a-f-]{36}\.(jpg|png|mp4)$/.exec(name)?.[1];
    if (!/^\d{4}-\d{2}$/.test(month) || !ext) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: req.url.split('?')[0] }, 404);
    const key = `${month}/${name}`;
    const verdict = typeof exp === 'string' && typeof sig === 'string' ? await checkFileLink(d, key, exp, sig) : 'forged';
    if (verdict !== 'ok') throw new AppError(CODE.FORBIDDEN, verdict === 'expired' ? 'error.fileLinkExpired' : 'error.fileLinkInvalid', {}, 403);
    const file = path.join(d.filesDir, month, name);
    if (!fs.existsSync(file)) throw new AppError(CODE.NOT_FOUND, 'error.notFound', { what: `/files/${key}` }, 404);
    const maxAge = Math.max(0, Number(exp) - Math.floor(d.now().getTime() / 1000));
    return reply
      .type(MIME[ext])
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${name}"`)
      // Opened on its own the file is a document: it gets no script, no plugins, no origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', `private, max-age=${maxAge}`)
      .send(fs.createReadStream(file));
  });
}
