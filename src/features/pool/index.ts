import { lazyScreen, type ScreenMap } from '../screen.types';

const screen = (name: keyof typeof import('./screens')) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/** Screens of the pool area (/dormantCustomer, /highSeas, /exogenousSources) by command id (lazy chunks). */
export const screens: ScreenMap = {
  'dormant.dormantCustomerList': screen('DormantScreen'),
  'dormant.overdueCustomerList': screen('OverdueScreen'),
  'highSeas.highSeasService': screen('ServiceScreen'),
  'highSeas.highSeasList': screen('PoolScreen'),
  'highSeas.myhighSeasList': screen('MyScreen'),
  'highSeas.highSeasRegistrationSuccessList': screen('ConversionsScreen'),
  'exogenous.exogenousSources': lazyScreen(() => import('./SourcesScreen')),
};
