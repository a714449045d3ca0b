import type { FactBuilder } from '../refresh';

/** Fact maintenance of the channel reports (docs/statistics.md). */
export const channelFacts: FactBuilder[] = [];
