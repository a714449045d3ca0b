// Worker-thread entry of the seed generator: workers do not inherit the parent's TypeScript loader, so register
// tsx here before importing the TypeScript worker module.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
