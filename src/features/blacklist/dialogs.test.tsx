// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { ImportReport } from '../../schemas/blacklist';
import { renderUi } from '../../ui/testing';
import { AddEntryDialog } from './AddEntryDialog';
import { useBlacklistChoices } from './blacklist.api';
import { ImportDialog } from './ImportDialog';
import { RecheckDialog } from './RecheckDialog';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

let get: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => {
    if (path === '/loanapi/merchant/options') return [{ id: 3, name: 'Saigon Credit', code: 'M001', parent_id: null }];
    if (path === '/loanapi/dict/detail_on_list') return { rows: [{ value: '1', label: 'Wilful default', enabled: true }, { value: '2', label: 'Identity fraud', enabled: true }], total: 2 };
    if (path === '/loanapi/outblacklist/find_customer') return [{ id: 41, code: 'VN00000041', name: 'Tran Van An', phone: '0912340000', merchant_name: 'Saigon Credit', blacklisted: false }];
    throw new Error(path);
  }) as never);
  post = vi.spyOn(api, 'post');
  call = vi.spyOn(api, 'call');
});
afterEach(() => {
  get.mockRestore();
  post.mockRestore();
  call.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

function WithChoices({ kind, onClose }: { kind: 'add' | 'import'; onClose: () => void }) {
  const choices = useBlacklistChoices(useIntl());
  return kind === 'add' ? <AddEntryDialog openKey={1} choices={choices} onClose={onClose} /> : <ImportDialog openKey={1} choices={choices} onClose={onClose} />;
}

describe('blacklist dialogs', () => {
  it('adds an entry for the only merchant and shows the server\'s refusal on its field', async () => {
    call.mockImplementationOnce((async () => {
      throw new ApiError(40900, 'This Phone is already on the list', { issues: [{ path: 'value', id: 'blacklist.alreadyListed', values: { type: 'Phone' } }] });
    }) as never);
    const onClose = vi.fn();
    renderUi(<WithChoices kind="add" onClose={onClose} />);
    const dialog = await screen.findByTestId('blacklist-add-dialog');
    await waitFor(() => expect((dialog.ownerDocument.querySelector('input[value="Saigon Credit (M001)"]'))).not.toBeNull());
    fireEvent.change(screen.getByLabelText(/^Identifier(\s\*)?$/), { target: { value: '+84 912 345 678' } });
    // No reason yet: the form says so and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(dialog.textContent).toContain('is required'));
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByLabelText(/^Reason(\s\*)?$/).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Wilful default' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    const [api1, body] = call.mock.calls[0] as [{ path: string }, Record<string, unknown>];
    expect(api1.path).toBe('/loanapi/blacklist/add');
    expect(body).toMatchObject({ merchant_id: 3, type: 'phone', value: '+84 912 345 678', level: 2, source: 'staff', reason: '1' });
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByText('This Phone is already on the list')).toBeTruthy();
  });

  it('uploads a file and shows the per-row report', async () => {
    const report: ImportReport = { rows: 3, added: 1, customers_flagged: 1, refused: [
      { row: 3, value: '12345', id: 'blacklist.badPhone', values: {} }, { row: 4, value: '0912345678', id: 'blacklist.duplicateRow', values: { row: 2 } },
    ] };
    post.mockImplementation((async () => report) as never);
    renderUi(<WithChoices kind="import" onClose={() => undefined} />);
    await screen.findByTestId('blacklist-import-dialog');
    await waitFor(() => expect(document.querySelector('input[value="Saigon Credit (M001)"]')).not.toBeNull());
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['type,value\nphone,0912345678\n'], 'list.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const shown = await screen.findByTestId('blacklist-import-report');
    expect(post.mock.calls[0][0]).toBe('/loanapi/blacklist/import');
    const form = post.mock.calls[0][1] as FormData;
    expect(form.get('merchant_id')).toBe('3');
    expect((form.get('file') as File).name).toBe('list.csv');
    expect(shown.textContent).toContain('1 added');
    expect(shown.textContent).toContain('Same person as row 2');
  });

  it('finds a customer and re-checks them', async () => {
    call.mockImplementation((async () => ({ customer_id: 41, hit: true, level: 2, source: 'court', reason: 'Court judgment', provider: 'sandbox', blacklisted: true, blacklist_level: 2 })) as never);
    renderUi(<RecheckDialog openKey={1} customerId={null} onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText(/^Customer \(phone/), { target: { value: '0912340000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText(/Tran Van An/);
    fireEvent.click(screen.getByRole('button', { name: 'Re-check' }));
    await screen.findByTestId('blacklist-recheck-result');
    expect((call.mock.calls[0] as unknown[])[1]).toEqual({ customer_id: 41 });
    expect(screen.getByText('Listed by the provider')).toBeTruthy();
  });
});
