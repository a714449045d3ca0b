import { Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../app/lib/format';
import { DASHBOARD_DAYS, type MerchantFigures } from '../../schemas/dashboard';

const BALANCES = ['available', 'frozen', 'loan', 'risk'] as const;

/** My merchants: ledger balances and payouts (count and amount, today and over 30 days), each in its own currency. */
export function MerchantTable({ merchants }: { merchants: MerchantFigures[] }) {
  const intl = useIntl();
  const money = (m: MerchantFigures, v: number) => formatMoney(v, { currency: m.currency, minor: true, locale: intl.locale });
  const t = (id: string) => intl.formatMessage({ id }, { days: DASHBOARD_DAYS });
  const payouts = (m: MerchantFigures, p: MerchantFigures['payouts_today']) => (
    <>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{money(m, p.amount)}</Text>
      <Text size="xs" c="dimmed">{intl.formatMessage({ id: 'dashboard.note.loans' }, { count: p.count })}</Text>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing={6} data-testid="dashboard-merchants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.col.merchant')}</Table.Th>
            {BALANCES.map((k) => <Table.Th key={k} ta="end">{t(`dashboard.col.${k}`)}</Table.Th>)}
            <Table.Th ta="end">{t('dashboard.col.payoutsToday')}</Table.Th>
            <Table.Th ta="end">{t('dashboard.col.payouts30')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {merchants.map((m) => (
            <Table.Tr key={m.id} data-testid={`merchant-row-${m.id}`}>
              <Table.Td>
                <Text size="sm" fw={500}>{m.name}</Text>
                <Text size="xs" c="dimmed">{m.currency} · {intl.formatMessage({ id: 'dashboard.businessDate' }, { date: m.today })}</Text>
              </Table.Td>
              {BALANCES.map((k) => (
                <Table.Td key={k} ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>{money(m, m.balances[k])}</Table.Td>
              ))}
              <Table.Td ta="end">{payouts(m, m.payouts_today)}</Table.Td>
              <Table.Td ta="end">{payouts(m, m.payouts_30d)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
