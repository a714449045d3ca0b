import type { ReportDecl } from '../statistics';

/** Registration, channel and provider reports (docs/statistics.md "Channels"). */
export const channelReports: ReportDecl[] = [];
