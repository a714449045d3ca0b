// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../app/api/request';
import { selectionStore, setCurrentScreen } from '../../app/commands';
import { responseCache } from '../../app/lib/dict';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { ReviewOrderDetail } from '../../schemas/review';
import { renderUi } from '../../ui/testing';
import { REACTION_MS, staleDecisionKey } from './keyGuard';
import ReviewPanel from './ReviewPanel';

const DETAIL: ReviewOrderDetail = {
  order: {
    id: 41, order_no: 'LO260301000000041', status: 'first_review', customer_id: 7, merchant_id: 1, merchant_name: 'Saigon Credit',
    product_name: 'Quick 7', currency: 'VND', is_returning: false, order_type: 'normal', application_amount: 3_000_000, loan_amount: 3_000_000,
    review_limit: 0, loan_days: 7, review_stage: 'first', review_result: 'pending', loan_remark: '', machine_review_result: 'approved',
    machine_review_score: 812, created_at: '2026-03-01T02:00:00.000Z',
  },
  page: 'trial',
  task: { status: 'open', assignee_id: null, assignee_name: null, claimed_at: null, mine: false },
  service: null,
  can_pass: true,
  version: '1772330400123',
  records: [{ id: 1, stage: 'first', result: 'to_service', reason: '', reason_label: '', remark: 'Ask for a clearer photo', limit: null, account_id: 3, account_name: 'Nguyen Thu Ha', created_at: '2026-03-01T03:00:00.000Z' }],
};

let prev: Notifier;
beforeEach(() => {
  session.nodes = ['review_trial_approve', 'review_trial_reject', 'review_trial_claim', 'review_trial_release', 'review_trial_toService'];
  prev = setNotifier(() => undefined);
  responseCache.clear();
  window.history.replaceState(null, '', '/details/reviewDetails?id=41&customer_id=7&type=trial');
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
  setCurrentScreen(null);
});

function mockGets(scoring: unknown | Error = new ApiError(40400, 'not found', null, 404)) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/loanapi/review/order_detail') return DETAIL as never;
    if (path === '/loanapi/dict/detail_on_list') return { rows: [{ value: '1', label: 'Incomplete documents' }, { value: '2', label: 'Identity mismatch' }] } as never;
    if (path === '/loanapi/scoring/order_breakdown') {
      if (scoring instanceof Error) throw scoring;
      return scoring as never;
    }
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('review panel', () => {
  it('makes the queue the current screen with the order selected, so the queue’s hotkeys and palette act on it', async () => {
    mockGets();
    renderUi(<ReviewPanel orderId={41} type="trial" />);
    await screen.findByTestId('review-panel');
    await waitFor(() => expect(selectionStore.screen).toBe('review.trial'));
    expect(selectionStore.rows.map((r) => r.id)).toEqual([41]);
    expect(screen.getByTestId('review-holder').textContent).toBe('Unclaimed');
    // The records are drawn right after the first paint (Later).
    expect(await screen.findByText('Ask for a clearer photo', { exact: false }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows "no breakdown" when the scoring route answers 404, and the scoring area’s lines when it answers', async () => {
    mockGets();
    const { unmount } = renderUi(<ReviewPanel orderId={41} type="trial" />);
    expect(await screen.findByTestId('breakdown-none')).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    mockGets({
      order: { id: 41 }, history: [],
      run: { id: 3, result: 'approved', decision: 'pass', score: 812, pass_score: 600, reason: '', reviewed_at: '2026-03-01T02:01:00.000Z', variables: {} },
      items: [
        { id: 1, rule: 'Age over 21', kind: 'score', left_expr: 'age', comparator: 'gte', right_expr: '21', left_value: 34, right_value: [21], held: true, action: 'add_score', score: 40, weight: 2, contribution: 80, error: false },
        { id: 2, rule: 'Bank card bound', kind: 'score', left_expr: 'bank_card_bound', comparator: 'eq', right_expr: 'true', left_value: false, right_value: [true], held: false, action: 'none', score: 20, weight: 1, contribution: 0, error: false },
      ],
    });
    renderUi(<ReviewPanel orderId={41} type="trial" />);
    expect(await screen.findByText('Age over 21')).toBeTruthy();
    const scoring = within(screen.getByTestId('review-scoring'));
    expect(scoring.getByText('812')).toBeTruthy();
    const [held, missed] = screen.getAllByTestId('breakdown-contribution').map((c) => c.textContent);
    // Only a rule that held adds to the score; one that did not gives nothing, and its false value reads "No".
    expect(held).toBe('+80');
    expect(missed).toBe('—');
    const row = screen.getByText('Bank card bound').closest('tr')!;
    expect(within(row).getAllByText('No').length).toBeGreaterThan(0);
  });

  it('approves with a limit in major units and the version shown, then opens the next order of the queue by itself', async () => {
    mockGets();
    const call = vi.spyOn(api, 'call').mockResolvedValue({ id: 41, status: 'second_review' } as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ id: 52, order_no: 'LO2', customer_id: 9, customer_name: 'B', phone: '0901234567' } as never);
    renderUi(<ReviewPanel orderId={41} type="trial" />);
    await screen.findByTestId('review-panel');
    fireEvent.change(screen.getByTestId('review-limit'), { target: { value: '2500000' } });
    fireEvent.click(screen.getByTestId('review-approve'));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0]).toEqual({ method: 'POST', path: '/loanapi/review/trial/approve' });
    expect(call.mock.calls[0][1]).toEqual({ id: 41, limit: 2_500_000, version: DETAIL.version });
    // Opening the order claimed it (with the version shown); moving on claims nothing.
    expect(post).toHaveBeenCalledWith('/loanapi/review/trial/claim', { id: 41, version: DETAIL.version }, { silent: true });
    await waitFor(() => expect(post.mock.calls.some(([path, body]) => path === '/loanapi/review/trial/next' && JSON.stringify(body) === '{"exclude":[41]}')).toBe(true));
    await waitFor(() => expect(window.location.search).toContain('id=52'));
    expect(window.location.pathname).toBe('/details/reviewDetails');
    expect(new URLSearchParams(window.location.search).get('type')).toBe('trial');
  });

  it('while the order is read, fetches the next one ahead; the decision then opens it without asking again', async () => {
    mockGets();
    vi.spyOn(api, 'call').mockResolvedValue({ id: 41, status: 'second_review' } as never);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ id: 53, order_no: 'LO3', customer_id: 9, customer_name: 'C', phone: '0901234567' } as never);
    const prefetch = vi.spyOn(api, 'prefetch').mockImplementation(() => undefined);
    renderUi(<ReviewPanel orderId={41} type="trial" />);
    await screen.findByTestId('review-panel');
    const nexts = () => post.mock.calls.filter(([path]) => path === '/loanapi/review/trial/next');
    await waitFor(() => expect(nexts()).toHaveLength(1), { timeout: 2000 });
    // What the next order's details will read is asked for now.
    await waitFor(() => expect(prefetch).toHaveBeenCalledWith('/loanapi/review/order_detail', { id: 53 }));
    expect(prefetch).toHaveBeenCalledWith('/loanapi/customer/detail', { customer_id: 9 });
    fireEvent.click(screen.getByTestId('review-approve'));
    await waitFor(() => expect(window.location.search).toContain('id=53'));
    expect(nexts()).toHaveLength(1);
  });

  it('rejects with the reason picked in the panel', async () => {
    mockGets();
    const call = vi.spyOn(api, 'call').mockResolvedValue({ id: 41, status: 'closed' } as never);
    vi.spyOn(api, 'post').mockResolvedValue(null as never);
    renderUi(<ReviewPanel orderId={41} type="trial" />);
    await screen.findByTestId('review-panel');
    fireEvent.click(screen.getByTestId('review-reason'));
    fireEvent.click(await screen.findByText('Identity mismatch'));
    fireEvent.click(screen.getByTestId('review-reject'));
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0][0].path).toBe('/loanapi/review/trial/reject');
    expect(call.mock.calls[0][1]).toEqual({ id: 41, reason: '2', version: DETAIL.version });
  });
});

describe('stale decision keys', () => {
  const key = (k: string, over: Partial<KeyboardEvent> = {}) => ({ key: k, isTrusted: true, ctrlKey: false, metaKey: false, altKey: false, target: document.body, timeStamp: 0, ...over });
  it('drops a decision key while the order is not on screen, and one replayed after being held (untrusted)', () => {
    expect(staleDecisionKey(key('a'), true)).toBe(false);
    expect(staleDecisionKey(key('a'), false)).toBe(true);
    expect(staleDecisionKey(key('r', { isTrusted: false }), true)).toBe(true);
    expect(staleDecisionKey(key('A', { isTrusted: false }), true)).toBe(true);
    // Replayed by the key gate (held while a dialog closed): dropped when pressed before the order was ready, kept after.
    expect(staleDecisionKey(key('a', { isTrusted: false }), true, 1000, 990)).toBe(true);
    expect(staleDecisionKey(key('a', { isTrusted: false }), true, 1000, 1000 + REACTION_MS + 10)).toBe(false);
    expect(staleDecisionKey(key('a', { isTrusted: false }), false, 1000, 1000 + REACTION_MS + 10)).toBe(true);
  });
  it('drops a decision key that went down sooner after the order was shown than anyone can react (a double tap)', () => {
    expect(staleDecisionKey(key('a', { timeStamp: 1000 + REACTION_MS - 50 }), true, 1000)).toBe(true);
    expect(staleDecisionKey(key('a', { timeStamp: 1000 + REACTION_MS + 1 }), true, 1000)).toBe(false);
    // Pressed before and replayed after the reaction time: still the previous order's key.
    expect(staleDecisionKey(key('a', { isTrusted: false }), true, 1000, 1010)).toBe(true);
  });
  it('lets other keys, modified keys and typing in a field or dialog through', () => {
    const input = document.createElement('input');
    expect(staleDecisionKey(key('j'), false)).toBe(false);
    expect(staleDecisionKey(key('a', { ctrlKey: true }), false)).toBe(false);
    expect(staleDecisionKey(key('a', { target: input, isTrusted: false }), false)).toBe(false);
  });
});
