import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the intake area (merchant group pages), by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'merchant.account': lazyScreen(() => import('./AppKeysScreen')),
  'merchant.loanRuleConfig': lazyScreen(() => import('./RuleConfigScreen')),
  'merchant.loanRestrictionRule': lazyScreen(() => import('./RestrictionRulesScreen')),
};
