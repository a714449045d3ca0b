// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SUPER_KEY } from '../../../../commands/permissions';
import { api } from '../../../app/api/request';
import { setDictGetter } from '../../../app/lib/dict';
import { setNotifier, type Notifier } from '../../../app/lib/notify';
import { session } from '../../../app/state/session';
import { DETAIL_SECTIONS, type CommentRow, type CustomerDetail } from '../../../schemas/customer';
import { renderUi } from '../../../ui/testing';
import CustomerDetailScreen from './CustomerDetailScreen';

const paged = <T,>(rows: T[], next: string | null = null) => ({ rows, total: rows.length, capped: false, next_cursor: next });

function detail(over: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    customer: {
      id: 42, code: 'C0042', name: 'Nguyen Van A', phone: '0912345678', market: 'vn', currency: 'VND', merchant_id: 1, merchant_name: 'Saigon Credit',
      channel_id: null, channel_name: '', registration_source: 'android', registration_method: 'sms_code', id_number: '079090001234', tax_id: '',
      religion: '1', relative_name: 'Tran B', relative_relation: '1', guardian_name: '', father_name: '', gender: '1', birth_date: '1990-05-17',
      marital_status: '2', education: '3', children_count: 1, residence_months: 24, user_level: 2, registered_device: 'Samsung A54',
      home_address: null, work_address: null, id_address: null, labels: [], whitelisted: false, login_allowed: true, reference_limit_minor: 0,
      exclusive_product_id: null, exclusive_product_name: '', exclusive_limit_minor: 0, marketing_status: '', rotation: false, app_active_at: null,
      h5_active_at: null, watermark_code: '', loan_count: 0, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
    },
    company: { company_name: 'Saigon Logistics', company_region: '', company_address: '', occupation: 'Driver', income_level: '2', company_size: '3', company_phone: '' },
    emergency_contacts: [{ id: 5, name: 'Tran Thi Mai', relation: '1', phone: '0987654321', created_at: '2026-01-01T00:00:00.000Z' }],
    documents: { liveness_score: null, photos: [], videos: [] },
    auth_records: [],
    locations: paged([]),
    contacts: paged([{ id: 9, name: 'Friend', relation: '', phone: '0901000001', created_at: '2026-01-01T00:00:00.000Z' }], 'CUR1'),
    sms: paged([]),
    calls: paged([]),
    carrier: { status: '', remark: '', at: null, records: [] },
    loan: null,
    loan_money: null,
    orders: [],
    extensions: [],
    credit_reviews: [],
    bank_cards: [],
    repayments: [],
    reductions: [],
    collection_logs: [],
    collection_logs_total: 0,
    scorecard: {
      result: '', status: '', at: null, score: null, order_no: null, rules: [],
      behaviour: { currency: 'VND', repayments: 0, repaid_minor: 0, revoked: 0, settled_orders: 0, on_time: 0, late: 0, overdue_now: 0, extensions: 0, max_overdue_days: 0 },
    },
    devices: [],
    apps: paged([]),
    risk_report: [],
    multi_lender: [],
    co_debt: [],
    co_debt_finding: null,
    blacklist: { blacklisted: false, level: 0, whitelisted: false, login_allowed: true, entries: [] },
    comments_total: 0,
    masked: false,
    ...over,
  };
}

const comment = (id: number, over: Partial<CommentRow> = {}): CommentRow => ({
  id, customer_id: 42, content: `Comment ${id}`, signed: false, essence: false, account_id: 1, account_name: 'Admin', created_at: new Date().toISOString(),
  can_delete: true, ...over,
});

let get: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
let notes: string[];
let data: CustomerDetail;
let comments: CommentRow[];

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

function open(path = '/example/orderDetails?client=42&name=Nguyen%20Van%20A&phone=0912345678') {
  const loc = memoryLocation({ path, record: true });
  renderUi(<Router hook={loc.hook} searchHook={loc.searchHook}><CustomerDetailScreen /></Router>);
  return loc;
}

/** Sections after the first ones are drawn after the first paint (Later): waits for all, and for the frame that finds the current section. */
async function drawn() {
  await screen.findByTestId('customer-detail');
  // Two dozen sections in jsdom take more than waitFor's default second on a busy machine.
  await waitFor(() => expect(document.querySelector('[data-later]')).toBeNull(), { timeout: 15_000 });
  await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
}

beforeEach(() => {
  session.nodes = [SUPER_KEY];
  notes = [];
  prev = setNotifier((_k, m) => notes.push(m));
  data = detail();
  comments = [comment(1)];
  setDictGetter((async (_path: string, q: Record<string, unknown>) => ({
    rows: q.dict_name === 'gender' ? [{ value: '1', label: 'Male' }, { value: '2', label: 'Female' }] : [{ value: '1', label: 'One' }, { value: '2', label: 'Two' }],
    total: 2,
  })) as never);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/customer/detail') return data;
    if (path === '/loanapi/customer/records') return paged([{ id: 10, name: 'Second page friend', relation: '', phone: '0901000002', created_at: '2026-01-01T00:00:00.000Z' }]);
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  post = vi.spyOn(api, 'post').mockImplementation((async (path: string) => {
    if (path === '/loanapi/customer_comment/all_list') return { rows: comments, total: comments.length };
    if (path === '/loanapi/customer/call_log') return { phone: '0987654321', a_text: 'Tran Thi Mai', only_no: '77', url: 'sip:0987654321', sip_text: '0987654321' };
    throw new Error(`unexpected POST ${path}`);
  }) as never);
  call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }, payload: Record<string, unknown>, opts?: { onMessage?: (m: string) => void }) => {
    opts?.onMessage?.('Saved');
    if (c.path === '/loanapi/customer/edit_field') return { field_name: payload.field_name, field_value: payload.field_value };
    if (c.path === '/loanapi/customer_comment/add_comment') {
      comments = [comment(2, { content: String(payload.content) }), ...comments];
      return { id: 2 };
    }
    return {};
  }) as never);
});
afterEach(() => {
  get.mockRestore();
  post.mockRestore();
  call.mockRestore();
  setNotifier(prev);
  setDictGetter();
  session.nodes = [];
  localStorage.clear();
});

describe('customer detail screen', () => {
  it('loads the customer named by ?client and shows every section of spec §2 in order, with the side navigation', async () => {
    open();
    expect(await screen.findByTestId('customer-name')).toHaveProperty('textContent', 'Nguyen Van A');
    expect(get).toHaveBeenCalledWith('/loanapi/customer/detail', { customer_id: 42 }, expect.anything());
    const sections = [...document.querySelectorAll('[data-section]')].map((el) => (el as HTMLElement).dataset.section);
    expect(sections).toEqual([...DETAIL_SECTIONS]);
    const nav = screen.getByTestId('section-nav');
    expect(within(nav).getAllByRole('button')).toHaveLength(DETAIL_SECTIONS.length);
    expect(within(nav).getByRole('button', { name: /Multi-lender report/ })).toBeTruthy();
  });

  it('says so when there is no picture and no video (spec §8)', async () => {
    open(); await drawn();
    const docs = await screen.findByTestId('section-documents');
    expect(within(docs).getByText('no picture upload record')).toBeTruthy();
    expect(within(docs).getByText('no video upload record')).toBeTruthy();
  });

  it('shows photos (click to enlarge) and the video with its fallback text', async () => {
    data = detail({
      documents: {
        liveness_score: 91.25,
        photos: [{ id: 1, kind: 'id_front', url: '/files/a.png', uploaded_at: null, uploader: 'customer' }, { id: 2, kind: 'face', url: '/files/b.png', uploaded_at: null, uploader: 'customer' }],
        videos: [{ id: 3, kind: 'video', url: '/files/c.mp4', uploaded_at: null, uploader: 'customer' }],
      },
    });
    open(); await drawn();
    const docs = await screen.findByTestId('section-documents');
    const video = within(docs).getByTestId('customer-video') as HTMLVideoElement;
    expect(video.getAttribute('width')).toBe('200');
    expect(video.getAttribute('height')).toBe('270');
    expect(video.autoplay).toBe(false);
    expect(video.hasAttribute('autoplay')).toBe(false);
    expect(video.textContent).toContain('browser does not support video');
    expect(within(docs).getByTestId('liveness-score').textContent).toBe('91.3');
    fireEvent.click(within(docs).getAllByTestId('doc-photo')[1]);
    const dialog = await screen.findByRole('dialog', { name: 'Face photo' });
    expect(within(dialog).getByText('2 / 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'ID card front' });
  });

  it('jumps between sections with ] and [ (not while typing)', async () => {
    // Page layout: sections stacked 400 px apart, the first at the top.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const i = DETAIL_SECTIONS.indexOf((this as HTMLElement).dataset?.section as never);
      return { top: i < 0 ? 0 : 90 + i * 400 } as DOMRect;
    });
    open(); await drawn();
    await screen.findByTestId('customer-detail');
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    fireEvent.keyDown(window, { key: ']' });
    fireEvent.keyDown(window, { key: ']' });
    fireEvent.keyDown(window, { key: '[' });
    await waitFor(() => expect(scrolled).toEqual(['cd-company', 'cd-emergency', 'cd-company']));
    expect(document.activeElement?.getAttribute('data-section-toggle')).toBe('company');
    fireEvent.keyDown(screen.getByTestId('comment-input'), { key: ']' });
    expect(scrolled).toHaveLength(3);
    rect.mockRestore();
  });

  it('collapses a section from its header and remembers it', async () => {
    open();
    const sms = await screen.findByTestId('section-sms');
    const toggle = within(sms).getByRole('button', { expanded: true });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(JSON.parse(localStorage.getItem('customerDetail.collapsed')!)).toEqual(['sms']);
  });

  it('edits a date field through the field editor: confirm, save with the page phone, show the new value', async () => {
    open();
    const field = await screen.findByTestId('field-birth_date');
    fireEvent.click(within(field).getByRole('button', { name: 'Edit Date of birth' }));
    const input = await screen.findByLabelText('Date of birth');
    fireEvent.change(input, { target: { value: '1991-02-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Update the data?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(
      { method: 'POST', path: '/loanapi/customer/edit_field' },
      { phone: '0912345678', customer_id: 42, field_name: 'birth_date', field_value: '1991-02-03' }, expect.anything(),
    ));
    await waitFor(() => expect(within(field).getByText('1991-02-03')).toBeTruthy());
    expect(notes).toContain('Saved');
  });

  it('shows fields read-only without the edit node', async () => {
    session.nodes = ['client_clientUser'];
    open();
    const field = await screen.findByTestId('field-birth_date');
    expect(within(field).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByTestId('comment-input')).toBeNull();
  });

  it('opens the 400-wide call dialog for a contact number and logs the call before opening the softphone link', async () => {
    const clicks: string[] = [];
    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicks.push(this.href);
    };
    try {
      open(); await drawn();
      const emergency = await screen.findByTestId('section-emergency');
      fireEvent.click(within(emergency).getByRole('button', { name: 'Call Tran Thi Mai' }));
      const dialog = await screen.findByRole('dialog', { name: 'Softphone call' });
      expect(within(dialog).getByTestId('call-number').textContent).toBe('0987654321');
      fireEvent.click(within(dialog).getByTestId('call-start'));
      await waitFor(() => expect(post).toHaveBeenCalledWith('/loanapi/customer/call_log', { customer_id: 42, target: 'emergency', contact_id: 5 }));
      await waitFor(() => expect(clicks).toEqual(['sip:0987654321']));
      expect(within(dialog).getByTestId('sip-link').getAttribute('href')).toBe('sip:0987654321');
    } finally {
      HTMLAnchorElement.prototype.click = orig;
    }
  });

  it('pages a capped list with its cursor', async () => {
    open(); await drawn();
    const contacts = await screen.findByTestId('section-contacts');
    fireEvent.click(within(contacts).getByRole('button', { name: 'Load more' }));
    await within(contacts).findByText('Second page friend');
    expect(get).toHaveBeenCalledWith('/loanapi/customer/records', { customer_id: 42, kind: 'contacts', cursor: 'CUR1' }, undefined);
  });

  it('lists comments and adds one', async () => {
    open();
    const panel = await screen.findByTestId('section-comments');
    await within(panel).findByText('Comment 1');
    fireEvent.change(within(panel).getByTestId('comment-input'), { target: { value: 'Promised to pay Friday' } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('comment-add'));
    });
    await waitFor(() => expect(call).toHaveBeenCalledWith(
      { method: 'POST', path: '/loanapi/customer_comment/add_comment' }, { customer_id: 42, content: 'Promised to pay Friday' }, expect.anything(),
    ));
    await within(panel).findByText('Promised to pay Friday');
  });

  it('lets an author without the delete node delete their own comment, and offers no delete on others', async () => {
    session.nodes = ['client_clientUser', 'client_clientUser_addComment'];
    comments = [comment(1, { content: 'Mine', can_delete: true }), comment(3, { content: 'Theirs', can_delete: false, account_name: 'Peer' })];
    open();
    const panel = await screen.findByTestId('section-comments');
    const [mine, theirs] = await within(panel).findAllByTestId('comment');
    expect(within(theirs).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'Sign' })).toBeNull();
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/customer_comment/del_comment' }, { id: 1 }, expect.anything()));
  });

  it('shows repayments with their allocation, reductions, extensions, the loan money by part and the over-contract warning', async () => {
    const order = {
      id: 7, order_no: 'ORD-7', external_order_no: '', merchant_id: 1, product_name: 'Quick 14', currency: 'VND', status: 'settled', order_type: '',
      is_returning: false, application_amount_minor: 1_000_000, loan_amount_minor: 1_000_000, received_amount_minor: 1_000_000,
      contract_amount_minor: 1_200_000, due_amount_minor: 1_200_000, paid_amount_minor: 1_200_000, remaining_debt_minor: 0, interest_minor: 200_000,
      management_fee_minor: 0, risk_fee_minor: 0, payment_fee_minor: 0, overdue_interest_minor: 0, overdue_penalty_minor: 0, reduction_total_minor: 0,
      extension_fee_minor: 0, interest_rate_bp: 0, interest_type: 'flat', overdue_rate_bp: 100, loan_days: 14, loan_at: null, success_at: null,
      due_date: '2026-02-01', overdue_days: 0, settled: true, settled_at: null, machine_review_result: '', machine_review_score: null, review_stage: '',
      review_result: '', review_limit_minor: 0, loan_remark: '', withdrawal_type: '', withdrawal_at: null, extension_count: 0, extension_days: 0,
      extended_at: null, created_at: '2026-01-01T00:00:00.000Z',
    };
    const zero = { penalty: 0, interest: 0, fee: 0, principal: 0 };
    data = detail({
      loan: order,
      orders: [order],
      loan_money: {
        order_id: 7, order_no: 'ORD-7', currency: 'VND', status: 'settled', loan_amount: 1_000_000, contract_amount: 1_200_000, due_amount: 1_200_000,
        paid_amount: 1_200_000, remaining_debt: 0, due_date: '2026-02-01', overdue_days: 0, overdue_interest: 0, overdue_penalty: 0, reduction_total: 0,
        extension_fee: 0, extension_count: 0, credit: 50_000, over_contract: true, owed: zero, paid: { ...zero, interest: 200_000, principal: 1_000_000 },
        reduced: zero,
      },
      repayments: [{
        id: 3, serial_no: 'RP2026010100000003', order_id: 7, order_no: 'ORD-7', currency: 'VND', type: 'manual', status: 'success',
        requested_minor: 1_250_000, success_minor: 1_250_000, allocated: { ...zero, interest: 200_000, principal: 1_000_000, overpaid: 50_000 },
        channel: '', card_no: '', va_number: '', reference: 'BANK-REF-9', over_contract: true, abnormal_reason: 'overpaid', operator: 'Admin',
        remark: '', created_at: '2026-01-10T03:00:00.000Z', paid_at: '2026-01-10T03:00:00.000Z', revoked_at: null, revoked_by: null, revoke_reason: '',
      }],
      reductions: [{
        id: 4, order_id: 7, order_no: 'ORD-7', currency: 'VND', amount_minor: 30_000, parts: { ...zero, penalty: 30_000 }, status: 'rejected',
        reason: 'Lost job', requested_by: 'Agent A', decided_by: 'Boss B', decide_remark: '', created_at: '2026-01-05T00:00:00.000Z',
        decided_at: '2026-01-05T01:00:00.000Z', expires_at: '2026-01-06T00:00:00.000Z',
      }],
      extensions: [{
        id: 5, application_no: 'EXT-5', order_id: 7, order_no: 'ORD-7', currency: 'VND', status: 'under_review', fee_type: 'rate', fee_setting: 1000,
        fee_minor: 100_000, penalty_minor: 0, days: 7, time_type: 'due_date', overpayment: 'credit', paid_fee_minor: 0, start_date: null, end_date: null,
        applicant: null, reviewer: null, remark: '', review_remark: '', created_at: '2026-01-04T00:00:00.000Z', reviewed_at: null, paid_at: null,
      }],
      scorecard: {
        ...detail().scorecard,
        behaviour: { currency: 'VND', repayments: 1, repaid_minor: 1_250_000, revoked: 0, settled_orders: 1, on_time: 0, late: 1, overdue_now: 0, extensions: 2, max_overdue_days: 9 },
      },
    });
    open(); await drawn();
    const repayments = await screen.findByTestId('section-repayments');
    const row = within(repayments).getAllByRole('row')[1];
    expect(within(row).getByText('RP2026010100000003')).toBeTruthy();
    expect(within(row).getByText('Manual repayment')).toBeTruthy();
    expect(within(row).getByText('Overpaid')).toBeTruthy();
    const parts = within(row).getByTestId('parts').textContent!;
    expect(parts).toMatch(/Interest.*200,000.*Principal.*1,000,000.*Credit.*50,000/);
    expect(within(row).getByTestId('over-contract')).toBeTruthy();

    const loan = screen.getByTestId('section-loan');
    expect(within(loan).getByTestId('over-contract-warning').textContent).toContain('Repaid amount larger than contract amount');
    expect(within(loan).getByTestId('loan-credit').textContent).toContain('50,000');
    const partRows = within(within(loan).getByTestId('loan-parts')).getAllByRole('row');
    // Header, penalty, interest, fee, principal, total.
    expect(partRows).toHaveLength(6);
    expect(partRows[2].textContent).toMatch(/Interest.*200,000.*200,000/);
    expect(partRows[5].textContent).toMatch(/Total.*1,200,000.*1,200,000/);

    const reductions = screen.getByTestId('section-reductions');
    expect(within(reductions).getByText('Lost job')).toBeTruthy();
    expect(within(reductions).getByText('Rejected')).toBeTruthy();
    expect(within(reductions).getByText('Boss B')).toBeTruthy();
    const extensions = screen.getByTestId('section-extensions');
    expect(within(extensions).getByText('EXT-5')).toBeTruthy();
    expect(within(extensions).getByText('Under review')).toBeTruthy();
    expect(within(extensions).getByText('Borrower app')).toBeTruthy();
    expect(within(extensions).getByText('10.00%')).toBeTruthy();

    const score = screen.getByTestId('section-scorecard');
    expect(within(score).getByTestId('behaviour-late').textContent).toContain('1');
    expect(within(score).getByTestId('behaviour-max-overdue').textContent).toContain('9');
  });

  it('shows no over-contract warning and no money block before the payout', async () => {
    open();
    const loan = await screen.findByTestId('section-loan');
    expect(within(loan).queryByTestId('over-contract-warning')).toBeNull();
    expect(within(loan).queryByTestId('loan-parts')).toBeNull();
  });

  it('asks for a customer when the route has none', async () => {
    const loc = open('/example/orderDetails');
    expect(await screen.findByTestId('customer-open')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Customer ID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(loc.history!.at(-1)).toBe('/example/orderDetails?client=42'));
  });

  it('opens from the review route with customer_id and names the queue it came from, in words', async () => {
    open('/details/reviewDetails?customer_id=42&id=900&type=trial&tags=vip');
    expect(await screen.findByTestId('review-context')).toHaveProperty('textContent', 'First review');
    expect(screen.queryByText(/tags|type trial/)).toBeNull();
  });

  it('shows no review context for a type that is not a review queue', async () => {
    open('/details/reviewDetails?customer_id=42&id=900&type=first&tags=vip');
    expect(await screen.findByTestId('customer-header')).toBeTruthy();
    expect(screen.queryByTestId('review-context')).toBeNull();
  });
});
