import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { translate } from '../../i18n';
import { LANG_BY_CODE } from '../../../schemas/i18n';
import { adminAccount } from '../empower/empower.table';
import { signedFileLink } from './fileLinks';
import { HTML, REAL_JPEG, REAL_PNG } from './testImages';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

async function upload(token: string | null, file: Buffer, name: string, lang = '100') {
  const boundary = `----b${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="sign_type"\r\n\r\navatar\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url: '/loanapi/upload/auto_image', payload,
    headers: { ...(token ? { authorization: token } : {}), 'lang-code': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json() as { code: number; msg: string; data: { file_url: string } | null };
}

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'lang-code': '100' } });
const LINK = /^\/files\/\d{4}-\d{2}\/[0-9a-f-]{36}\.(png|jpg)\?exp=\d+&sig=[A-Za-z0-9_-]+$/;

describe('upload: the whole file must be an image', () => {
  it('refuses PNG or JPEG magic bytes followed by HTML, worded in the caller\'s language', async () => {
    const png = await upload(admin, Buffer.concat([REAL_PNG.subarray(0, 8), HTML]), 'x.png', '200');
    expect(png).toMatchObject({ code: 40000, msg: translate(LANG_BY_CODE.zh, 'error.imageInvalid'), data: null });
    expect(png.msg).not.toBe('error.imageInvalid');
    const jpeg = await upload(admin, Buffer.concat([REAL_JPEG, HTML]), 'x.jpg');
    expect(jpeg).toMatchObject({ code: 40000, msg: translate(LANG_BY_CODE.en, 'error.imageInvalid') });
  });

  it('accepts a real PNG and a real JPEG and answers a signed link that serves them with nosniff', async () => {
    for (const [file, name, type] of [[REAL_PNG, 'a.png', 'image/png'], [REAL_JPEG, 'b.JPEG', 'image/jpeg']] as const) {
      const up = await upload(admin, file, name);
      expect(up.code).toBe(20000);
      expect(up.data!.file_url).toMatch(LINK);
      const res = await fetchFile(up.data!.file_url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.(png|jpg)"$/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.rawPayload.equals(file)).toBe(true);
    }
  });

  it('still needs a session to upload', async () => {
    expect((await upload(null, REAL_PNG, 'a.png')).code).not.toBe(20000);
  });
});

describe('file links', () => {
  let link: string;
  beforeAll(async () => {
    link = (await upload(admin, REAL_PNG, 'a.png')).data!.file_url;
  });

  it('refuses the bare path, a tampered signature and another file\'s signature (403 envelope)', async () => {
    const bare = link.split('?')[0];
    for (const url of [bare, link.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')), link.replace(/exp=(\d+)/, (_s, e) => `exp=${Number(e) + 600}`)]) {
      const res = await fetchFile(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 40300, msg: translate(LANG_BY_CODE.en, 'error.fileLinkInvalid') });
      expect(res.rawPayload.includes(REAL_PNG.subarray(0, 8))).toBe(false);
    }
    const other = (await upload(admin, REAL_JPEG, 'b.jpg')).data!.file_url;
    const res = await fetchFile(`${bare}?${other.split('?')[1]}`);
    expect(res.statusCode).toBe(403);
  });

  it('refuses an expired link, and a fresh answer carries a new one', async () => {
    t.clock.advance(3 * 3600 * 1000);
    try {
      const res = await fetchFile(link);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 40300, msg: translate(LANG_BY_CODE.en, 'error.fileLinkExpired') });
    } finally {
      t.clock.advance(-3 * 3600 * 1000);
    }
  });

  it('signs the file name: the link of one name does not open another', async () => {
    const res = await fetchFile(link.replace(/\/[0-9a-f-]{36}\./, '/00000000-0000-4000-8000-000000000000.'));
    expect(res.statusCode).toBe(403);
  });

  it('answers a 404 envelope for a well-signed link to a file that is not there, and for a malformed name', async () => {
    const gone = await fetchFile(await signedFileLink(t.app.deps, '2000-01/00000000-0000-4000-8000-000000000000.png'));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 40400 });
    const malformed = await fetchFile('/files/2000-01/not-a-file.png');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 40400 });
  });

  it('stores the plain path when a form saves a link it was given, and hands it out signed elsewhere', async () => {
    const saved = await t.post(admin, '/loanapi/account/edit_profile', { nickname: 'Admin', avatar: link });
    expect(saved.code).toBe(20000);
    const [row] = await t.db.select({ avatar: adminAccount.avatar }).from(adminAccount).where(eq(adminAccount.account, 'admin'));
    expect(row.avatar).toBe(link.split('?')[0]);
    const info = await t.get(admin, '/loanapi/account/get_userinfo');
    expect(info.data.avatar).toMatch(LINK);
    expect((await fetchFile(info.data.avatar)).statusCode).toBe(200);
  });

  it('does not unsign a forged link sent in a body', async () => {
    const forged = link.replace(/sig=[A-Za-z0-9_-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAA');
    await t.post(admin, '/loanapi/account/edit_profile', { nickname: 'Admin', avatar: forged });
    const info = await t.get(admin, '/loanapi/account/get_userinfo');
    expect(info.data.avatar).toBe(forged);
    expect((await fetchFile(info.data.avatar)).statusCode).toBe(403);
  });
});
