import { api } from '../../app/api/request';
import type { MerchantOption } from '../../schemas/merchant';
import { MARKETING_API, type ImportStatus, type MarketingOptions, type ProgressRow } from '../../schemas/marketing';

/** The calls of the marketing screens (routes in src/server/modules/marketing/marketing.routes.ts). */

export interface Page<R> { rows: R[]; total: number }
export interface Agent { id: number; account: string; name: string; holding: number }
export interface HistoryItem { id: number; kind: string; result: string; note: string; created_at: string; account_name: string | null }

export const marketingApi = {
  merchants: (signal?: AbortSignal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }),
  groups: (merchantId: number | undefined, signal?: AbortSignal) =>
    api.get<Page<{ id: number; name: string; merchant_id: number }>>(MARKETING_API.groups, { merchant_id: merchantId, size: 500 }, { silent: true, signal }),
  options: (signal?: AbortSignal) => api.get<MarketingOptions>(MARKETING_API.options, undefined, { silent: true, signal }),
  progress: (groupId: number, signal?: AbortSignal) => api.get<ProgressRow[]>(MARKETING_API.progress, { group_id: groupId }, { silent: true, signal }),
  agents: (merchantId: number, signal?: AbortSignal) => api.get<Agent[]>(MARKETING_API.agents, { merchant_id: merchantId }, { silent: true, signal }),
  history: (id: number, signal?: AbortSignal) => api.get<HistoryItem[]>(MARKETING_API.myHistory, { id }, { silent: true, signal }),
  importText: (groupId: number, text: string) => api.post<ImportStatus>(MARKETING_API.importText, { group_id: groupId, text }),
  importFile: (groupId: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<ImportStatus>(`${MARKETING_API.importFile}?group_id=${groupId}`, form);
  },
  importStatus: (id: number, signal?: AbortSignal) => api.get<ImportStatus>(MARKETING_API.importStatus, { id }, { silent: true, signal }),
};
