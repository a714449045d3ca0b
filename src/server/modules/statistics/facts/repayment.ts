import type { FactBuilder } from '../refresh';

/** Fact maintenance of the repayment reports (docs/statistics.md). */
export const repaymentFacts: FactBuilder[] = [];
