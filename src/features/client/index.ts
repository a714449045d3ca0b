import { lazy } from 'react';
import type { ScreenMap } from '../screen.types';

/** Screens of the customer area (/client), by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'client.clientUser': lazy(() => import('./CustomersScreen')),
  'client.clientUserCollection': lazy(() => import('./ClaimsScreen')),
  'client.UserBankcardCollection': lazy(() => import('./BankCardsScreen')),
  'client.UserBankcardMatchCollection': lazy(() => import('./BankMatchScreen')),
  'client.customer_sms_log': lazy(() => import('./LoginCodesScreen')),
  'client.clientDict': lazy(() => import('./CustomerDictScreen')),
  'client.userTags': lazy(() => import('./LabelsScreen')),
  // The shared customer-detail view (spec §2 detail pages), one screen for both routes.
  'customer.orderDetails': lazy(() => import('./detail/CustomerDetailScreen')),
  'customer.reviewDetails': lazy(() => import('./detail/CustomerDetailScreen')),
};
