import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the channel area by command id (lazy chunks): /merchant channel, virtualChannel, channelAuditRule, channelProvider. */
export const screens: ScreenMap = {
  'merchant.channel': lazyScreen(() => import('./ChannelScreen')),
  'merchant.virtualChannel': lazyScreen(() => import('./VirtualChannelScreen')),
  'merchant.channelAuditRule': lazyScreen(() => import('./AuditRuleScreen')),
  'merchant.channelProvider': lazyScreen(() => import('./ProviderScreen')),
};
