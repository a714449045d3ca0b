import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the customer area (/client), by command id (lazy, so each screen is its own chunk). */
export const screens: ScreenMap = {
  'client.clientUser': lazyScreen(() => import('./CustomersScreen')),
  'client.clientUserCollection': lazyScreen(() => import('./ClaimsScreen')),
  'client.UserBankcardCollection': lazyScreen(() => import('./BankCardsScreen')),
  'client.UserBankcardMatchCollection': lazyScreen(() => import('./BankMatchScreen')),
  'client.customer_sms_log': lazyScreen(() => import('./LoginCodesScreen')),
  'client.clientDict': lazyScreen(() => import('./CustomerDictScreen')),
  'client.userTags': lazyScreen(() => import('./LabelsScreen')),
  // The shared customer-detail view (spec §2 detail pages), one screen for both routes.
  'customer.orderDetails': lazyScreen(() => import('./detail/CustomerDetailScreen')),
  'customer.reviewDetails': lazyScreen(() => import('./detail/CustomerDetailScreen')),
};
