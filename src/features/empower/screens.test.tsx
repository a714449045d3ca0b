// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOT_KEY, SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { selectionStore } from '../../app/commands';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { NodeRow, RoleRow } from '../../schemas/empower';
import { renderUi } from '../../ui/testing';
import PermissionNodesScreen from './PermissionNodesScreen';
import RolesScreen from './RolesScreen';

const node = (key: string, kind: NodeRow['kind'], parent: string | null): NodeRow => ({
  key, kind, parent, title: key, path: null, disabled: false, remark: '', role_count: 1,
});
const NODES: NodeRow[] = [node(ROOT_KEY, 'root', null), node('SysEmpower', 'group', ROOT_KEY), node('SysEmpowerUser', 'page', 'SysEmpower')];

const role = (id: number, name: string): RoleRow => ({
  id, name, identifier: name.toLowerCase(), parent_id: null, parent_name: null, is_template: false, node_keys: [], remark: '', account_count: 0, children: [],
});

let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(prev);
  session.nodes = [];
});

describe('permission nodes screen', () => {
  it('a selected node (string key, no numeric id) enables its edit in the toolbar', async () => {
    vi.spyOn(api, 'call').mockResolvedValue({ rows: NODES });
    renderUi(<PermissionNodesScreen />);
    const table = await screen.findByRole('table', { name: 'Permission nodes' });
    const edit = screen.getByRole('button', { name: 'Edit permission node' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);

    fireEvent.click(await within(table).findByText(ROOT_KEY, { selector: '[dir="ltr"]' }));
    expect(selectionStore.rows.map((r) => r.key)).toEqual([ROOT_KEY]);
    expect(edit.disabled).toBe(false);
  });

  it('expands with the toggle and the arrow key, and filters', async () => {
    vi.spyOn(api, 'call').mockResolvedValue({ rows: NODES });
    renderUi(<PermissionNodesScreen />);
    const table = await screen.findByRole('table', { name: 'Permission nodes' });
    await within(table).findByText('SysEmpower', { selector: '[dir="ltr"]' });
    expect(within(table).queryByText('SysEmpowerUser', { selector: '[dir="ltr"]' })).toBeNull();

    fireEvent.click(within(table).getAllByRole('button', { name: 'Expand' })[0]);
    expect(await within(table).findByText('SysEmpowerUser', { selector: '[dir="ltr"]' })).toBeTruthy();

    // ← collapses the selected line, → expands it again (mirrored in RTL).
    fireEvent.click(within(table).getByText('SysEmpower', { selector: '[dir="ltr"]' }));
    fireEvent.keyDown(table, { key: 'ArrowLeft' });
    await waitFor(() => expect(within(table).queryByText('SysEmpowerUser', { selector: '[dir="ltr"]' })).toBeNull());
    fireEvent.keyDown(table, { key: 'ArrowRight' });
    expect(await within(table).findByText('SysEmpowerUser', { selector: '[dir="ltr"]' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Filter by name or key' }), { target: { value: 'nothing-like-this' } });
    await waitFor(() => expect(within(table).queryByText('SysEmpower', { selector: '[dir="ltr"]' })).toBeNull());
  });
});

describe('roles screen', () => {
  it('a failed reload keeps the rows and says why under them, with a retry', async () => {
    const call = vi.spyOn(api, 'call')
      .mockResolvedValueOnce({ rows: [role(1, 'Admin'), role(2, 'Collector')] })
      .mockRejectedValueOnce(new ApiError(50000, 'Server error'))
      .mockResolvedValue({ rows: [role(1, 'Admin')] });
    renderUi(<RolesScreen />);
    const table = await screen.findByRole('table', { name: 'Roles' });
    fireEvent.click(await within(table).findByText('Collector'));
    expect((screen.getByRole('button', { name: 'Edit role' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Server error')).toBeTruthy();
    expect(within(table).getByText('Collector')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Server error')).toBeNull());
    expect(within(table).queryByText('Collector')).toBeNull();
    // The selected role is gone: nothing is selected any more.
    expect(selectionStore.rows).toEqual([]);
    expect(call).toHaveBeenCalledTimes(3);
  });
});
