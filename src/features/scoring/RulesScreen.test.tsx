// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { OrderBreakdown, RuleRow } from '../../schemas/scoring';
import { renderUi } from '../../ui/testing';
import { BreakdownView } from './BreakdownPanel';
import { RulesScreen } from './RulesScreen';

const row = (over: Partial<RuleRow>): RuleRow => ({
  id: 1, merchant_id: 7, merchant_name: 'Saigon Credit', kind: 'audit', name: 'Blacklisted customer', clone_code: 'AA-BLACKLIST',
  left_expr: 'blacklisted', comparator: 'eq', right_expr: 'true', action_hit: 'reject', action_miss: 'none', score: 0, weight: 1,
  sort_order: 10, enabled: true, updated_at: '2026-03-01T00:00:00Z', created_at: '2026-03-01T00:00:00Z', ...over,
});
const ROWS = [row({}), row({ id: 2, name: 'Age band', clone_code: 'AA-AGE', left_expr: 'age', comparator: 'between', right_expr: '22, 55', action_hit: 'none', action_miss: 'reject', enabled: false })];

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/merchant/options') return [{ id: 7, name: 'Saigon Credit', code: 'M001', parent_id: null }];
    if (path === '/loanapi/order_scoring_rule/threshold') return { merchant_id: 7, pass_score: 590, updated_at: null };
    if (path.endsWith('/clone_counts')) return { 'AA-BLACKLIST': 3, 'AA-AGE': 1 };
    throw new Error(path);
  }) as never);
  call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }) => {
    if (c.path.endsWith('/list')) return { rows: ROWS, total: ROWS.length, total_exact: true };
    throw new Error(c.path);
  }) as never);
});
afterEach(() => {
  get.mockRestore();
  call.mockRestore();
  setNotifier(prev);
  session.nodes = [];
  window.history.replaceState(null, '', '/');
});

describe('auto-audit rule screen', () => {
  it('lists the rules with their expression, actions and clone count', async () => {
    renderUi(<RulesScreen kind="audit" />);
    const table = await screen.findByRole('table', { name: 'Auto review rules' });
    await within(table).findByText('Blacklisted customer');
    expect(within(table).getByText('22, 55', { exact: false }).textContent).toBe('age between 22, 55');
    expect(within(table).getAllByText('Reject')).toHaveLength(2);
    expect(within(table).getByText('×3')).toBeTruthy();
    expect(within(table).getByText('Off')).toBeTruthy();
    expect(call).toHaveBeenCalledWith({ method: 'GET', path: '/loanapi/auto_audit_rule/list' }, { size: 500 }, expect.anything());
  });

  it('checks the expressions while they are typed, inserts variables, and shows what the server refuses at its field', async () => {
    renderUi(<RulesScreen kind="audit" />);
    await screen.findByText('Blacklisted customer');
    fireEvent.click(screen.getByRole('button', { name: /Add auto-review rule/ }));
    const dialog = await screen.findByRole('dialog');
    const left = within(dialog).getByLabelText(/^Left expression/) as HTMLTextAreaElement;
    const right = within(dialog).getByLabelText(/^Right expression/) as HTMLTextAreaElement;
    fireEvent.change(left, { target: { value: 'agee' } });
    fireEvent.change(right, { target: { value: '18' } });
    expect(await within(dialog).findByText('Unknown variable “agee”')).toBeTruthy();

    fireEvent.change(left, { target: { value: '' } });
    fireEvent.focus(left);
    fireEvent.click(within(dialog).getByText('liveness_score'));
    expect(left.value).toBe('liveness_score');
    expect(await within(dialog).findByTestId('rule-check-ok')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Weak liveness' } });
    call.mockRejectedValueOnce(new ApiError(40000, 'Unknown variable', { issues: [{ path: 'left_expr', id: 'scoring.expr.unknownVariable', values: { name: 'liveness_score' } }] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Unknown variable “liveness_score”')).toBeTruthy();
    expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/auto_audit_rule/add' }, expect.objectContaining({
      merchant_id: 7, name: 'Weak liveness', left_expr: 'liveness_score', comparator: 'gte', right_expr: '18', action_hit: 'reject',
      action_miss: 'none', score: 0, weight: 1, sort_order: 100, enabled: true,
    }), expect.anything());

    call.mockResolvedValueOnce(row({ id: 3 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a merchant before showing the scorecard’s pass score', async () => {
    renderUi(<RulesScreen kind="score" />);
    expect(await screen.findByText('Choose a merchant above to see its pass score')).toBeTruthy();
  });
});

describe('breakdown view', () => {
  it('shows the decision, the total against the pass score and each rule’s values', () => {
    const b: OrderBreakdown = {
      order: { id: 5, order_no: 'O5', merchant_id: 7, status: 'first_review', machine_review_result: 'approved', machine_review_score: 640 },
      run: { id: 1, result: 'approved', decision: 'manual', score: 640, pass_score: 590, reason: '', reviewed_at: '2026-03-01T00:00:00Z', variables: {} },
      items: [{
        id: 1, rule_id: 2, kind: 'score', rule: 'Income', clone_code: 'SC-INCOME', left_expr: 'income_level', comparator: 'gte', right_expr: '3',
        left_value: 4, right_value: [3], held: true, action: 'add_score', score: 20, weight: 2, contribution: 40, error: '',
      }],
      history: [{ id: 1, result: 'approved', decision: 'manual', score: 640, reviewed_at: '2026-03-01T00:00:00Z' }],
    };
    renderUi(<BreakdownView breakdown={b} />);
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByText('A rule asked for manual review')).toBeTruthy();
    expect(screen.getByText('income_level ≥ 3')).toBeTruthy();
    expect(screen.getByText('+40')).toBeTruthy();
    expect(screen.getByText('Add score')).toBeTruthy();
  });
});
