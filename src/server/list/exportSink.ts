import { Worker } from 'node:worker_threads';
import { byteLineSplitter, copyConverter, copyToCsv, lineSplitter, type ExportPlan } from './exportText';
import { csvWriter, xlsxWriter } from './writers';

/** What the fast path's writer needs: all plain data, so that it can go to a worker thread. */
export interface SinkSpec {
  plan: ExportPlan;
  header: string[];
  file: string;
  format: 'csv' | 'xlsx';
  sheetRows: number;
  yieldEvery: number;
  /** Sheet names by number (1-based); past the list, SheetN. */
  sheetNames: string[];
}

/** Takes the COPY bytes of an export, in order, and writes the file. */
export interface Sink {
  /** Resolves when more may be pushed (backpressure); rejects when writing failed. */
  push(chunk: Uint8Array): Promise<void>;
  /** Finishes the file; the number of rows written. */
  end(): Promise<number>;
  /** Closes the file unfinished (the caller removes it). */
  abort(): Promise<void>;
  /** Rows written so far. */
  readonly rows: number;
}

/** Converts and writes in this thread (small exports: starting a worker costs more than it saves). */
export function localSink(spec: SinkSpec): Sink {
  const writer = spec.format === 'csv'
    ? csvWriter(spec.file, spec.header)
    : xlsxWriter(spec.file, spec.header, { sheetRows: spec.sheetRows, yieldEvery: spec.yieldEvery, sheetName: (n) => spec.sheetNames[n - 1] ?? '' });
  let rows = 0;
  // CSV: COPY bytes straight to CSV bytes; XLSX: COPY text to rows of cells for the sheet writer.
  const bytes = writer.bytes?.bind(writer);
  const toCsv = bytes ? copyToCsv(spec.plan) : null;
  const convert = toCsv ? null : copyConverter(spec.plan);
  const lines = toCsv ? byteLineSplitter() : lineSplitter();
  const write = async (copy: Buffer | string) => {
    if (!copy.length) return;
    if (toCsv && bytes) {
      const { csv, rows: n } = toCsv(copy as Buffer);
      await bytes(csv);
      rows += n;
      return;
    }
    const out: unknown[][] = [];
    convert!(copy as string, out);
    await writer.rows(out);
    rows += out.length;
  };
  return {
    get rows() {
      return rows;
    },
    push: (chunk) => write(lines.push(chunk)),
    async end() {
      await write(lines.rest());
      await writer.close();
      return rows;
    },
    abort: () => writer.abort(),
  };
}

/** Bytes sent to the worker and not yet written: past this, push waits (memory stays flat). */
const IN_FLIGHT_MAX = 8 * 1024 * 1024;

type FromWorker = { t: 'ack'; bytes: number; rows: number } | { t: 'done'; rows: number } | { t: 'aborted' } | { t: 'error'; message: string };

/**
 * Converts and writes in a worker thread (exportWorker.ts): this thread only forwards the COPY bytes (transferred,
 * not copied again) and keeps serving requests while the worker encodes and compresses.
 */
export function workerSink(spec: SinkSpec): Sink {
  const entry = new URL(import.meta.url.endsWith('.ts') ? './exportWorker.ts' : './exportWorker.js', import.meta.url).href;
  const worker = new Worker(new URL('../worker-boot.mjs', import.meta.url), { workerData: { entry, spec } });
  let rows = 0;
  let inFlight = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let finish: { resolve: (m: FromWorker) => void } | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    wake?.();
    finish?.resolve({ t: 'error', message: failure.message });
  };
  worker.on('message', (m: FromWorker) => {
    if (m.t === 'ack') {
      inFlight -= m.bytes;
      rows = m.rows;
      wake?.();
    } else if (m.t === 'error') fail(new Error(m.message));
    else finish?.resolve(m);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`export worker exited (${code})`)));
  const settle = (msg: object) => new Promise<FromWorker>((resolve) => {
    finish = { resolve };
    if (failure) resolve({ t: 'error', message: failure.message });
    else worker.postMessage(msg);
  });
  return {
    get rows() {
      return rows;
    },
    async push(chunk) {
      if (failure) throw failure;
      // A copy of its own, transferred: the chunk may be a view into a buffer the driver reuses.
      const own = new Uint8Array(chunk);
      inFlight += own.byteLength;
      worker.postMessage({ t: 'chunk', buf: own }, [own.buffer]);
      while (inFlight > IN_FLIGHT_MAX && !failure) await new Promise<void>((r) => (wake = r));
      wake = null;
      if (failure) throw failure;
    },
    async end() {
      try {
        const m = await settle({ t: 'end' });
        if (m.t !== 'done') throw failure ?? new Error('export worker failed');
        rows = m.rows;
        return rows;
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    },
    async abort() {
      try {
        if (!failure) await Promise.race([settle({ t: 'abort' }), new Promise((r) => setTimeout(r, 5_000))]);
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    },
  };
}
