import { useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import { api } from '../../app/api/request';
import { COMMAND_DONE_EVENT, type CommandDoneDetail } from '../../app/commands';
import { useDict } from '../../app/lib/dict';
import {
  BLACKLIST_API, BLACKLIST_LEVELS, BLACKLIST_REASON_DICT, BLACKLIST_SOURCES, BLACKLIST_TYPES, type CustomerPick, type ImportReport,
} from '../../schemas/blacklist';
import type { MerchantOption } from '../../schemas/merchant';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

/** The calls and choices of the blacklist screens (routes in src/server/modules/blacklist/blacklist.routes.ts). */
const MERCHANT_OPTIONS = '/loanapi/merchant/options';

/** Uploads an import file (multipart: the fields before the file); resolves with the per-row report. */
export async function uploadImport(file: File, fields: { merchant_id: string; level?: string; reason?: string }): Promise<ImportReport> {
  const form = new FormData();
  form.append('merchant_id', fields.merchant_id);
  if (fields.level) form.append('level', fields.level);
  if (fields.reason) form.append('reason', fields.reason);
  form.append('file', file, file.name);
  const report = await api.post<ImportReport>(BLACKLIST_API.import, form, { silent: true });
  // The file is not a command parameter, so the runner did not send it: tell the screens as the runner would.
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<CommandDoneDetail>(COMMAND_DONE_EVENT, { detail: { id: 'client.blackList.import', result: report, selection: [] } }));
  }
  return report;
}

export const findCustomers = (keyword: string, signal?: AbortSignal) =>
  api.get<CustomerPick[]>(BLACKLIST_API.findCustomer, { keyword }, { silent: true, signal });

export interface BlacklistChoices {
  merchants: Choice[];
  reasons: Choice[];
  types: Choice[];
  levels: Choice[];
  sources: Choice[];
  reasonLabel: (value: string) => string;
}

/** The choices the filters and forms share: merchants of the account, reasons of the dictionary, and the fixed sets in the user's language. */
export function useBlacklistChoices(intl: IntlShape): BlacklistChoices {
  const merchants = useRemote((signal) => api.get<MerchantOption[]>(MERCHANT_OPTIONS, undefined, { silent: true, signal }), []);
  const reasons = useDict(BLACKLIST_REASON_DICT);
  return useMemo(() => {
    const w = (id: string) => intl.formatMessage({ id });
    return {
      merchants: (merchants.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      reasons: reasons.items.filter((r) => r.enabled !== false).map((r) => ({ value: String(r.value), label: reasons.label(r.value) })),
      types: BLACKLIST_TYPES.map((t) => ({ value: t, label: w(`blacklist.type.${t}`) })),
      levels: BLACKLIST_LEVELS.map((l) => ({ value: String(l), label: w(`blacklist.level.${l}`) })),
      sources: BLACKLIST_SOURCES.map((s) => ({ value: s, label: w(`blacklist.source.${s}`) })),
      reasonLabel: (v: string) => reasons.label(v),
    };
  }, [intl, merchants.data, reasons]);
}

export const LEVEL_COLORS: Record<number, string> = { 1: '#f08c00', 2: '#e8590c', 3: '#e03131' };
