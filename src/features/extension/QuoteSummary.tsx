import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../app/lib/format';
import type { ExtensionQuoteView } from '../../schemas/extensionQuote';
import { word } from './columns';

/**
 * What an extension costs and does, as the apply and pay dialogs show it: the fee (fixed or a rate of the principal),
 * the penalty owed, the total due now, the current and the new due date, and how many extensions the order had.
 */
export function QuoteSummary({ q }: { q: ExtensionQuoteView }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (minor: number) => formatMoney(minor, { currency: q.currency, minor: true });
  const feeRule = q.fee_type === 'rate'
    ? t('extension.quote.feeRate', { rate: (q.fee_setting / 100).toFixed(2) })
    : t('extension.quote.feeFixed');
  const item = (label: string, value: string, testId: string) => (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500} data-testid={testId}>{value}</Text>
    </div>
  );
  return (
    <Stack gap="xs" data-testid="extension-quote">
      <Text size="sm" data-testid="extension-order">
        {q.order_no} · {q.customer_name ?? ''} · {q.phone ?? ''} · {word(intl, `option.status.${q.order_status}`, q.order_status)}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {item(`${t('extension.field.fee')} (${feeRule})`, money(q.fee), 'quote-fee')}
        {item(t('extension.field.penalty'), money(q.penalty_owed), 'quote-penalty')}
        {item(t('extension.quote.total'), money(q.total), 'quote-total')}
        {item(t('extension.quote.currentDue'), q.current_due_date ?? '—', 'quote-current-due')}
        {item(t('extension.quote.newDue', { days: q.days }), q.new_due_date, 'quote-new-due')}
        {item(t('extension.quote.count'), `${q.count} / ${q.max_count}`, 'quote-count')}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t(`extension.dueBase.${q.due_base}`)} · {t(`extension.overpayment.${q.overpayment}`)}
      </Text>
      {q.refusal && (
        <Alert color="red" data-testid="quote-refusal">
          {t(q.refusal, { status: word(intl, `option.status.${q.order_status}`, q.order_status), max: q.max_count, application_no: q.open_application ?? '' })}
        </Alert>
      )}
    </Stack>
  );
}
