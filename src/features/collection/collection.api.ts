import { api } from '../../app/api/request';
import { COLLECTION_API } from '../../schemas/collection';
import { SUPERVISE_API, type AlertRow, type LiveCounts, type SuperviseOptions } from '../../schemas/collectionSupervise';

/** Calls of the collection screens besides their lists and the registry's actions. */

export const getOptions = (signal?: AbortSignal) => api.get<SuperviseOptions>(SUPERVISE_API.options, undefined, { silent: true, signal });

export const getLiveCounts = (merchantId: number | undefined, signal?: AbortSignal) =>
  api.get<LiveCounts>(COLLECTION_API.liveCounts, merchantId ? { merchant_id: merchantId } : undefined, { silent: true, signal });

export const getAlerts = (merchantId: number | undefined, signal?: AbortSignal) =>
  api.get<AlertRow[]>(COLLECTION_API.alerts, merchantId ? { merchant_id: merchantId } : undefined, { silent: true, signal });
