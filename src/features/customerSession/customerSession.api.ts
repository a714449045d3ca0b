import { byId, type ApiCall } from '../../../commands';
import { api } from '../../app/api/request';
import type { CustomerLoginRow, CustomerOperateRow, CustomerSessionRow } from '../../schemas/customerSession';
import { CUSTOMER_SESSION_API } from '../../schemas/customerSession';
import type { LogList } from '../../schemas/log';
import type { MerchantOption } from '../../schemas/merchant';

/** The screens' lists are their commands' api calls (one declaration: the registry); the sessions tab has its own. */
const listOf = (screen: string): ApiCall => byId.get(screen)!.api!;
const opts = (signal?: AbortSignal) => ({ silent: true, signal });
type Query = Record<string, unknown>;

export const getCustomerLogins = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<CustomerLoginRow>>(listOf('log.customer_login'), q, opts(signal));

export const getCustomerOperations = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<CustomerOperateRow>>(listOf('log.customer_operate'), q, opts(signal));

export const getCustomerSessions = (q: Query, signal?: AbortSignal) =>
  api.call<LogList<CustomerSessionRow>>({ method: 'GET', path: CUSTOMER_SESSION_API.sessionList }, q, opts(signal));

export const getMerchantOptions = (signal?: AbortSignal) =>
  api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, opts(signal));
