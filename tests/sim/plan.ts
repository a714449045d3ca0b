import { Rng } from '../../src/server/seed/rng';

/**
 * The operations of the money simulation as data, drawn from a seed before anything runs: each worker gets its own
 * queue from its own random stream, so the same seed always yields the same queues whatever the interleaving. An
 * operation names a loan by handle ("w.n": the n-th application of worker w), never by database id, so a log can be
 * replayed on a fresh database and mean the same thing. Amounts are fractions of what is owed when the operation runs.
 */
export const OP_KINDS = [
  'apply', 'machineReview', 'review', 'confirm', 'callbacks', 'retransfer', 'repay', 'cardRepay', 'revoke',
  'reduce', 'extend', 'reverse', 'close', 'topUp', 'endOfDay',
] as const;
export type OpKind = (typeof OP_KINDS)[number];

export interface Op {
  /** "worker:index" — unique in a run. */
  id: string;
  worker: number;
  op: OpKind;
  args: Record<string, number | string | boolean>;
}

/** How often each kind is drawn: weighted so that loans get through review and payout and then live for a while. */
const WEIGHTS: ReadonlyArray<readonly [OpKind, number]> = [
  ['apply', 5], ['machineReview', 3], ['review', 14], ['confirm', 8], ['callbacks', 12], ['retransfer', 2],
  ['repay', 12], ['cardRepay', 4], ['revoke', 3], ['reduce', 3], ['extend', 4], ['reverse', 1], ['close', 0.5],
  ['topUp', 2], ['endOfDay', 2],
];

export interface PlanOptions {
  seed: string;
  workers: number;
  ops: number;
}

export function planOps({ seed, workers, ops }: PlanOptions): Op[][] {
  const queues: Op[][] = [];
  const perWorker = (w: number) => Math.floor(ops / workers) + (w < ops % workers ? 1 : 0);
  for (let w = 0; w < workers; w++) {
    const rng = new Rng(seed, 'sim-worker', w);
    const queue: Op[] = [];
    let applied = 0;
    for (let i = 0; i < perWorker(w); i++) {
      // Every worker starts with an application, so that its first loan-level operations have something to act on.
      const op: OpKind = i === 0 ? 'apply' : rng.weighted(WEIGHTS);
      queue.push({ id: `${w}:${i}`, worker: w, op, args: argsFor(op, rng, w, workers, applied) });
      if (op === 'apply') applied++;
    }
    queues.push(queue);
  }
  return queues;
}

/** A loan to act on: mostly one of this worker's recent applications, sometimes another worker's (contention). */
function loanRef(rng: Rng, w: number, workers: number, applied: number): string {
  const owner = rng.chance(0.2) ? rng.int(0, workers - 1) : w;
  const upTo = Math.max(1, applied);
  // Recent loans more often: they are the ones still moving.
  const back = Math.min(upTo - 1, Math.floor(Math.abs(rng.next() - rng.next()) * upTo));
  return `${owner}.${upTo - 1 - back}`;
}

function argsFor(op: OpKind, rng: Rng, w: number, workers: number, applied: number): Op['args'] {
  const loan = loanRef(rng, w, workers, applied);
  switch (op) {
    case 'apply':
      return { loan: `${w}.${applied}`, product: rng.int(0, 9), amount: rng.next(), days: rng.next(), dupKey: rng.chance(0.2) };
    case 'machineReview':
      return {};
    case 'review':
      return { loan, reject: rng.chance(0.06), intercept: rng.chance(0.03) };
    case 'confirm':
      // By the customer in the app (with a retried request under the same key) or by a withdrawal agent.
      return { loan, by: rng.chance(0.6) ? 'app' : 'agent', retry: rng.chance(0.3) };
    case 'callbacks':
      return { take: rng.int(1, 6), pick: rng.next(), dup: rng.chance(0.3), replayOld: rng.chance(0.25) };
    case 'retransfer':
      return { loan };
    case 'repay':
      // Under, exactly, or above what is owed; sometimes the same request twice under one key.
      return { loan, frac: rng.weighted([[0.3, 3], [0.6, 2], [1, 4], [1.2, 1]] as const), retry: rng.chance(0.15) };
    case 'cardRepay':
      return { loan, frac: rng.weighted([[0.5, 1], [1, 2]] as const) };
    case 'revoke':
      return { loan, pick: rng.next() };
    case 'reduce':
      return { loan, frac: rng.float(0.05, 1.1), approve: rng.chance(0.75) };
    case 'extend':
      return { loan, extra: rng.chance(0.3) ? rng.int(1, 50) * 1000 : 0, pass: rng.chance(0.9) };
    case 'reverse':
      return { loan };
    case 'close':
      return { loan };
    case 'topUp':
      return { amount: rng.int(1, 20) * 5_000_000 };
    case 'endOfDay':
      return { days: rng.weighted([[1, 6], [2, 2], [3, 1]] as const) };
  }
}

/** The operations in the order they were started (the log a failure prints and the shrinker replays). */
export function formatLog(ops: readonly Op[]): string {
  return ops.map((o) => JSON.stringify({ worker: o.worker, op: o.op, args: o.args })).join('\n');
}
