import type { ReportSource } from '../engine';

/** Sources of the work reports (src/schemas/reports/work.ts). */
export const workSources: Record<string, ReportSource> = {};
