/** Generates chunks of seed rows in a worker thread and hands them back as UTF-8 CSV buffers (transferred, not copied). */
import { parentPort, workerData } from 'node:worker_threads';
import { csvSinks, generateChunk, SEED_TABLES, type ChunkSpec, type GenContext } from './generate';

export interface ChunkResult {
  index: number;
  tables: Record<string, { bytes: Uint8Array; rows: number }>;
}

const ctx = workerData.ctx as GenContext;
parentPort!.on('message', (msg: { index: number; spec: ChunkSpec }) => {
  const sinks = generateChunk(ctx, msg.spec, csvSinks());
  const tables: ChunkResult['tables'] = {};
  const transfer: ArrayBuffer[] = [];
  for (const t of SEED_TABLES) {
    const bytes = sinks[t].bytes();
    tables[t] = { bytes, rows: sinks[t].count };
    transfer.push(bytes.buffer as ArrayBuffer);
  }
  parentPort!.postMessage({ index: msg.index, tables } satisfies ChunkResult, transfer);
});
