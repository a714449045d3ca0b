import { api } from '../../app/api/request';
import { COLLECTION_API } from '../../schemas/collection';
import { WORKBENCH_API, type CaseDetail, type MyCasesAnswer, type WorkOptions } from '../../schemas/collectionWorkbench';

/** Reads of the workbench (its writes are commands: executeCommand). */
export const workbenchApi = {
  myCases: (filters: Record<string, unknown>, signal?: AbortSignal) => api.get<MyCasesAnswer>(COLLECTION_API.myCases, filters, { signal, silent: true }),
  caseDetail: (id: number, signal?: AbortSignal) => api.get<CaseDetail>(COLLECTION_API.caseDetail, { id }, { signal, silent: true }),
  options: (signal?: AbortSignal) => api.get<WorkOptions>(WORKBENCH_API.options, {}, { signal, silent: true }),
};
