import { Alert, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { openCommandForm, useCommandDone, useCommandUi } from '../../app/commands';
import { useRemote } from '../../ui/useRemote';
import { getThreshold } from './scoring.api';

const SET = 'merchant.orderScoringRule.threshold';

/**
 * The pass score of the merchant the scorecard is filtered to: an order whose total is below it is rejected by
 * machine review. Without a merchant chosen there is nothing to show (each merchant has its own). While a merchant
 * is chosen, "Set pass score" (button, palette or `t`) opens its form on that merchant and its current score.
 */
export function ThresholdBar({ merchantId, merchantName }: { merchantId: number | null; merchantName: (id: number) => string }) {
  const intl = useIntl();
  const remote = useRemote((signal) => (merchantId === null ? Promise.resolve(null) : getThreshold(merchantId, signal)), [merchantId]);
  useCommandDone(() => remote.reload(), SET);
  const t = remote.data;
  useCommandUi(SET, () => {
    const initial = merchantId === null ? undefined : { merchant_id: merchantId, pass_score: t?.pass_score ?? undefined };
    void openCommandForm(byId.get(SET)!, [], { intl, initial });
  });
  if (merchantId === null) return <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'scoring.screen.pickMerchant' })}</Text>;
  const name = merchantName(merchantId);
  return (
    <Alert variant="light" color={t?.pass_score === null ? 'gray' : 'blue'} p="xs" data-testid="threshold-bar">
      <Text size="sm">
        {t && t.pass_score !== null
          ? intl.formatMessage({ id: 'scoring.screen.passScore' }, { merchant: name, score: intl.formatNumber(t.pass_score) })
          : intl.formatMessage({ id: 'scoring.screen.noPassScore' }, { merchant: name })}
      </Text>
    </Alert>
  );
}
