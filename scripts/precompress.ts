// Vite plugin: writes a .br and a .gz beside every compressible file of the build, so that the server sends the
// smallest encoding the browser accepts without compressing on each request (@fastify/static `preCompressed`).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(cfg) {
      outDir = path.resolve(cfg.root, cfg.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) walk(p);
          else if (COMPRESSIBLE.test(e.name) && fs.statSync(p).size >= MIN_BYTES) files.push(p);
        }
      };
      if (fs.existsSync(outDir)) walk(outDir);
      await Promise.all(files.map(async (file) => {
        const data = await fs.promises.readFile(file);
        const br = zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = zlib.gzipSync(data, { level: 9 });
        // A compressed file no smaller than the original is not worth a second read from disk.
        if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
        if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
      }));
    },
  };
}
