import { api } from '../../app/api/request';
import { EXTENSION_API } from '../../schemas/extension';
import type { ExtensionQuoteView } from '../../schemas/extensionQuote';
import type { MerchantOption } from '../../schemas/merchant';

/** Calls of the extension screens besides their lists and the registry's actions. */

/** The quote of an order (by number: the apply dialog) or of an application (by id: the pay dialog). */
export const getQuote = (q: { order_no?: string; order_id?: number; id?: number }, signal?: AbortSignal) =>
  api.get<ExtensionQuoteView>(EXTENSION_API.quote, q, { signal });

export const getMerchants = (signal?: AbortSignal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal });
