import { Group, Stack, Text } from '@mantine/core';
import type { MultiLenderView, OtherLenderLoanView } from '../../../../schemas/customer';
import { Ltr, MiniTable, Money, Time, useWord } from '../parts';
import { useReports } from './reports';
import { RefreshReports } from './RiskSection';

/**
 * Multi-lender report: the customer's loans at other lenders outside the platform, from the risk provider — the newest
 * report's loans, with how many lenders, applications in 30 days, what is owed and the longest overdue.
 */
export function MultiLenderSection() {
  const word = useWord();
  const { multi_lender: reports } = useReports();
  const latest: MultiLenderView | undefined = reports[0];
  return (
    <Stack gap={4} data-testid="multi-lender">
      <Group justify="space-between" gap="xs">
        {latest ? (
          <Text size="xs" data-testid="multi-lender-summary">
            {word('customer.multiLender.summary', undefined, { lenders: latest.lenders, apps: latest.applications_30d, days: latest.max_overdue_days })}{' · '}
            <Money minor={latest.outstanding_minor} currency={latest.currency} />{' · '}
            <Time value={latest.fetched_at} />
          </Text>
        ) : <Text size="xs" c="dimmed">{word('customer.report.none')}</Text>}
        <RefreshReports />
      </Group>
      {latest && (
        <MiniTable<OtherLenderLoanView>
          label="customer.section.multiLender"
          empty="customer.multiLender.noLoans"
          rows={latest.loans}
          rowKey={(r, i) => `${r.lender}-${r.opened_on}-${i}`}
          columns={[
            { key: 'lender', title: 'customer.multiLender.lender' },
            { key: 'product', title: 'customer.multiLender.product', render: (r) => word(`customer.multiLender.product.${r.product}`, r.product) },
            { key: 'amount', title: 'customer.field.loan_amount', align: 'right', render: (r) => <Money minor={r.amount_minor} currency={latest.currency} /> },
            { key: 'outstanding', title: 'customer.field.remaining_debt', align: 'right', render: (r) => <Money minor={r.outstanding_minor} currency={latest.currency} /> },
            { key: 'overdue', title: 'customer.field.overdue_days', align: 'right', render: (r) => <Ltr>{r.overdue_days}</Ltr> },
            { key: 'opened', title: 'customer.multiLender.opened', render: (r) => <Time value={r.opened_on} date /> },
          ]}
        />
      )}
    </Stack>
  );
}
