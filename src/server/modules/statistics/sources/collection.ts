import type { ReportSource } from '../engine';

/** Sources of the collection reports (src/schemas/reports/collection.ts). */
export const collectionSources: Record<string, ReportSource> = {};
