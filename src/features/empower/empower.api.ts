import { byId } from '../../../commands';
import { api, type RequestOptions } from '../../app/api/request';
import type { ListResult } from '../../schemas/common';
import type { AccountRow, NodeRow, RoleOption, RoleRow } from '../../schemas/empower';
import type { MerchantOption } from '../../schemas/merchant';

/** The list a screen command reads (its registry `api`), so the screen and the RBAC matrix name one route. */
function screenCall(screenId: string) {
  const call = byId.get(screenId)?.api;
  if (!call) throw new Error(`screen ${screenId} has no api`);
  return call;
}

export interface AccountQuery {
  keyword?: string;
  role_id?: number;
  enabled?: '0' | '1';
  page: number;
  page_size: number;
}

/** Drops empty filters so that the query string carries only what the user set. */
function compact<T extends object>(q: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export const empowerApi = {
  accounts: (q: AccountQuery, opts?: RequestOptions) => api.call<ListResult<AccountRow>>(screenCall('empower.user'), compact(q), opts),
  roles: (opts?: RequestOptions) => api.call<{ rows: RoleRow[] }>(screenCall('empower.role'), {}, opts),
  nodes: (opts?: RequestOptions) => api.call<{ rows: NodeRow[] }>(screenCall('empower.empower'), {}, opts),
  roleOptions: (opts?: RequestOptions) => api.get<RoleOption[]>('/loanapi/role/options', undefined, opts),
  merchantOptions: (opts?: RequestOptions) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, opts),
};
