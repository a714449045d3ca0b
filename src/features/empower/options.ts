import { useMemo } from 'react';
import type { RoleOption } from '../../schemas/empower';
import type { MerchantOption } from '../../schemas/merchant';
import { empowerApi } from './empower.api';
import { useRemote } from '../../ui/useRemote';

/** Roles to choose from (GET /loanapi/role/options); `grantable` false: the session may not give that role. */
export function useRoleOptions() {
  return useRemote<RoleOption[]>((signal) => empowerApi.roleOptions({ silent: true, signal }), []);
}

/** Merchants the session works with (GET /loanapi/merchant/options). */
export function useMerchantOptions() {
  return useRemote<MerchantOption[]>((signal) => empowerApi.merchantOptions({ silent: true, signal }), []);
}

/** id → name, for showing an account's merchants. */
export function useMerchantNames(merchants: readonly MerchantOption[] | undefined): Map<number, string> {
  return useMemo(() => new Map((merchants ?? []).map((m) => [m.id, m.name])), [merchants]);
}
