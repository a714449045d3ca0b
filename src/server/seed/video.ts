/**
 * The stock liveness video of the seeded documents: a tiny but real MP4 (H.264 Constrained Baseline in an ISO
 * BMFF file with the index before the data), drawn and encoded here so that no binary file is kept in the
 * repository and nothing is downloaded. The encoder is the simplest the standard allows: every frame is an IDR
 * picture made only of I_PCM macroblocks (raw YUV 4:2:0 samples), so there is no transform or entropy coding to
 * get right — only the bit-level headers. Browsers and players decode it like any camera file.
 */

/** Writes bits most significant first; Exp-Golomb codes as H.264 §9.1 defines them. */
class Bits {
  private bytes: number[] = [];
  private cur = 0;
  private n = 0;
  u(bits: number, value: number): this {
    for (let i = bits - 1; i >= 0; i--) {
      this.cur = (this.cur << 1) | ((value >>> i) & 1);
      if (++this.n === 8) {
        this.bytes.push(this.cur);
        this.cur = 0;
        this.n = 0;
      }
    }
    return this;
  }
  ue(v: number): this {
    const len = Math.floor(Math.log2(v + 1));
    return this.u(len, 0).u(len + 1, v + 1);
  }
  se(v: number): this {
    return this.ue(v <= 0 ? -2 * v : 2 * v - 1);
  }
  get aligned(): boolean {
    return this.n === 0;
  }
  align(): this {
    while (this.n !== 0) this.u(1, 0);
    return this;
  }
  byte(b: number): this {
    if (this.n === 0) this.bytes.push(b & 0xff);
    else this.u(8, b);
    return this;
  }
  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): Uint8Array {
    this.u(1, 1).align();
    return Uint8Array.from(this.bytes);
  }
}

/** A NAL unit: header byte, then the payload with emulation prevention (00 00 0x → 00 00 03 0x for x ≤ 3). */
function nal(refIdc: number, type: number, rbsp: Uint8Array): Buffer {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

const PROFILE = 66; // Baseline
const CONSTRAINTS = 0xc0; // constraint_set0 and set1: Constrained Baseline
const LEVEL = 30;

function sps(widthMbs: number, heightMbs: number): Buffer {
  const b = new Bits().u(8, PROFILE).u(8, CONSTRAINTS).u(8, LEVEL)
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4
    .ue(2) // pic_order_cnt_type 2: output order = decoding order, nothing in the slice headers
    .ue(1) // max_num_ref_frames
    .u(1, 0) // gaps_in_frame_num_value_allowed_flag
    .ue(widthMbs - 1).ue(heightMbs - 1)
    .u(1, 1) // frame_mbs_only_flag
    .u(1, 1) // direct_8x8_inference_flag
    .u(1, 0) // frame_cropping_flag
    .u(1, 0); // vui_parameters_present_flag
  return nal(3, 7, b.trailing());
}

function pps(): Buffer {
  const b = new Bits()
    .ue(0).ue(0) // pic_parameter_set_id, seq_parameter_set_id
    .u(1, 0) // entropy_coding_mode_flag: CAVLC
    .u(1, 0) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0).ue(0) // num_ref_idx_l0/l1_default_active_minus1
    .u(1, 0).u(2, 0) // weighted_pred_flag, weighted_bipred_idc
    .se(0).se(0).se(0) // pic_init_qp_minus26, pic_init_qs_minus26, chroma_qp_index_offset
    .u(1, 1) // deblocking_filter_control_present_flag (to switch it off in the slices)
    .u(1, 0) // constrained_intra_pred_flag
    .u(1, 0); // redundant_pic_cnt_present_flag
  return nal(3, 8, b.trailing());
}

/** One IDR picture, one slice, every macroblock I_PCM. `yuv` holds the Y, Cb and Cr planes (4:2:0). */
function idrSlice(widthMbs: number, heightMbs: number, yuv: { y: Uint8Array; u: Uint8Array; v: Uint8Array }, idrPicId: number): Buffer {
  const b = new Bits()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I (all slices of the picture)
    .ue(0) // pic_parameter_set_id
    .u(4, 0) // frame_num (log2_max_frame_num = 4); 0 in an IDR picture
    .ue(idrPicId) // idr_pic_id: differs between consecutive IDR pictures
    .u(1, 0).u(1, 0) // dec_ref_pic_marking: no_output_of_prior_pics_flag, long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc: off
  const w = widthMbs * 16;
  for (let my = 0; my < heightMbs; my++) {
    for (let mx = 0; mx < widthMbs; mx++) {
      b.ue(25); // mb_type I_PCM
      b.align(); // pcm_alignment_zero_bits
      for (let j = 0; j < 16; j++) for (let i = 0; i < 16; i++) b.byte(yuv.y[(my * 16 + j) * w + mx * 16 + i]);
      for (const plane of [yuv.u, yuv.v]) {
        for (let j = 0; j < 8; j++) for (let i = 0; i < 8; i++) b.byte(plane[(my * 8 + j) * (w / 2) + mx * 8 + i]);
      }
    }
  }
  return nal(3, 5, b.trailing());
}

// ---- drawing -------------------------------------------------------------------------------------------------

type Rgb = [number, number, number];

/** BT.601 studio range, the colour space an H.264 stream without VUI is shown in. */
function toYuv(rgb: Rgb): [number, number, number] {
  const [r, g, b] = rgb;
  const clamp = (x: number) => Math.max(16, Math.min(240, Math.round(x)));
  return [clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b), clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b), clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b)];
}

/** A face in front of a wall, turned a little to one side or the other (a liveness check asks for that). */
function frame(w: number, h: number, turn: number): { y: Uint8Array; u: Uint8Array; v: Uint8Array } {
  const rgb = (x: number, y: number): Rgb => {
    const cx = w / 2 + turn * w * 0.08;
    const inEllipse = (ex: number, ey: number, rx: number, ry: number) => ((x - ex) / rx) ** 2 + ((y - ey) / ry) ** 2 <= 1;
    if (inEllipse(w / 2, h * 1.02, w * 0.45, h * 0.3)) return [80, 110, 150]; // shoulders
    if (inEllipse(cx - w * 0.11, h * 0.4, w * 0.035, h * 0.02) || inEllipse(cx + w * 0.11, h * 0.4, w * 0.035, h * 0.02)) return [40, 40, 40]; // eyes
    if (inEllipse(cx, h * 0.55, w * 0.08, h * 0.012)) return [170, 90, 90]; // mouth
    if (inEllipse(cx, h * 0.44, w * 0.24, h * 0.22)) return [224, 182, 150]; // face
    if (inEllipse(cx, h * 0.36, w * 0.29, h * 0.22)) return [60, 45, 40]; // hair
    return [214, 226, 236];
  };
  const y = new Uint8Array(w * h);
  const u = new Uint8Array((w / 2) * (h / 2));
  const v = new Uint8Array((w / 2) * (h / 2));
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) y[j * w + i] = toYuv(rgb(i + 0.5, j + 0.5))[0];
  for (let j = 0; j < h / 2; j++) {
    for (let i = 0; i < w / 2; i++) {
      const [, cb, cr] = toYuv(rgb(2 * i + 1, 2 * j + 1));
      u[j * (w / 2) + i] = cb;
      v[j * (w / 2) + i] = cr;
    }
  }
  return { y, u, v };
}

// ---- the MP4 file --------------------------------------------------------------------------------------------

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

/** A full box: version and flags first. */
function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return box(type, vf, ...parts);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, 4 * i));
  return b;
}

function u16(...values: number[]): Buffer {
  const b = Buffer.alloc(2 * values.length);
  values.forEach((v, i) => b.writeUInt16BE(v & 0xffff, 2 * i));
  return b;
}

const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

export interface StockVideoOptions {
  /** Pixels, multiples of 16. */
  width?: number;
  height?: number;
  frames?: number;
  /** Milliseconds each frame is shown. */
  frameMs?: number;
}

/** The MP4 file: ftyp, moov (one video track), mdat with one length-prefixed IDR slice per frame. */
export function stockVideo(opts: StockVideoOptions = {}): Buffer {
  const width = opts.width ?? 96;
  const height = opts.height ?? 128;
  if (width % 16 || height % 16) throw new Error('stockVideo: width and height must be multiples of 16');
  const frames = opts.frames ?? 3;
  const frameMs = opts.frameMs ?? 700;
  const wm = width / 16;
  const hm = height / 16;
  const spsNal = sps(wm, hm);
  const ppsNal = pps();
  const turns = [-1, 0, 1, 0];
  const samples = Array.from({ length: frames }, (_, k) => {
    const slice = idrSlice(wm, hm, frame(width, height, turns[k % turns.length]), k % 2);
    return Buffer.concat([u32(slice.length), slice]);
  });
  const duration = frames * frameMs;
  const timescale = 1000;

  const avcC = box('avcC',
    Buffer.from([1, PROFILE, CONSTRAINTS, LEVEL, 0xff /* 4-byte NAL lengths */, 0xe1 /* one SPS */]), u16(spsNal.length), spsNal,
    Buffer.from([1]), u16(ppsNal.length), ppsNal);
  const compressor = Buffer.alloc(32);
  const avc1 = box('avc1',
    Buffer.alloc(6), u16(1), // reserved, data_reference_index
    u16(0, 0), u32(0, 0, 0), u16(width, height), u32(0x00480000, 0x00480000, 0), u16(1), compressor, u16(0x0018, 0xffff),
    avcC);
  const stbl = box('stbl',
    fullBox('stsd', 0, 0, u32(1), avc1),
    fullBox('stts', 0, 0, u32(1, frames, frameMs)),
    fullBox('stsc', 0, 0, u32(1, 1, frames, 1)),
    fullBox('stsz', 0, 0, u32(0, frames, ...samples.map((s) => s.length))),
    fullBox('stco', 0, 0, u32(1, 0 /* patched below */)));
  const minf = box('minf',
    fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)),
    box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
    stbl);
  const mdia = box('mdia',
    fullBox('mdhd', 0, 0, u32(0, 0, timescale, duration), u16(0x55c4 /* und */, 0)),
    fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'ascii'), u32(0, 0, 0), Buffer.from('VideoHandler\0', 'ascii')),
    minf);
  const trak = box('trak',
    fullBox('tkhd', 0, 3, u32(0, 0, 1, 0, duration, 0, 0), u16(0, 0, 0, 0), MATRIX, u32(width << 16, height << 16)),
    mdia);
  const moov = box('moov',
    fullBox('mvhd', 0, 0, u32(0, 0, timescale, duration, 0x00010000), u16(0x0100, 0), u32(0, 0), MATRIX, u32(0, 0, 0, 0, 0, 0), u32(2)),
    trak);
  const ftyp = box('ftyp', Buffer.from('isom', 'ascii'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'ascii'));
  const mdat = box('mdat', ...samples);
  // The one chunk starts right after mdat's header; stco is the last 4 bytes of stbl, which ends moov's trak.
  const offset = ftyp.length + moov.length + 8;
  const stcoAt = moov.lastIndexOf(Buffer.from('stco', 'ascii'));
  moov.writeUInt32BE(offset, stcoAt + 4 + 4 + 4);
  return Buffer.concat([ftyp, moov, mdat]);
}
