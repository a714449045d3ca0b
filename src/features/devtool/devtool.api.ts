import { api } from '../../app/api/request';
import { DEVTOOL_API, type MerchantTreeRow } from '../../schemas/devtool';

export const devtoolApi = {
  merchantTree: (signal?: AbortSignal) => api.get<MerchantTreeRow[]>(DEVTOOL_API.merchantTree, undefined, { signal, silent: true }),
};
