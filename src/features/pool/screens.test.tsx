// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byId } from '../../../commands';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { POOL_API, workApi, type ImportReport } from '../../schemas/pool';
import { renderUi } from '../../ui/testing';
import { ImportDialog } from './SourcesScreen';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

let post: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  post = vi.spyOn(api, 'post');
});
afterEach(() => {
  post.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

describe('pool commands', () => {
  it('puts the result keys 1–4 on the four outcomes, and every working screen gives back with b', () => {
    for (const screenId of ['dormant.dormantCustomerList', 'dormant.overdueCustomerList', 'highSeas.myhighSeasList']) {
      const keys = ['result1', 'result2', 'result3', 'result4'].map((n) => byId.get(`${screenId}.${n}`)!);
      expect(keys.map((c) => c.hotkey)).toEqual(['1', '2', '3', '4']);
      expect(keys[0].api!.path.endsWith('result_agreed')).toBe(true);
      expect(keys[2].api!.path.endsWith('result_no_answer')).toBe(true);
      expect(byId.get(`${screenId}.giveBack`)!.hotkey).toBe('b');
      expect(byId.get(`${screenId}.note`)!.hotkey).toBe('n');
    }
    expect(byId.get('highSeas.highSeasList.claim')).toMatchObject({ hotkey: 'c', api: { path: workApi('pool', 'claim') } });
    expect(byId.get('dormant.dormantCustomerList.claim')!.api!.path).toBe(workApi('dormant', 'claim'));
  });
});

describe('lead import dialog', () => {
  it('uploads the file for the chosen source and shows every row that was not added, with its reason', async () => {
    const report: ImportReport = { total: 3, added: 1, refreshed: 0, skipped: 1, refused: 1, rows: [
      { row: 2, phone: '0912000001', result: 'added', reason: '' },
      { row: 3, phone: '12345', result: 'refused', reason: 'pool.badPhone' },
      { row: 4, phone: '0912000002', result: 'skipped', reason: 'pool.existingCustomer' },
    ] };
    post.mockImplementation((async () => report) as never);
    renderUi(<ImportDialog openKey={1} sources={[{ value: '7', label: 'Partner One (P1)' }]} initial={null} onClose={() => undefined} />);
    await screen.findByTestId('pool-import-dialog');
    // Nothing chosen yet: the form says so and nothing is sent.
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByTestId('pool-import-dialog').textContent).toContain('is required'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['phone\n0912000001\n'], 'leads.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const shown = await screen.findByTestId('pool-import-report');
    expect(post.mock.calls[0][0]).toBe(POOL_API.import);
    const form = post.mock.calls[0][1] as FormData;
    expect(form.get('source_id')).toBe('7');
    expect((form.get('file') as File).name).toBe('leads.csv');
    expect(shown.textContent).toContain('1 added');
    expect(shown.textContent).toContain('Already a customer of the merchant');
    expect(shown.textContent).not.toContain('0912000001');
  });
});
