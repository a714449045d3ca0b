import { api } from '../../app/api/request';
import { COMMAND_DONE_EVENT, type CommandDoneDetail } from '../../app/commands';
import type { MerchantOption } from '../../schemas/merchant';
import { POOL_API, type AgentLoad, type ImportReport, type PoolEvent, type PoolRules, type SourceRow } from '../../schemas/pool';

/** The calls of the pool screens (routes in src/server/modules/pool/pool.routes.ts). */
export const poolApi = {
  merchants: (signal?: AbortSignal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }),
  events: (id: number, signal?: AbortSignal) => api.get<PoolEvent[]>(POOL_API.events, { id }, { silent: true, signal }),
  rules: (merchantId: number, signal?: AbortSignal) => api.get<PoolRules>(POOL_API.rules, { merchant_id: merchantId }, { silent: true, signal }),
  agents: (merchantId: number, signal?: AbortSignal) => api.get<AgentLoad[]>(POOL_API.agents, { merchant_id: merchantId }, { silent: true, signal }),
  sources: (signal?: AbortSignal) => api.get<{ rows: SourceRow[] }>(POOL_API.sources, { size: 500 }, { silent: true, signal }),
  /** Uploads a lead file (multipart: source_id before the file) and resolves with the per-row report. */
  importFile: async (sourceId: number, file: File): Promise<ImportReport> => {
    const form = new FormData();
    form.append('source_id', String(sourceId));
    form.append('file', file, file.name);
    const report = await api.post<ImportReport>(POOL_API.import, form, { silent: true });
    // The file is not a command parameter, so the runner did not send it: tell the screens as the runner would.
    if (typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent<CommandDoneDetail>(COMMAND_DONE_EVENT, { detail: { id: 'exogenous.exogenousSources.import', result: report, selection: [] } }));
    }
    return report;
  },
};
