import type { FactBuilder } from '../refresh';

/** Fact maintenance of the collection reports (docs/statistics.md). */
export const collectionFacts: FactBuilder[] = [];
