import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeStockPictures } from './assets';
import { DOC_URL } from './generate';
import { stockVideo } from './video';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Box {
  type: string;
  start: number;
  /** First byte after the header. */
  body: number;
  end: number;
}

/** The boxes in buf[from, to). */
function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at < to;) {
    const size = buf.readUInt32BE(at);
    expect(size, `box at ${at}`).toBeGreaterThanOrEqual(8);
    out.push({ type: buf.toString('ascii', at + 4, at + 8), start: at, body: at + 8, end: at + size });
    at += size;
    expect(at).toBeLessThanOrEqual(to);
  }
  return out;
}

function child(buf: Buffer, parent: Box, type: string, skip = 0): Box {
  const found = boxes(buf, parent.body + skip, parent.end).find((b) => b.type === type);
  expect(found, `${type} in ${parent.type}`).toBeDefined();
  return found!;
}

/** Exp-Golomb reader over an RBSP (emulation prevention bytes removed). */
function reader(nal: Buffer) {
  const rbsp: number[] = [];
  for (let i = 1; i < nal.length; i++) {
    if (i >= 3 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    rbsp.push(nal[i]);
  }
  let bit = 0;
  const u = (n: number) => {
    let v = 0;
    for (let k = 0; k < n; k++, bit++) v = (v << 1) | ((rbsp[bit >> 3] >> (7 - (bit & 7))) & 1);
    return v;
  };
  const ue = () => {
    let zeros = 0;
    while (u(1) === 0) zeros++;
    return (1 << zeros) - 1 + u(zeros);
  };
  return { u, ue };
}

describe('stock document files', () => {
  it('writes a file for every document URL the seed uses, the video included, and leaves existing ones alone', () => {
    writeStockPictures(dir);
    const files = Object.values(DOC_URL).map((url) => path.join(dir, url.replace(/^\/files\//, '')));
    for (const f of files) expect(fs.statSync(f).size, f).toBeGreaterThan(1000);
    expect(DOC_URL.video).toMatch(/^\/files\/\d{4}-\d{2}\/[0-9a-f-]{36}\.mp4$/);
    const video = path.join(dir, DOC_URL.video.replace(/^\/files\//, ''));
    expect(fs.readFileSync(video).subarray(4, 8).toString('ascii')).toBe('ftyp');
    fs.writeFileSync(video, 'kept');
    writeStockPictures(dir);
    expect(fs.readFileSync(video, 'utf8')).toBe('kept');
  });

  it('the video is a well-formed MP4: H.264 Baseline track whose index matches its data', () => {
    const buf = stockVideo({ width: 96, height: 128, frames: 3, frameMs: 700 });
    const top = boxes(buf, 0, buf.length);
    expect(top.map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expect(buf.toString('ascii', 8, 12)).toBe('isom');
    const moov = top[1];
    const mdat = top[2];
    const mvhd = child(buf, moov, 'mvhd');
    expect(buf.readUInt32BE(mvhd.body + 12)).toBe(1000); // timescale
    expect(buf.readUInt32BE(mvhd.body + 16)).toBe(2100); // duration: 3 × 700 ms
    const trak = child(buf, moov, 'trak');
    const tkhd = child(buf, trak, 'tkhd');
    expect([buf.readUInt32BE(tkhd.end - 8) >> 16, buf.readUInt32BE(tkhd.end - 4) >> 16]).toEqual([96, 128]);
    const mdia = child(buf, trak, 'mdia');
    expect(buf.toString('ascii', child(buf, mdia, 'hdlr').body + 8, child(buf, mdia, 'hdlr').body + 12)).toBe('vide');
    const stbl = child(buf, child(buf, mdia, 'minf'), 'stbl');
    const stsd = child(buf, stbl, 'stsd');
    const avc1 = child(buf, stsd, 'avc1', 8);
    const avcC = child(buf, avc1, 'avcC', 78);
    expect([buf[avcC.body], buf[avcC.body + 1], buf[avcC.body + 4] & 3]).toEqual([1, 66, 3]); // version, Baseline, 4-byte lengths
    const spsLen = buf.readUInt16BE(avcC.body + 6);
    const spsNal = buf.subarray(avcC.body + 8, avcC.body + 8 + spsLen);
    expect(spsNal[0] & 0x1f).toBe(7);
    const sps = reader(spsNal);
    expect(sps.u(8)).toBe(66);
    sps.u(16);
    expect([sps.ue(), sps.ue(), sps.ue(), sps.ue(), sps.u(1)]).toEqual([0, 0, 2, 1, 0]);
    expect([(sps.ue() + 1) * 16, (sps.ue() + 1) * 16]).toEqual([96, 128]);
    expect(buf[avcC.body + 8 + spsLen]).toBe(1); // one PPS
    expect(buf[avcC.body + 8 + spsLen + 3] & 0x1f).toBe(8);

    // Sample sizes, the chunk offset and the mdat contents agree; every sample is one IDR slice of I_PCM macroblocks.
    const stsz = child(buf, stbl, 'stsz');
    expect(buf.readUInt32BE(stsz.body + 8)).toBe(3);
    const sizes = [0, 1, 2].map((i) => buf.readUInt32BE(stsz.body + 12 + 4 * i));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(mdat.end - mdat.body);
    const stco = child(buf, stbl, 'stco');
    expect(buf.readUInt32BE(stco.body + 8)).toBe(mdat.body);
    let at = mdat.body;
    for (const size of sizes) {
      const len = buf.readUInt32BE(at);
      expect(len + 4).toBe(size);
      const slice = buf.subarray(at + 4, at + 4 + len);
      expect(slice[0]).toBe(0x65); // nal_ref_idc 3, IDR slice
      const r = reader(slice);
      expect([r.ue(), r.ue(), r.ue()]).toEqual([0, 7, 0]); // first_mb_in_slice, slice_type I, pps id
      at += size;
    }
    // The picture's first luma samples are the wall's colour (light grey-blue, BT.601 Y ≈ 208).
    const first = buf.indexOf(Buffer.from([0x65]), mdat.body + 4);
    const luma = [...buf.subarray(first + 8, first + 40)];
    expect(luma.some((y) => y >= 200 && y <= 215)).toBe(true);
  });
});
