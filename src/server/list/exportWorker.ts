/**
 * The export worker thread (started by exportSink.ts workerSink): COPY bytes in, file out. Messages in order:
 * {t:'chunk', buf} … then {t:'end'} or {t:'abort'}; answers {t:'ack', bytes, rows} per chunk, then
 * {t:'done', rows} or {t:'aborted'}, or {t:'error', message} once anything fails (later messages are ignored).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { localSink, type SinkSpec } from './exportSink';

const port = parentPort!;
const sink = localSink((workerData as { spec: SinkSpec }).spec);
let chain: Promise<unknown> = Promise.resolve();
let failed = false;

const step = (fn: () => Promise<void>) => {
  chain = chain.then(async () => {
    if (failed) return;
    try {
      await fn();
    } catch (err) {
      failed = true;
      port.postMessage({ t: 'error', message: err instanceof Error ? err.message : String(err) });
      await sink.abort().catch(() => undefined);
    }
  });
};

port.on('message', (m: { t: 'chunk'; buf: Uint8Array } | { t: 'end' } | { t: 'abort' }) => {
  if (m.t === 'chunk') {
    step(async () => {
      await sink.push(m.buf);
      port.postMessage({ t: 'ack', bytes: m.buf.byteLength, rows: sink.rows });
    });
  } else if (m.t === 'end') {
    step(async () => {
      const rows = await sink.end();
      port.postMessage({ t: 'done', rows });
    });
  } else {
    chain = chain.then(async () => {
      if (!failed) await sink.abort().catch(() => undefined);
      port.postMessage({ t: 'aborted' });
    });
  }
});
