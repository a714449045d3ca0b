// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { setSelection } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { MARKETING_API } from '../../schemas/marketing';
import { renderUi } from '../../ui/testing';
import { ImportDialog } from './ImportDialog';
import { MyListScreen } from './screens';

// The canvas grid needs a real browser; here a stub shows which list it would read.
vi.mock('../../ui/DataGrid', () => ({
  DataGrid: (p: { url: string; screenId: string }) => <div data-testid="grid">{`${p.screenId} ${p.url}`}</div>,
}));

let get: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
});
afterEach(() => {
  get?.mockRestore();
  post?.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

describe('my whitelist numbers', () => {
  it('reads the agent\'s list, says its keys and shows what was done on the selected number', async () => {
    get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
      if (path === MARKETING_API.myHistory) return [{ id: 1, kind: 'result', result: 'agreed', note: 'wants 3M', created_at: '2026-03-01T08:00:00Z', account_name: 'Bui Quoc Huy' }];
      return [];
    }) as never);
    renderUi(<MyListScreen />);
    expect((await screen.findByTestId('grid')).textContent).toBe(`marketing.myMarketingList ${MARKETING_API.myList}`);
    expect(screen.getByText(/1 agreed · 2 rejected/)).toBeTruthy();
    setSelection([{ id: 12 }], 'marketing.myMarketingList');
    expect(await screen.findByText('wants 3M')).toBeTruthy();
    expect(within(screen.getByTestId('marketing-history')).getByText('Agreed')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(MARKETING_API.myHistory, { id: 12 }, expect.anything());
  });
});

describe('import dialog', () => {
  it('imports pasted numbers into the chosen group and shows the report with reasons', async () => {
    get = vi.spyOn(api, 'get').mockResolvedValue({ rows: [{ id: 5, name: 'Spring list', merchant_id: 1 }], total: 1 } as never);
    post = vi.spyOn(api, 'post').mockResolvedValue({
      job_id: 9, status: 'done', rows_total: 3, rows_done: 3, inserted: 2, invalid: 1, duplicates: 0, refused: [{ row: 2, value: 'abc', reason: 'invalid' }],
    } as never);
    renderUi(<ImportDialog openKey={1} onClose={() => undefined} />);
    fireEvent.click(await screen.findByText('Paste'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone numbers (one per line)' }), { target: { value: '0900000001\nabc\n0900000002' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Whitelist group' }));
    fireEvent.click(await screen.findByText('Spring list'));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(MARKETING_API.importText, { group_id: 5, text: '0900000001\nabc\n0900000002' }));
    expect(await screen.findByText('2 added · 1 invalid · 0 duplicates')).toBeTruthy();
    expect(screen.getByText('Not a valid mobile number of this market')).toBeTruthy();
  });
});
