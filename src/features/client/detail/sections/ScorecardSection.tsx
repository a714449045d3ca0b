import { useDetail } from '../DetailContext';
import { Coded, Copy, Dash, Field, Fields, Ltr, MiniTable, Time, YesNo } from '../parts';

type Rule = { id: number; rule: string; hit: boolean; score: number; weight: number };

/** Scorecard: the machine review's result, status, time and score, and the per-rule breakdown. */
export function ScorecardSection() {
  const { detail } = useDetail();
  const s = detail.scorecard;
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
          { key: 'hit', title: 'customer.field.hit', render: (r) => <YesNo value={r.hit} /> },
          { key: 'score', title: 'customer.field.score', align: 'right', render: (r) => <Ltr>{r.score}</Ltr> },
          { key: 'weight', title: 'customer.field.weight', align: 'right', render: (r) => <Ltr>{r.weight}</Ltr> },
        ]}
      />
    </>
  );
}
