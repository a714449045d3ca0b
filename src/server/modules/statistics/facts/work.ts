import type { FactBuilder } from '../refresh';

/** Fact maintenance of the work reports (docs/statistics.md). */
export const workFacts: FactBuilder[] = [];
