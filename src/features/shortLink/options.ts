import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../app/api/request';
import { useParamChoices } from '../../app/commands';
import type { MerchantOption } from '../../schemas/merchant';
import { DOMAIN_STATES, LINK_CHANNELS, LINK_PURPOSES, PROVIDER_KINDS, SHORT_LINK_API, type ShortLinkOptions } from '../../schemas/shortLink';
import type { Choice } from '../../ui/ParamForm';
import { useRemote } from '../../ui/useRemote';

/**
 * Choices of the short-link screens' filters and generated forms: merchants in scope, domains and providers (no
 * secrets), and the enums in the user's language (`option.<field>.<value>`). Registered for the palette's forms while
 * a screen is mounted.
 */
export function useShortLinkChoices(): Record<string, Choice[]> {
  const intl = useIntl();
  const merchants = useRemote((signal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal }), []).data;
  const opts = useRemote((signal) => api.get<ShortLinkOptions>(SHORT_LINK_API.options, undefined, { silent: true, signal }), []).data;
  const choices = useMemo(() => {
    const w = (field: string, values: readonly string[]) => values.map((v) => ({ value: v, label: intl.formatMessage({ id: `option.${field}.${v}` }) }));
    return {
      merchant_id: (merchants ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` })),
      domain_id: (opts?.domains ?? []).map((d) => ({ value: String(d.id), label: `${d.host} · ${intl.formatMessage({ id: `option.domain_state.${d.state}` })}` })),
      provider_id: (opts?.providers ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${intl.formatMessage({ id: `option.provider_kind.${p.kind}` })})${p.enabled ? '' : ' ✕'}` })),
      domain_state: w('domain_state', DOMAIN_STATES),
      provider_kind: w('provider_kind', PROVIDER_KINDS),
      link_purpose: w('link_purpose', LINK_PURPOSES),
      link_channel: w('link_channel', LINK_CHANNELS),
    };
  }, [intl, merchants, opts]);
  useParamChoices(choices);
  return choices;
}
