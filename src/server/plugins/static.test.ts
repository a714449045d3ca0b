import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from '../../../tests/support/testApp';
import { precompress } from '../../../scripts/precompress';

// A bundle the size of a real chunk, so that compression pays and the plugin writes both encodings.
const JS = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 97}`))};\n`;
const TINY = 'x=1';

let app: App;
let close: () => Promise<void>;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), JS);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc.js'), TINY);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  // The plugin as the build runs it: resolved config, then closeBundle.
  const plugin = precompress() as unknown as { configResolved(c: unknown): void; closeBundle(): Promise<void> };
  plugin.configResolved({ root: dist, build: { outDir: '.' } });
  await plugin.closeBundle();
  const database = await openTestDatabase();
  app = await buildApp({ db: database.db, cfg: testConfig({ distDir: dist }), serveConsole: true });
  close = async () => { await app.close(); await database.drop(); };
});
afterAll(async () => {
  await close?.();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static assets', () => {
  it('the build writes brotli and gzip beside each compressible file, and nothing for tiny ones', () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', 'index-abc.js.br'))).toString()).toBe(JS);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'assets', 'index-abc.js.gz'))).toString()).toBe(JS);
    expect(fs.existsSync(path.join(dist, 'assets', 'tiny-abc.js.br'))).toBe(false);
  });

  it('sends brotli when accepted, gzip otherwise, the plain file to a client that accepts neither', async () => {
    const br = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    expect(br.rawPayload.length).toBeLessThan(JS.length / 4);

    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(JS);

    const tiny = await app.inject({ url: '/assets/tiny-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.payload).toBe(TINY);
  });

  it('hashed assets are immutable for a year; other files are revalidated', async () => {
    const asset = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    const icon = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ url: '/review/allOrder' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
