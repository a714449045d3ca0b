import type { FactBuilder } from '../refresh';

/** Fact maintenance of the portfolio reports (docs/statistics.md). */
export const portfolioFacts: FactBuilder[] = [];
