import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the channel area by command id (lazy chunks): /merchant channel, virtualChannel, channelAuditRule, channelProvider. */
export const screens: ScreenMap = {
  'merchant.channel': lazy(() => import('./ChannelScreen')),
  'merchant.virtualChannel': lazy(() => import('./VirtualChannelScreen')),
  'merchant.channelAuditRule': lazy(() => import('./AuditRuleScreen')),
  'merchant.channelProvider': lazy(() => import('./ProviderScreen')),
};
