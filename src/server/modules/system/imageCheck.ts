import path from 'node:path';
import zlib from 'node:zlib';
import { CODE } from '../../../schemas/common';
import { AppError } from '../../errors';

/**
 * Whole-file checks of uploaded images. Magic bytes alone let a file be an image to the upload and an HTML page (or
 * anything else) to a browser that sniffs; here the file must be one complete PNG or JPEG from its first byte to
 * its last: every PNG chunk with a good CRC, the pixel data inflating to exactly the size IHDR declares, IEND last;
 * every JPEG segment well formed up to EOI. Nothing may follow the image (JPEG: zero or 0xFF padding only).
 */

export interface ImageKind {
  mime: 'image/png' | 'image/jpeg';
  ext: 'png' | 'jpg';
}

/** Decoded pixel data above this is refused (a small deflate stream can claim gigabytes). */
const MAX_DECODED_BYTES = 100 * 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bit depths allowed per PNG colour type, and its channels. */
const PNG_COLOUR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** Row lengths (without the filter byte) of the image's scanlines, pass by pass. */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): Array<{ rows: number; bytes: number }> {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const out: Array<{ rows: number; bytes: number }> = [];
  for (const [x0, y0, dx, dy] of passes) {
    const w = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    const h = height > y0 ? Math.ceil((height - y0) / dy) : 0;
    if (w && h) out.push({ rows: h, bytes: Math.ceil((w * bitsPerPixel) / 8) });
  }
  return out;
}

export function isCompletePng(buf: Buffer): boolean {
  if (buf.length < PNG_SIGNATURE.length || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | null = null;
  let palette = false;
  const idat: Buffer[] = [];
  let idatClosed = false;
  for (;;) {
    if (pos + 12 > buf.length) return false;
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type) || pos + 12 + length > buf.length) return false;
    const data = buf.subarray(pos + 8, pos + 8 + length);
    if (zlib.crc32(buf.subarray(pos + 4, pos + 8 + length)) !== buf.readUInt32BE(pos + 8 + length)) return false;
    pos += 12 + length;
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (header || length !== 13) return false;
      const colour = PNG_COLOUR[data[9]];
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8], colour: data[9], interlaced: data[12] === 1 };
      if (!header.width || !header.height || !colour?.depths.includes(header.depth) || data[10] !== 0 || data[11] !== 0 || data[12] > 1) return false;
    } else if (type === 'PLTE') {
      if (palette || idat.length || length === 0 || length % 3 !== 0) return false;
      palette = true;
    } else if (type === 'IDAT') {
      if (idatClosed) return false;
      idat.push(data);
    } else if (type === 'IEND') {
      if (length !== 0 || pos !== buf.length) return false;
      break;
    } else {
      // Any other chunk ends a run of IDAT (they must be consecutive); unknown critical chunks cannot be decoded.
      if (idat.length) idatClosed = true;
      if (type[0] === type[0].toUpperCase()) return false;
    }
  }
  if (!header || !idat.length || (header.colour === 3 && !palette)) return false;
  const lines = scanlines(header.width, header.height, PNG_COLOUR[header.colour].channels * header.depth, header.interlaced);
  const expected = lines.reduce((n, l) => n + l.rows * (1 + l.bytes), 0);
  if (expected > MAX_DECODED_BYTES) return false;
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (raw.length !== expected) return false;
  let at = 0;
  for (const l of lines) {
    for (let r = 0; r < l.rows; r++, at += 1 + l.bytes) if (raw[at] > 4) return false;
  }
  return true;
}

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

export function isCompleteJpeg(buf: Buffer): boolean {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return false;
  let pos = 2;
  let frame = false;
  let scan = false;
  for (;;) {
    if (pos >= buf.length || buf[pos] !== 0xff) return false;
    while (pos < buf.length && buf[pos] === 0xff) pos++;
    if (pos >= buf.length) return false;
    const marker = buf[pos++];
    if (marker === 0xd9) break;
    if (marker === 0x01) continue;
    if (marker === 0x00 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) return false;
    if (pos + 2 > buf.length) return false;
    const length = buf.readUInt16BE(pos);
    if (length < 2 || pos + length > buf.length) return false;
    const seg = buf.subarray(pos + 2, pos + length);
    pos += length;
    if (isSof(marker)) {
      if (frame || seg.length < 6 || seg.readUInt16BE(3) === 0 || seg[5] === 0 || seg.length !== 6 + 3 * seg[5]) return false;
      frame = true;
    } else if (marker === 0xda) {
      if (!frame || seg.length < 1 || seg[0] === 0 || seg.length !== 4 + 2 * seg[0]) return false;
      scan = true;
      // Entropy-coded data: 0xFF is followed by a stuffed 0x00, a restart marker or fill 0xFFs; anything else is the next marker.
      for (;;) {
        if (pos + 1 >= buf.length) return false;
        if (buf[pos] === 0xff) {
          const next = buf[pos + 1];
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
          pos += next === 0xff ? 1 : 2;
        } else pos++;
      }
    }
  }
  if (!frame || !scan) return false;
  for (let i = pos; i < buf.length; i++) if (buf[i] !== 0x00 && buf[i] !== 0xff) return false;
  return true;
}

/** The image the bytes are, when they are one complete PNG or JPEG and nothing else; null otherwise. */
export function checkImage(buf: Buffer): ImageKind | null {
  if (isCompletePng(buf)) return { mime: 'image/png', ext: 'png' };
  if (isCompleteJpeg(buf)) return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

/** An uploaded image: named .jpg/.jpeg/.png and, by its bytes, one whole image (40000 otherwise, in the caller's language). */
export function acceptImage(buf: Buffer, filename: string): ImageKind {
  if (!['jpeg', 'jpg', 'png'].includes(path.extname(filename).slice(1).toLowerCase())) throw new AppError(CODE.VALIDATION, 'error.imageType');
  const kind = checkImage(buf);
  if (!kind) throw new AppError(CODE.VALIDATION, 'error.imageInvalid');
  return kind;
}
