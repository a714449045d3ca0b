// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { ExternalCallRow, GroupRow, StageRow } from '../../schemas/collectionSetup';
import { renderUi } from '../../ui/testing';
import OutboundScreen from './OutboundScreen';
import StageScreen from './StageScreen';

const stage = (over: Partial<StageRow>): StageRow => ({
  id: 1, merchant_id: 3, merchant_name: 'Saigon Credit', name: 'D-2..D0', min_day: -2, max_day: 0, group_id: 11, group_name: 'Reminder team', daily_cap: 40,
  reassign_after_days: 0, reminder: true, enabled: true, sort: 0, open_cases: 4, created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z', ...over,
});
const STAGES = [
  stage({}),
  stage({ id: 2, name: 'S1', min_day: 1, max_day: 7, group_id: 12, group_name: 'S1 team', daily_cap: 30, reassign_after_days: 5, reminder: false, open_cases: 0 }),
  stage({ id: 3, name: 'M1+', min_day: 31, max_day: 3650, group_id: 12, group_name: 'S1 team', reminder: false, enabled: false, open_cases: 0 }),
];
const GROUPS: GroupRow[] = [
  { id: 11, merchant_id: 3, merchant_name: 'Saigon Credit', name: 'Reminder team', stages: [{ id: 1, name: 'D-2..D0', enabled: true }], created_at: '2026-03-01T00:00:00Z',
    members: [{ account_id: 21, account: 'reminder', name: 'Dang Thi Mai', enabled: true, daily_cap: 0, account_enabled: true }] },
  { id: 12, merchant_id: 3, merchant_name: 'Saigon Credit', name: 'S1 team', stages: [{ id: 2, name: 'S1', enabled: true }], created_at: '2026-03-01T00:00:00Z', members: [] },
  { id: 13, merchant_id: 3, merchant_name: 'Saigon Credit', name: 'Spare team', stages: [], created_at: '2026-03-01T00:00:00Z', members: [] },
];
const OUTBOUND: ExternalCallRow[] = [
  { id: 5, merchant_id: null, merchant_name: null, name: 'Office PBX', type: 'sip', url: 'pbx.example.com', a_text: '', only_no: false, sip_text: 'Dial', enabled: true, sort: 0,
    created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z' },
];

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
let notes: string[];
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  notes = [];
  prev = setNotifier((_k, m) => notes.push(m));
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/merchant/options') return [{ id: 3, name: 'Saigon Credit', code: 'M001', parent_id: null }];
    if (path === '/loanapi/collection/group/list') return { rows: GROUPS, total: GROUPS.length };
    if (path === '/loanapi/collection/group/accounts') return [{ id: 22, account: 'collector', name: 'Vo Thanh Son', enabled: true, role_name: 'Collector' }];
    throw new Error(path);
  }) as never);
  post = vi.spyOn(api, 'post').mockImplementation((async (path: string) => {
    if (path === '/loanapi/external_call/get_external_call_type') return [{ value: 'sip', label: 'SIP link' }, { value: 'url', label: 'Web softphone (URL)' }];
    throw new Error(path);
  }) as never);
  call = vi.spyOn(api, 'call').mockImplementation((async (c: { path: string }) => {
    if (c.path === '/loanapi/collection/stage/list') return { rows: STAGES, total: STAGES.length, total_exact: true };
    if (c.path === '/loanapi/external_call/list') return { rows: OUTBOUND, total: OUTBOUND.length, total_exact: true };
    return { id: 99 };
  }) as never);
});
afterEach(() => {
  get.mockRestore();
  call.mockRestore();
  post.mockRestore();
  setNotifier(prev);
  session.nodes = [];
  window.history.replaceState(null, '', '/');
});

/** The stage table once its rows are in. */
const loaded = async () => within(await screen.findByRole('table', { name: 'Collection stages' })).findByText('S1');
const calls = (path: string) => call.mock.calls.filter((c: unknown[]) => (c[0] as { path: string }).path === path);

describe('/merchant/stage', () => {
  it('lists the first merchant\'s stages with their day ranges in words, the timeline and only the stage actions in the toolbar', async () => {
    renderUi(<StageScreen />);
    const table = await screen.findByRole('table', { name: 'Collection stages' });
    await within(table).findByText('S1');
    expect(within(table).getAllByText('D-2..D0').length).toBeGreaterThan(0);
    expect(within(table).getByText('1–7 days overdue')).toBeTruthy();
    expect(within(table).getByText('31+ days overdue')).toBeTruthy();
    expect(within(table).getByText('after 5 days')).toBeTruthy();
    expect(calls('/loanapi/collection/stage/list')[0][1]).toEqual({ merchant_id: 3, size: 500 });

    const timeline = screen.getByTestId('stage-timeline');
    expect(within(timeline).getAllByTestId('timeline-bar').map((b) => b.getAttribute('data-stage'))).toEqual(['D-2..D0', 'S1', 'M1+']);
    // M1+ is disabled: days 8 to 60 belong to no enabled stage, and nothing overlaps.
    expect(within(timeline).getByTestId('timeline-gaps').textContent).toContain('8–60 days overdue');
    expect(within(timeline).queryByTestId('timeline-overlaps')).toBeNull();

    const bar = screen.getByTestId('command-toolbar');
    expect(bar.querySelector('[data-command="merchant.stage.add"]')?.getAttribute('aria-keyshortcuts')).toBe('N');
    expect(bar.querySelector('[data-command="merchant.stage.edit"]')).not.toBeNull();
    expect(bar.querySelector('[data-command="merchant.stage.groupAdd"]')).toBeNull();
  });

  it('adds a stage: warns about an overlap naming the stage before saving, sends the stage and shows the server\'s refusal', async () => {
    renderUi(<StageScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /Add stage/ }));
    const dialog = await screen.findByRole('dialog');
    // A new stage starts after the last enabled one (S1 ends on day 7).
    expect((within(dialog).getByLabelText(/^From day/) as HTMLInputElement).value).toBe('8');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'S1b' } });
    fireEvent.change(within(dialog).getByLabelText(/^From day/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^To day/), { target: { value: '12' } });
    expect((await within(dialog).findByTestId('stage-clash')).textContent).toContain('“S1”');
    expect(within(dialog).getByTestId('stage-range').textContent).toBe('5–12 days overdue');
    expect(within(dialog).getByTestId('timeline-overlaps').textContent).toContain('5–7 days overdue');

    fireEvent.click(within(dialog).getByRole('combobox', { name: /Collector group/ }));
    fireEvent.click(await screen.findByRole('option', { name: /S1 team/ }));
    call.mockRejectedValueOnce(new ApiError(42200, 'The days overlap stage “S1” (days 1 to 7)', { issues: [{ path: 'min_day', id: 'collection.stageOverlap', values: { stage: 'S1', from: 1, to: 7 } }] }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    });
    await waitFor(() => expect(calls('/loanapi/collection/stage/add')).toHaveLength(1));
    expect(calls('/loanapi/collection/stage/add')[0][1]).toEqual({
      merchant_id: 3, name: 'S1b', min_day: 5, max_day: 12, group_id: 12, daily_cap: 30, reassign_after_days: 0, reminder: false, enabled: true, sort: 0,
    });
    expect((await within(dialog).findByTestId('stage-problem')).textContent).toContain('The days overlap stage “S1”');
  });

  it('enables and disables a stage with its switch (the whole stage is sent to edit)', async () => {
    renderUi(<StageScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('switch', { name: 'Stage M1+ enabled' }));
    await waitFor(() => expect(calls('/loanapi/collection/stage/edit')).toHaveLength(1));
    expect(calls('/loanapi/collection/stage/edit')[0][1]).toEqual({
      id: 3, merchant_id: 3, name: 'M1+', min_day: 31, max_day: 3650, group_id: 12, daily_cap: 40, reassign_after_days: 0, reminder: false, enabled: true, sort: 0,
    });
  });

  it('shows groups with their stages and members; a group in use cannot be deleted; adds groups and members, changes caps', async () => {
    renderUi(<StageScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('tab', { name: 'Collector groups' }));
    const panel = await screen.findByTestId('groups-panel');
    const cards = await within(panel).findAllByTestId('group-card');
    expect(cards.map((c) => c.getAttribute('data-group'))).toEqual(['Reminder team', 'S1 team', 'Spare team']);
    expect((within(cards[0]).getByTestId('group-del') as HTMLButtonElement).disabled).toBe(true);
    expect((within(cards[2]).getByTestId('group-del') as HTMLButtonElement).disabled).toBe(false);
    expect(within(cards[0]).getByTestId('member-row').getAttribute('data-account')).toBe('reminder');

    fireEvent.change(within(panel).getByLabelText('New group name'), { target: { value: 'S2 team' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Add collector group' }));
    });
    await waitFor(() => expect(calls('/loanapi/collection/group/add')[0]?.[1]).toEqual({ merchant_id: 3, name: 'S2 team' }));

    const cap = within(cards[0]).getByLabelText('Daily cap of Dang Thi Mai');
    fireEvent.change(cap, { target: { value: '15' } });
    fireEvent.blur(cap);
    await waitFor(() => expect(calls('/loanapi/collection/group/member_save')[0]?.[1]).toEqual({ group_id: 11, account_id: 21, enabled: true, daily_cap: 15 }));

    fireEvent.click(within(cards[1]).getByRole('combobox', { name: 'Add a collector' }));
    fireEvent.click(await screen.findByRole('option', { name: /Vo Thanh Son/ }));
    await act(async () => {
      fireEvent.click(within(cards[1]).getByTestId('member-add'));
    });
    await waitFor(() => expect(calls('/loanapi/collection/group/member_save')[1]?.[1]).toEqual({ group_id: 12, account_id: 22, enabled: true, daily_cap: 0 }));
  });

  it('shows the stages read-only without the actions', async () => {
    session.nodes = ['merchant_stage'];
    renderUi(<StageScreen />);
    const table = await screen.findByRole('table', { name: 'Collection stages' });
    await within(table).findByText('S1');
    expect(within(table).queryByRole('switch')).toBeNull();
    expect(screen.getByTestId('command-toolbar').querySelector('[data-command]')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/loanapi/collection/group/accounts', expect.anything(), expect.anything());
  });
});

describe('/empower/outbound', () => {
  it('lists the settings with their sample link and adds a web softphone, checking its template as it is typed', async () => {
    renderUi(<OutboundScreen />);
    const table = await screen.findByRole('table', { name: 'Outbound call settings' });
    await within(table).findByText('Office PBX');
    expect(within(table).getByText('sip:+84912345678@pbx.example.com')).toBeTruthy();
    expect(within(table).getByText('All merchants')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add softphone setting/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Web dialer' } });
    fireEvent.click(within(dialog).getByText('Web softphone (URL)'));
    const url = within(dialog).getByLabelText(/^Phone link template/);
    fireEvent.change(url, { target: { value: 'https://call.example.com/dial?to=' } });
    expect(await within(dialog).findByText('must contain {phone} where the number goes')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://call.example.com/dial?to={phone}' } });
    fireEvent.change(within(dialog).getByLabelText(/^Link text/), { target: { value: 'Call now' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Number only/ }));
    const preview = await within(dialog).findByTestId('outbound-preview');
    expect(within(preview).getByRole('link', { name: 'Call now' }).getAttribute('href')).toBe('https://call.example.com/dial?to=912345678');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    });
    await waitFor(() => expect(calls('/loanapi/external_call/add')).toHaveLength(1));
    expect(calls('/loanapi/external_call/add')[0][1]).toEqual({
      name: 'Web dialer', type: 'url', url: 'https://call.example.com/dial?to={phone}', a_text: 'Call now', only_no: true, sip_text: '', enabled: true, sort: 0,
    });
  });

  it('refuses a url template without {phone} before calling the server', async () => {
    renderUi(<OutboundScreen />);
    await screen.findByText('Office PBX');
    fireEvent.click(screen.getByRole('button', { name: /Add softphone setting/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Web dialer' } });
    fireEvent.click(within(dialog).getByText('Web softphone (URL)'));
    fireEvent.change(within(dialog).getByLabelText(/^Phone link template/), { target: { value: 'https://call.example.com/' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    });
    expect(calls('/loanapi/external_call/add')).toHaveLength(0);
    expect(within(dialog).getByText('must contain {phone} where the number goes')).toBeTruthy();
  });
});
