import type { ReportDecl } from '../statistics';

/** Collection reports (docs/statistics.md "Collection"). */
export const collectionReports: ReportDecl[] = [];
