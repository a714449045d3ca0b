import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the short-link area by command id (one lazy chunk): /system DomainLinkLog, LinkUseChannel, DomainList, ServiceProvider. */
const screen = (name: 'DomainListScreen' | 'ServiceProviderScreen' | 'LinkUseChannelScreen' | 'DomainLinkLogScreen') =>
  lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

export const screens: ScreenMap = {
  'system.DomainList': screen('DomainListScreen'),
  'system.ServiceProvider': screen('ServiceProviderScreen'),
  'system.LinkUseChannel': screen('LinkUseChannelScreen'),
  'system.DomainLinkLog': screen('DomainLinkLogScreen'),
};
