import { describe, expect, it } from 'vitest';
import { argvToScript, parseScript } from './script';
import { closestIds } from './suggest';
import { atPath, compact, holds, parseParams, parseValue } from './values';
import { ScriptError } from './words';

describe('script lines', () => {
  it('reads every line kind and skips comments and blank lines', () => {
    const lines = parseScript([
      '# a comment', '', 'as reviewer1', 'app M001 platform', 'app demo_key sk_secret', 'borrower b',
      'intake POST /loanapi/app/apply {"phone": "$b.phone"}', 'read review.trial {"order_no": "$no"}',
      'set order = rows.0.id', 'let note = "call $b.name"', 'expect status != closed',
      'wait 30 read review.trial {"order_no": "$no"} until rows.0.id', 'review.trial.approve id=$order',
    ].join('\n'));
    expect(lines.map((l) => l.kind)).toEqual(['as', 'app', 'app', 'borrower', 'step', 'step', 'set', 'let', 'expect', 'wait', 'step']);
    expect(lines[0].no).toBe(3);
    expect(lines[1]).toMatchObject({ merchant: 'M001', platform: true });
    expect(lines[2]).toMatchObject({ appKey: 'demo_key', secret: 'sk_secret' });
    expect(lines[4]).toMatchObject({ step: { kind: 'intake', method: 'POST', path: '/loanapi/app/apply', params: '{"phone": "$b.phone"}' } });
    expect(lines[9]).toMatchObject({ seconds: 30, step: { kind: 'read', target: 'review.trial' }, cond: { path: 'rows.0.id', op: 'truthy' } });
    expect(lines[10]).toMatchObject({ step: { kind: 'command', id: 'review.trial.approve', params: 'id=$order' } });
  });

  it('names the file and line of what it cannot read', () => {
    expect(() => parseScript('as a\n\nreviewtrial {"id": 1}', 'day.txt')).toThrow(/^day\.txt:3: "reviewtrial" is neither a command id/);
    expect(() => parseScript('wait review.trial until x', 'day.txt')).toThrow(/day\.txt:1: wait needs seconds/);
    expect(() => parseScript('set 1x = a')).toThrow(ScriptError);
  });

  it('turns the command line into lines: parameters join their command, `as` switches', () => {
    expect(argvToScript(['review.trial.next', 'review.trial.approve', '{"id": 12}', 'as', 'reviewer2', 'x.y.z', 'id=3', 'note=two words']))
      .toBe('review.trial.next\nreview.trial.approve {"id": 12}\nas reviewer2\nx.y.z id=3 note="two words"');
    expect(() => argvToScript(['{"id": 1}'])).toThrow(/before any command id/);
  });
});

describe('values', () => {
  const vars = new Map<string, unknown>([['order', 12], ['no', 'LO1'], ['b', { phone: '0901', card: { last4: '1234' } }]]);

  it('fills variables: whole strings keep their type, inside text they are text, bare ones are JSON', () => {
    expect(parseParams('{"id": "$order", "ref": "BANK-$no", "phone": "$b.phone", "n": $order, "c": $b.card}', vars))
      .toEqual({ id: 12, ref: 'BANK-LO1', phone: '0901', n: 12, c: { last4: '1234' } });
    expect(parseParams('id=$order note="by phone" amount=1000 ok=true ref=$no-x', vars)).toEqual({ id: 12, note: 'by phone', amount: 1000, ok: true, ref: 'LO1-x' });
    expect(parseParams('{"s": "costs $$5 \\"$no\\""}', vars)).toEqual({ s: 'costs $5 "LO1"' });
    expect(() => parseParams('{"id": "$missing"}', vars)).toThrow(/unknown variable \$missing/);
    expect(() => parseParams('{"id": 1', vars)).toThrow(/not valid JSON/);
    // A field that takes text keeps `1` as text; one that takes a number gets the number.
    const accepts = (name: string, v: unknown) => (name === 'reason' ? typeof v === 'string' : typeof v === 'number');
    expect(parseParams('reason=1 id=$order amount=5', vars, accepts)).toEqual({ reason: '1', id: 12, amount: 5 });
    expect(parseValue('"0901$order"', vars)).toBe('090112');
    expect(parseValue('plain words', vars)).toBe('plain words');
  });

  it('reads paths and checks conditions', () => {
    const page = { rows: [{ id: 7, status: 'repaying' }], total: 1 };
    expect(atPath(page, 'rows.0.id')).toBe(7);
    expect(atPath(page, 'rows[0].status')).toBe('repaying');
    expect(atPath(page, '.')).toBe(page);
    expect(atPath(page, 'rows.3.id')).toBeUndefined();
    expect(holds('repaying', '=', 'repaying')).toBe(true);
    expect(holds(0, '=', '0')).toBe(true);
    expect(holds('closed', '!=', 'closed')).toBe(false);
    expect(holds([], 'truthy')).toBe(false);
    expect(compact(page)).toBe('1 of 1 rows; rows.0 = {"id":7,"status":"repaying"}');
    expect(compact('x'.repeat(500)).length).toBe(240);
  });
});

describe('closest ids', () => {
  it('finds the id meant by a wrong area, a typo or a partial word', () => {
    expect(closestIds('app.theme.toggle')[0]).toBe('settings.theme.toggle');
    expect(closestIds('review.trail.aprove')[0]).toBe('review.trial.approve');
    expect(closestIds('settlement.add')[0]).toBe('repayment.settlement.add');
    expect(closestIds('qqq.zzz')).toEqual([]);
  });
});
