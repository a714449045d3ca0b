import { Badge, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ScorecardRule } from '../../../../schemas/scoring';
import { ACTION_COLORS, actionWord, signed, valuesText, valueText } from '../../../scoring/words';
import { useDetail } from '../DetailContext';
import { Coded, Copy, Dash, Field, Fields, Ltr, MiniTable, Money, Time, YesNo, useWord } from '../parts';

type Rule = ScorecardRule & { id: number };

/**
 * Scorecard: the machine review's result, status, time and score, and the per-rule breakdown of the latest scored
 * order (the scoring area stores it at machine review): each rule with the values it compared, whether it held,
 * the action taken and what it added to the total; then how the customer repays over all their orders.
 */
export function ScorecardSection() {
  const intl = useIntl();
  const { detail } = useDetail();
  const s = detail.scorecard;
  const word = useWord();
  const b = s.behaviour;
  return (
    <>
      <Fields>
        <Field label="customer.field.machine_review_result"><Coded group="review" value={s.result} /></Field>
        <Field label="customer.field.machine_review_status"><Coded group="review" value={s.status} /></Field>
        <Field label="customer.field.time"><Time value={s.at} /></Field>
        <Field label="customer.field.machine_review_score">{s.score === null ? <Dash /> : <Ltr>{s.score}</Ltr>}</Field>
        <Field label="customer.field.order_no"><Copy text={s.order_no} /></Field>
      </Fields>
      <MiniTable<Rule>
        label="customer.section.scorecard"
        empty="customer.scorecard.noRules"
        rows={s.rules.map((r, i) => ({ ...r, id: i }))}
        columns={[
          { key: 'rule', title: 'customer.field.rule' },
          { key: 'expression', title: 'scoring.breakdown.condition', render: (r) => <Ltr><code>{r.expression}</code></Ltr> },
          { key: 'left', title: 'scoring.breakdown.leftValue', render: (r) => <Ltr>{valueText(intl, r.left_value)}</Ltr> },
          { key: 'right', title: 'scoring.breakdown.rightValue', render: (r) => <Ltr>{valuesText(intl, r.right_value)}</Ltr> },
          { key: 'hit', title: 'customer.field.hit', render: (r) => <YesNo value={r.hit} /> },
          {
            key: 'action', title: 'scoring.breakdown.action',
            render: (r) => <Badge size="xs" radius="sm" tt="none" color={ACTION_COLORS[r.action] ?? 'gray'} variant={r.action === 'none' ? 'outline' : 'light'}>{actionWord(intl, r.action)}</Badge>,
          },
          { key: 'score', title: 'customer.field.score', align: 'right', render: (r) => <Ltr>{r.score}</Ltr> },
          { key: 'weight', title: 'customer.field.weight', align: 'right', render: (r) => <Ltr>{r.weight}</Ltr> },
          { key: 'contribution', title: 'scoring.breakdown.contribution', align: 'right', render: (r) => <Ltr>{signed(intl, r.contribution)}</Ltr> },
        ]}
      />
      <Text size="xs" fw={600} c="dimmed" mt={8} mb={2}>{word('customer.behaviour.title')}</Text>
      <Fields>
        <Field label="customer.behaviour.repayments" testId="behaviour-repayments"><Ltr>{b.repayments}</Ltr></Field>
        <Field label="customer.behaviour.repaid"><Money minor={b.repaid_minor} currency={b.currency} /></Field>
        <Field label="customer.behaviour.revoked"><Ltr>{b.revoked}</Ltr></Field>
        <Field label="customer.behaviour.settled"><Ltr>{b.settled_orders}</Ltr></Field>
        <Field label="customer.behaviour.onTime" testId="behaviour-on-time"><Ltr>{b.on_time}</Ltr></Field>
        <Field label="customer.behaviour.late" testId="behaviour-late"><Ltr>{b.late}</Ltr></Field>
        <Field label="customer.behaviour.overdueNow"><Ltr>{b.overdue_now}</Ltr></Field>
        <Field label="customer.behaviour.extensions"><Ltr>{b.extensions}</Ltr></Field>
        <Field label="customer.behaviour.maxOverdueDays" testId="behaviour-max-overdue"><Ltr>{b.max_overdue_days}</Ltr></Field>
      </Fields>
    </>
  );
}
