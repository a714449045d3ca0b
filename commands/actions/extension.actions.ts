import type { AreaActions } from './types';

/**
 * Permission action nodes of extensions, by permission group key and page (commands/permissions.ts): apply on
 * ExhibitionPeriodList, pay on ExhibitionPeriodPassedList, pass and reject on /review/reviewExhibitionPeriod.
 */
export const extensionActions: AreaActions = {
  exhibition_period: { ExhibitionPeriodList: ['apply'], ExhibitionPeriodPassedList: ['pay'] },
  review: { reviewExhibitionPeriod: ['pass', 'reject'] },
};

/**
 * Nodes of this area the demo role templates (commands/roles.ts, by identifier) also hold. The main merchant operator
 * runs the whole extension flow (the two-person rule still applies: the applicant cannot pass their own application).
 * Collectors will apply for extensions once the collection area lands (issue 6).
 */
export const extensionRoleGrants: Record<string, string[]> = {
  main_merchant: ['exhibition_period', 'review_reviewExhibitionPeriod_pass', 'review_reviewExhibitionPeriod_reject'],
};
