import { useMemo } from 'react';
import { api } from '../../app/api/request';
import { CHANNEL_API, type AttemptRow, type BindingRow, type ChannelOption } from '../../schemas/channel';
import type { MerchantOption } from '../../schemas/merchant';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

/** The calls of the channel screens beyond their lists (routes in src/server/modules/channel/channel.routes.ts). */
const MERCHANT_OPTIONS = '/loanapi/merchant/options';

export const channelApi = {
  options: (signal?: AbortSignal) => api.get<ChannelOption[]>(CHANNEL_API.options, undefined, { silent: true, signal }),
  bindings: (channelId: number, signal?: AbortSignal) => api.get<BindingRow[]>(CHANNEL_API.bindingList, { channel_id: channelId }, { silent: true, signal }),
  attempts: (conversionId: number, signal?: AbortSignal) => api.get<AttemptRow[]>(CHANNEL_API.attempts, { conversion_id: conversionId }, { silent: true, signal }),
};

export interface ChannelChoices {
  merchants: Choice[];
  channels: Choice[];
  options: ChannelOption[];
  /** Choices for the forms and filters of the channel screens, by parameter name. */
  byKey: Record<string, Choice[]>;
}

/** Merchants and channels of the account's scope, as choices for forms (useParamChoices) and filters. */
export function useChannelChoices(): ChannelChoices {
  const merchants = useRemote((signal) => api.get<MerchantOption[]>(MERCHANT_OPTIONS, undefined, { silent: true, signal }), []);
  const channels = useRemote((signal) => channelApi.options(signal), []);
  return useMemo(() => {
    const m = (merchants.data ?? []).map((x) => ({ value: String(x.id), label: `${x.name} (${x.code})` }));
    const options = channels.data ?? [];
    const c = options.map((x) => ({ value: String(x.id), label: `${x.code} · ${x.name}` }));
    return {
      merchants: m, channels: c, options,
      byKey: { merchant_id: m, channel_id: c, target_channel_id: c, channel_ids: c},
    };
  }, [merchants.data, channels.data]);
}
