import type { ReportSource } from '../engine';

/** Sources of the channel reports (src/schemas/reports/channel.ts). */
export const channelSources: Record<string, ReportSource> = {};
