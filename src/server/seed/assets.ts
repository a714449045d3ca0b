/**
 * Stock files for the seeded documents (ID front and back, selfie, face photo as small PNGs, the liveness video as a
 * small MP4, video.ts), written once under the files folder at the fixed names the seed's document URLs use
 * (generate.ts DOC_URL), so the customer detail view shows real images and plays a real video. Drawn and encoded
 * in code to keep binary files out of the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DOC_URL } from './generate';
import { stockVideo } from './video';

type Rgb = [number, number, number];

class Canvas {
  readonly data: Buffer;
  constructor(readonly w: number, readonly h: number, bg: Rgb) {
    this.data = Buffer.alloc(w * h * 3);
    this.rect(0, 0, w, h, bg);
  }
  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    for (let j = Math.max(0, y); j < Math.min(this.h, y + h); j++) {
      for (let i = Math.max(0, x); i < Math.min(this.w, x + w); i++) this.data.set(c, (j * this.w + i) * 3);
    }
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb): void {
    for (let j = Math.max(0, cy - ry); j < Math.min(this.h, cy + ry); j++) {
      for (let i = Math.max(0, cx - rx); i < Math.min(this.w, cx + rx); i++) {
        if (((i - cx) / rx) ** 2 + ((j - cy) / ry) ** 2 <= 1) this.data.set(c, (j * this.w + i) * 3);
      }
    }
  }
  png(): Buffer {
    const raw = Buffer.alloc((this.w * 3 + 1) * this.h);
    for (let j = 0; j < this.h; j++) this.data.copy(raw, j * (this.w * 3 + 1) + 1, j * this.w * 3, (j + 1) * this.w * 3);
    const chunk = (type: string, body: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(body.length);
      const td = Buffer.concat([Buffer.from(type, 'ascii'), body]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(td));
      return Buffer.concat([len, td, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.w, 0);
    ihdr.writeUInt32BE(this.h, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // truecolour
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

let crcTable: Uint32Array | null = null;
function crc32(buf: Buffer): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const SKIN: Rgb = [224, 182, 150];
const HAIR: Rgb = [60, 45, 40];
const LINE: Rgb = [150, 160, 175];

function idFront(): Buffer {
  const c = new Canvas(480, 300, [232, 240, 250]);
  c.rect(0, 0, 480, 46, [40, 90, 160]);
  c.rect(24, 70, 130, 170, [205, 214, 226]);
  c.ellipse(89, 118, 42, 40, HAIR);
  c.ellipse(89, 140, 34, 42, SKIN);
  c.ellipse(89, 232, 58, 40, [70, 90, 120]);
  for (let k = 0; k < 6; k++) c.rect(180, 80 + k * 28, k % 2 ? 200 : 260, 10, LINE);
  c.rect(24, 262, 430, 14, [190, 200, 215]);
  return c.png();
}

function idBack(): Buffer {
  const c = new Canvas(480, 300, [236, 238, 242]);
  c.rect(0, 30, 480, 50, [50, 50, 60]);
  for (let k = 0; k < 5; k++) c.rect(30, 110 + k * 30, k % 2 ? 300 : 400, 10, LINE);
  for (let k = 0; k < 40; k++) c.rect(300 + k * 4, 250, k % 3 ? 2 : 3, 30, [30, 30, 30]);
  return c.png();
}

function portrait(bg: Rgb, withCard: boolean): Buffer {
  const c = new Canvas(270, 360, bg);
  c.ellipse(135, 125, 74, 72, HAIR);
  c.ellipse(135, 160, 60, 74, SKIN);
  c.ellipse(112, 145, 7, 5, [40, 40, 40]);
  c.ellipse(158, 145, 7, 5, [40, 40, 40]);
  c.rect(120, 190, 30, 6, [170, 90, 90]);
  c.ellipse(135, 360, 110, 110, [80, 110, 150]);
  if (withCard) {
    c.rect(150, 250, 100, 64, [232, 240, 250]);
    c.rect(150, 250, 100, 12, [40, 90, 160]);
  }
  return c.png();
}

/** Writes the stock pictures and the stock video where missing. */
export function writeStockPictures(filesDir: string): void {
  const pictures: Array<[string, () => Buffer]> = [
    [DOC_URL.id_front, idFront], [DOC_URL.id_back, idBack],
    [DOC_URL.selfie, () => portrait([214, 226, 236], true)], [DOC_URL.face, () => portrait([236, 236, 236], false)],
    [DOC_URL.video, () => stockVideo()],
  ];
  for (const [url, draw] of pictures) {
    const file = path.join(filesDir, url.replace(/^\/files\//, ''));
    if (fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, draw());
  }
}
