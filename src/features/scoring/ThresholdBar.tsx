import { Alert, Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { byId } from '../../../commands';
import { can } from '../../../commands/permissions';
import { openCommandForm, useCommandDone } from '../../app/commands';
import { session } from '../../app/state/session';
import { useRemote } from '../../ui/useRemote';
import { getThreshold } from './scoring.api';

const SET = 'merchant.orderScoringRule.threshold';

/**
 * The pass score of the merchant the scorecard is filtered to: an order whose total is below it is rejected by
 * machine review. Without a merchant chosen there is nothing to show (each merchant has its own).
 */
export function ThresholdBar({ merchantId, merchantName }: { merchantId: number | null; merchantName: (id: number) => string }) {
  const intl = useIntl();
  const { nodes } = useSnapshot(session);
  const remote = useRemote((signal) => (merchantId === null ? Promise.resolve(null) : getThreshold(merchantId, signal)), [merchantId]);
  useCommandDone(() => remote.reload(), SET);
  const cmd = byId.get(SET)!;
  if (merchantId === null) return <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'scoring.screen.pickMerchant' })}</Text>;
  const t = remote.data;
  const name = merchantName(merchantId);
  return (
    <Alert variant="light" color={t?.pass_score === null ? 'gray' : 'blue'} p="xs" data-testid="threshold-bar">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t && t.pass_score !== null
            ? intl.formatMessage({ id: 'scoring.screen.passScore' }, { merchant: name, score: intl.formatNumber(t.pass_score) })
            : intl.formatMessage({ id: 'scoring.screen.noPassScore' }, { merchant: name })}
        </Text>
        {can(nodes as string[], cmd.permission) && (
          <Button size="xs" variant="light" onClick={() => void openCommandForm(cmd, [], { intl, initial: { merchant_id: merchantId, pass_score: t?.pass_score ?? undefined } })}>
            {intl.formatMessage({ id: cmd.title })}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
