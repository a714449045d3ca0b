import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MerchantOption } from '../../schemas/merchant';
import { PAYMENT_EVENT_KINDS, PROVIDER_KINDS, RULE_CUSTOMER_TYPES, TRANSFER_STATUSES } from '../../schemas/payment';
import { api } from '../../app/api/request';
import { useParamChoices } from '../../app/commands';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

interface ChannelOptions {
  rows: Array<{ id: number; code: string; name: string; enabled: boolean; is_default: boolean }>;
  secure_key_set: boolean;
}

/**
 * Choices of the payment screens' filters and forms: merchants of the account's scope, channels, and the words of
 * the enums. Registered for the generated forms too (palette, hotkeys, toolbar), while the screen is mounted.
 */
export function usePaymentChoices(): Record<string, Choice[]> {
  const intl = useIntl();
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []).data;
  const channels = useRemote((signal) => api.get<ChannelOptions>('/loanapi/bank_channel/options', undefined, { silent: true, signal }), []).data;
  const choices = useMemo(() => {
    const w = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: intl.formatMessage({ id: `${prefix}.${v}` }) }));
    const channel = (channels?.rows ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.code})${c.enabled ? '' : ' ✕'}` }));
    return {
      merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      channel_id: channel,
      payout_channel_id: channel,
      status: w('option.transfer_status', TRANSFER_STATUSES),
      provider: w('option.provider', PROVIDER_KINDS),
      kind: w('option.event_kind', PAYMENT_EVENT_KINDS),
      customer_type: w('option.rule_customer_type', RULE_CUSTOMER_TYPES),
    };
  }, [intl, merchants, channels]);
  useParamChoices(choices);
  return choices;
}
