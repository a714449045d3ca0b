import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the intake area (merchant group pages), by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'merchant.account': lazy(() => import('./AppKeysScreen')),
  'merchant.loanRuleConfig': lazy(() => import('./RuleConfigScreen')),
  'merchant.loanRestrictionRule': lazy(() => import('./RestrictionRulesScreen')),
};
