import type { AreaActions } from './types';
import { intakeActions } from './intake.actions';
import { paymentActions } from './payment.actions';
import { reviewActions } from './review.actions';
import { scoringActions } from './scoring.actions';
import { withdrawalActions } from './withdrawal.actions';

/**
 * Action nodes declared by area files (several areas add actions to pages of one group, e.g. the merchant
 * group's rule pages), merged into the permission tree by commands/permissions.ts.
 */
export const AREA_ACTIONS: AreaActions[] = [reviewActions, scoringActions, intakeActions, paymentActions, withdrawalActions];
