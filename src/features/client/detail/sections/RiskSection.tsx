import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { CUSTOMER_NODES } from '../../../../../commands/customer.commands';
import { can } from '../../../../../commands/permissions';
import { useCommandUi } from '../../../../app/commands';
import { session } from '../../../../app/state/session';
import type { RiskReportView } from '../../../../schemas/customer';
import { Dash, Ltr, MiniTable, Time, useWord } from '../parts';
import { useReports } from './reports';

const GRADE_COLORS: Record<string, string> = { A: 'teal', B: 'green', C: 'yellow', D: 'orange', E: 'red' };

/** The refresh button of the report sections (the `customer.riskReport.refresh` command, shift+R on the detail). */
export function RefreshReports() {
  const word = useWord();
  const { nodes } = useSnapshot(session);
  const { refresh, busy } = useReports();
  useCommandUi('customer.riskReport.refresh', () => void refresh());
  if (!can(nodes as string[], CUSTOMER_NODES.riskReport)) return null;
  return (
    <Button size="compact-xs" variant="light" loading={busy} onClick={() => void refresh()} data-testid="risk-report-refresh">
      {word('customer.report.refresh')}
    </Button>
  );
}

/** Risk (credit) reports fetched for the customer, newest first: score, grade, the provider's flags, when and by whom. */
export function RiskSection() {
  const word = useWord();
  const { risk_report: rows } = useReports();
  return (
    <Stack gap={4} data-testid="risk-report">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">{word(rows.length ? 'customer.report.latestFirst' : 'customer.report.none')}</Text>
        <RefreshReports />
      </Group>
      <MiniTable<RiskReportView>
        label="customer.section.risk"
        rows={rows}
        columns={[
          { key: 'fetched_at', title: 'customer.field.time', render: (r) => <Time value={r.fetched_at} /> },
          { key: 'provider', title: 'customer.field.provider' },
          { key: 'score', title: 'customer.field.score', align: 'right', render: (r) => (r.score === null ? <Dash /> : <Ltr>{r.score}</Ltr>) },
          { key: 'grade', title: 'customer.report.grade', render: (r) => (r.grade ? <Badge size="sm" color={GRADE_COLORS[r.grade] ?? 'gray'}>{r.grade}</Badge> : <Dash />) },
          { key: 'flags', wrap: true, title: 'customer.report.flags', render: (r) => (r.flags.length ? r.flags.map((f) => word(`customer.riskFlag.${f}`, f)).join(', ') : <Dash />) },
          { key: 'fetched_by', title: 'customer.report.fetchedBy', render: (r) => r.fetched_by ?? word('customer.report.system') },
        ]}
      />
    </Stack>
  );
}
