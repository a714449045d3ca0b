import { useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import { byId } from '../../../commands';
import { api } from '../../app/api/request';
import { COLLECTION_API, EXTERNAL_CALL_API } from '../../schemas/collection';
import {
  COLLECTION_SETUP_API, OPEN_END_DAY, type ExternalCallRow, type GroupAccount, type GroupRow, type StageRow,
} from '../../schemas/collectionSetup';
import type { MerchantOption } from '../../schemas/merchant';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

/** The calls of the collection set-up screens (routes in src/server/modules/collection/setup.routes.ts). */
export const MERCHANT_OPTIONS = '/loanapi/merchant/options';

interface Page<R> {
  rows: R[];
  total: number;
}

const listOf = (screen: string) => byId.get(screen)!.api!;

export const setupApi = {
  stages: (merchantId: number, signal?: AbortSignal) =>
    api.call<Page<StageRow>>(listOf('merchant.stage'), { merchant_id: merchantId, size: 500 }, { silent: true, signal }),
  groups: (merchantId: number, signal?: AbortSignal) =>
    api.get<Page<GroupRow>>(COLLECTION_API.groups, { merchant_id: merchantId, size: 500 }, { silent: true, signal }),
  accounts: (merchantId: number, signal?: AbortSignal) =>
    api.get<GroupAccount[]>(COLLECTION_SETUP_API.accounts, { merchant_id: merchantId }, { silent: true, signal }),
  outbound: (filters: Record<string, unknown>, signal?: AbortSignal) =>
    api.call<Page<ExternalCallRow>>(listOf('empower.outbound'), { ...filters, size: 500 }, { silent: true, signal }),
  types: (signal?: AbortSignal) => api.post<Array<{ value: string; label: string }>>(EXTERNAL_CALL_API.types, {}, { silent: true, signal }),
};

export interface MerchantChoices {
  merchants: MerchantOption[];
  choices: Choice[];
  loading: boolean;
}

/** The merchants of the account's scope, as choices. */
export function useMerchantChoices(): MerchantChoices {
  const remote = useRemote((signal) => api.get<MerchantOption[]>(MERCHANT_OPTIONS, undefined, { silent: true, signal }), []);
  return useMemo(() => {
    const merchants = remote.data ?? [];
    return { merchants, choices: merchants.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })), loading: remote.loading };
  }, [remote.data, remote.loading]);
}

/** "D-2..D0" before the due date, "1–7 days overdue" after it, "31+ days overdue" for the open-ended last stage. */
export function rangeLabel(intl: IntlShape, min: number, max: number): string {
  const d = (n: number) => (n === 0 ? '0' : String(n));
  if (max <= 0) return intl.formatMessage({ id: 'collectionSetup.range.before' }, { min: d(min), max: d(max) });
  const open = max >= OPEN_END_DAY;
  if (min >= 1) {
    return open
      ? intl.formatMessage({ id: 'collectionSetup.range.overdueFrom' }, { min: String(min) })
      : intl.formatMessage({ id: 'collectionSetup.range.overdue' }, { min: String(min), max: String(max) });
  }
  return open
    ? intl.formatMessage({ id: 'collectionSetup.range.fromDay' }, { min: d(min) })
    : intl.formatMessage({ id: 'collectionSetup.range.mixed' }, { min: d(min), max: String(max) });
}
