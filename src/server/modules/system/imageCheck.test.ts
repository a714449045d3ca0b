import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkImage, isCompleteJpeg, isCompletePng } from './imageCheck';
import { HTML, REAL_JPEG, REAL_PNG } from './testImages';

const SIGNATURE = REAL_PNG.subarray(0, 8);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** The chunks of a greyscale 8-bit PNG with the given IHDR and deflated pixel data. */
function greyPngChunks(width: number, height: number, deflated: Buffer, interlace = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, interlace], 8);
  return Buffer.concat([chunk('IHDR', ihdr), chunk('IDAT', deflated), chunk('IEND', Buffer.alloc(0))]);
}

/** A greyscale 8-bit PNG whose IDAT inflates to `raw` (filter bytes included), IHDR as given. */
const greyPng = (width: number, height: number, raw: Buffer, interlace = 0) => Buffer.concat([SIGNATURE, greyPngChunks(width, height, zlib.deflateSync(raw), interlace)]);

/** The chunks of a PNG, as [offset, length, type]. */
function chunksOf(png: Buffer): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  for (let pos = 8; pos < png.length; pos += 12 + png.readUInt32BE(pos)) out.push([pos, png.readUInt32BE(pos), png.toString('latin1', pos + 4, pos + 8)]);
  return out;
}

describe('PNG', () => {
  it('accepts an encoder\'s PNG (several IDAT chunks) and a hand-built one', () => {
    expect(chunksOf(REAL_PNG).filter(([, , type]) => type === 'IDAT').length).toBeGreaterThan(1);
    expect(checkImage(REAL_PNG)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(isCompletePng(greyPng(2, 2, Buffer.from([0, 10, 20, 1, 5, 5])))).toBe(true);
  });

  it('refuses the signature followed by HTML, and a valid PNG with anything after IEND', () => {
    expect(checkImage(Buffer.concat([SIGNATURE, HTML]))).toBeNull();
    expect(checkImage(Buffer.concat([REAL_PNG, HTML]))).toBeNull();
    expect(checkImage(Buffer.concat([REAL_PNG, Buffer.from([0])]))).toBeNull();
  });

  it('refuses a broken CRC, a truncated file and a missing IEND', () => {
    const flipped = Buffer.from(REAL_PNG);
    const [idatAt] = chunksOf(REAL_PNG).find(([, , type]) => type === 'IDAT')!;
    flipped[idatAt + 10] ^= 0x40;
    expect(isCompletePng(flipped)).toBe(false);
    expect(isCompletePng(REAL_PNG.subarray(0, REAL_PNG.length - 5))).toBe(false);
    const [iendAt] = chunksOf(REAL_PNG).find(([, , type]) => type === 'IEND')!;
    expect(isCompletePng(REAL_PNG.subarray(0, iendAt))).toBe(false);
  });

  it('refuses pixel data that does not fill the image IHDR declares, or has more', () => {
    expect(isCompletePng(greyPng(2, 3, Buffer.from([0, 10, 20, 1, 5, 5])))).toBe(false);
    expect(isCompletePng(greyPng(2, 1, Buffer.from([0, 10, 20, 1, 5, 5])))).toBe(false);
    // Filter types are 0..4.
    expect(isCompletePng(greyPng(2, 2, Buffer.from([0, 10, 20, 9, 5, 5])))).toBe(false);
  });

  it('sizes interlaced images by their seven passes', () => {
    // 3x3 grey, Adam7: passes 1, 4, 5, 6, 7 hold 1x1, 1x1, 2x1, 1x2, 3x1 pixels: 15 bytes with filter bytes (12 plain).
    expect(isCompletePng(greyPng(3, 3, Buffer.alloc(15), 1))).toBe(true);
    expect(isCompletePng(greyPng(3, 3, Buffer.alloc(12), 1))).toBe(false);
    expect(isCompletePng(greyPng(3, 3, Buffer.alloc(12), 0))).toBe(true);
  });

  it('refuses pixel data beyond 100 MB decoded, even when it is complete (a deflate bomb)', () => {
    // 10500 x 10000 grey: 105 MB of zeros, 0.5 MB deflated; the same shape at a tenth of the height is fine.
    const bomb = Buffer.concat([SIGNATURE, greyPngChunks(10500, 10000, zlib.deflateSync(Buffer.alloc(10000 * 10501), { level: 1 }))]);
    expect(isCompletePng(bomb)).toBe(false);
    const fine = Buffer.concat([SIGNATURE, greyPngChunks(10500, 1000, zlib.deflateSync(Buffer.alloc(1000 * 10501), { level: 1 }))]);
    expect(isCompletePng(fine)).toBe(true);
  });

  it('keeps ancillary text chunks (valid PNG: the serving headers keep them inert) but refuses unknown critical chunks', () => {
    const [iendAt] = chunksOf(REAL_PNG).find(([, , type]) => type === 'IEND')!;
    const withText = Buffer.concat([REAL_PNG.subarray(0, iendAt), chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), HTML])), REAL_PNG.subarray(iendAt)]);
    expect(isCompletePng(withText)).toBe(true);
    const withCritical = Buffer.concat([REAL_PNG.subarray(0, iendAt), chunk('HTML', HTML), REAL_PNG.subarray(iendAt)]);
    expect(isCompletePng(withCritical)).toBe(false);
  });
});

describe('JPEG', () => {
  it('accepts an encoder\'s JPEG, also with zero padding after EOI', () => {
    expect(checkImage(REAL_JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(isCompleteJpeg(Buffer.concat([REAL_JPEG, Buffer.alloc(16)]))).toBe(true);
  });

  it('refuses SOI followed by HTML, and a JPEG with anything but padding after EOI', () => {
    expect(checkImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), HTML]))).toBeNull();
    expect(checkImage(Buffer.concat([REAL_JPEG, HTML]))).toBeNull();
  });

  it('refuses a file cut short and bytes spliced between segments', () => {
    expect(isCompleteJpeg(REAL_JPEG.subarray(0, REAL_JPEG.length - 2))).toBe(false);
    expect(isCompleteJpeg(REAL_JPEG.subarray(0, 200))).toBe(false);
    // After SOI (2 bytes) and the JFIF APP0 segment comes the next marker; HTML there is not a segment.
    const app0End = 4 + REAL_JPEG.readUInt16BE(4);
    expect(isCompleteJpeg(Buffer.concat([REAL_JPEG.subarray(0, app0End), HTML, REAL_JPEG.subarray(app0End)]))).toBe(false);
  });

  it('refuses segment lengths that run past the end', () => {
    const bad = Buffer.from(REAL_JPEG);
    bad.writeUInt16BE(0xfff0, 4);
    expect(isCompleteJpeg(bad)).toBe(false);
  });
});
