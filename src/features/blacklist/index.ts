import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the blacklist area by command id (lazy chunks): the internal list and the risk-control list. */
export const screens: ScreenMap = {
  'client.blackList': lazyScreen(() => import('./BlacklistScreen')),
  'client.outblackList': lazyScreen(() => import('./RiskBlacklistScreen')),
};
