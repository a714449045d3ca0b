import { lazyScreen, type ScreenMap } from '../screen.types';

const screen = (name: keyof typeof import('./screens')) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/** Screens of the marketing area by command id (lazy chunks; docs/marketing.md). */
export const screens: ScreenMap = {
  'marketing.MarketingService': screen('ServiceScreen'),
  'marketing.marketingList': screen('EntriesScreen'),
  'marketing.myMarketingList': screen('MyListScreen'),
  'marketing.RegistrationSuccessList': screen('RegistrationsScreen'),
  'marketing.H5UrlList': screen('LandingScreen'),
  'marketing.promotionLinkList': screen('LinksScreen'),
};
