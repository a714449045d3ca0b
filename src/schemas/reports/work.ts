import type { ReportDecl } from '../statistics';

/** Review, withdrawal and marketing staff reports (docs/statistics.md "Review and withdrawal"). */
export const workReports: ReportDecl[] = [];
