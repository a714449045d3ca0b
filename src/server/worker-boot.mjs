// Worker-thread entry (export writer, embedded database): workers do not inherit the parent's TypeScript loader (tsx,
// or vitest's), so register tsx here before importing the TypeScript worker module named by workerData.entry.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
