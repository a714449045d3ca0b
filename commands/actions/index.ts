import type { AreaActions } from './types';
import { intakeActions, intakeRoleGrants } from './intake.actions';
import { paymentActions, paymentRoleGrants } from './payment.actions';
import { reviewActions, reviewRoleGrants } from './review.actions';
import { scoringActions, scoringRoleGrants } from './scoring.actions';
import { withdrawalActions, withdrawalRoleGrants } from './withdrawal.actions';

/**
 * Action nodes declared by area files (several areas add actions to pages of one group, e.g. the merchant
 * group's rule pages), merged into the permission tree by commands/permissions.ts.
 */
export const AREA_ACTIONS: AreaActions[] = [reviewActions, scoringActions, intakeActions, paymentActions, withdrawalActions];

/** Extra nodes for role templates by identifier, from every area file (merged by commands/roles.ts). */
export const AREA_ROLE_GRANTS: Record<string, string[]>[] = [reviewRoleGrants, scoringRoleGrants, intakeRoleGrants, paymentRoleGrants, withdrawalRoleGrants];
