// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { DictItem } from '../../schemas/system';
import { renderUi } from '../../ui/testing';
import DictScreen from './DictScreen';
import { dictState } from './dict.state';

const item = (id: number, dict_name: string, value: string, label: string, color?: string): DictItem => ({
  id, dict_name, value, label, base_label: label, labels: {}, name: '', sort: id, enabled: true, el_tag_color: color ? { label: color } : {},
});
const ITEMS: Record<string, DictItem[]> = {
  gender: [item(1, 'gender', '1', 'Male'), item(2, 'gender', '2', 'Female', '#e03131')],
  religion: [item(3, 'religion', '1', 'None')],
};

let get: ReturnType<typeof vi.spyOn>;
let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  dictState.current = null;
  dictState.filter = '';
  prev = setNotifier(() => undefined);
  get = vi.spyOn(api, 'get').mockImplementation((async (path: string, q?: Record<string, unknown>) => {
    if (path === '/loanapi/dict/name_list') return { rows: Object.keys(ITEMS) };
    if (path === '/loanapi/dict/detail_on_list') return { rows: ITEMS[String(q?.dict_name)] ?? [], total: 0 };
    throw new Error(path);
  }) as never);
  call = vi.spyOn(api, 'call');
});
afterEach(() => {
  get.mockRestore();
  call.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

const table = () => screen.getByRole('table', { name: 'Items' });

describe('DictScreen', () => {
  it('lists the dictionaries and the items of the chosen one, with page 0 and size 9999', async () => {
    renderUi(<DictScreen />);
    expect(await within(await screen.findByTestId('dict-names')).findByText('gender')).toBeTruthy();
    await within(table()).findByText('Female');
    expect(get).toHaveBeenCalledWith('/loanapi/dict/detail_on_list', { dict_name: 'gender', page: 0, size: 9999 }, expect.anything());
    fireEvent.click(screen.getByText('religion'));
    await within(table()).findByText('None');
    expect(within(table()).queryByText('Female')).toBeNull();
  });

  it('filters the dictionary names', async () => {
    renderUi(<DictScreen />);
    await screen.findByText('religion');
    fireEvent.change(screen.getByTestId('dict-filter'), { target: { value: 'rel' } });
    await waitFor(() => expect(within(screen.getByTestId('dict-names')).queryByText('gender')).toBeNull());
    expect(within(screen.getByTestId('dict-names')).getByText('religion')).toBeTruthy();
  });

  it('adds through its own dialog: dictionary pre-filled, field issues in place, typed values kept', async () => {
    call.mockRejectedValueOnce(new ApiError(40000, 'Label: must be at most 100 characters', { issues: [{ path: 'label', id: 'validation.tooLong', values: { max: 100 } }] }));
    renderUi(<DictScreen />);
    await within(table()).findByText('Female');
    fireEvent.click(screen.getByRole('button', { name: 'Add dictionary item' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector<HTMLInputElement>('input[name="dict_name"]')!.value).toBe('gender');

    // Client check first: the value is required, nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findAllByText('is required')).not.toHaveLength(0);
    expect(call).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Value/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/^Label/), { target: { value: 'Other' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('must be at most 100 characters')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Value/) as HTMLInputElement).value).toBe('3');
    expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/loanapi/dict/detail_add' },
      expect.objectContaining({ dict_name: 'gender', value: '3', label: 'Other', sort: 3, el_tag_color: {} }), expect.anything());

    call.mockResolvedValueOnce(item(9, 'gender', '3', 'Other'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits the selected row and deletes it through /api/dictItem/:id after confirmation', async () => {
    call.mockResolvedValue(null);
    renderUi(<DictScreen />);
    fireEvent.click(await within(table()).findByText('Female'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit dictionary item' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Label/) as HTMLInputElement).value).toBe('Female');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete dictionary item' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith({ method: 'POST', path: '/api/dictItem/:id' }, { id: 2 }, expect.anything()));
  });
});
