import type { ReportDecl, StatPage } from '../statistics';
import { channelReports } from './channel';
import { collectionReports } from './collection';
import { portfolioReports } from './portfolio';
import { repaymentReports } from './repayment';
import { workReports } from './work';

/** Every declared report by id (one file per area; the engine and the screen read only this). */
export const REPORTS: Readonly<Record<string, ReportDecl>> = Object.fromEntries(
  [...repaymentReports, ...collectionReports, ...workReports, ...channelReports, ...portfolioReports].map((r) => [r.id, r]),
);

/** The reports of a page, in declaration order (the first is the page's own; more show as tabs). */
export function reportsOf(page: StatPage): ReportDecl[] {
  return Object.values(REPORTS).filter((r) => r.page === page);
}
