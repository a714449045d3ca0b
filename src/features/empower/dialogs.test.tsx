// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byId } from '../../../commands';
import { preparePayload, scopeSatisfied } from '../../../commands/run';
import { ApiError, api } from '../../app/api/request';
import { setNotifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { AccountRow } from '../../schemas/empower';
import { renderUi } from '../../ui/testing';
import { AccountDialog } from './AccountDialog';
import { NodeEditDialog, type NodeLine } from './NodeEditDialog';

const ROLES = [
  { id: 1, name: 'Administrator', identifier: 'admin', grantable: true },
  { id: 2, name: 'Collector', identifier: 'collector', grantable: true },
  { id: 3, name: 'Root only', identifier: 'root', grantable: false },
];

const ROW: AccountRow = {
  id: 7, account: 'alice', nickname: 'Ali', name: 'Alice', phone: '0912345678', role_id: 2, role_name: 'Collector',
  secondary_role_id: null, secondary_role_name: null, work_start: '09:00', work_end: '18:00', allowed_terminals: ['pc'],
  merchant_ids: [], privacy_protection: false, enabled: true, special_nodes: [], organizer_id: null, organizer_name: null,
  google_bound: false, device_id: null, active_at: null, logout_at: null, online: false, created_at: '2026-01-01T00:00:00Z',
};

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

describe('empower dialogs', () => {
  beforeEach(() => {
    session.nodes = ['admin_y'];
    setNotifier(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('edit sends the whole accountEditBody; a server validation error shows at its field and keeps the values', async () => {
    const call = vi.spyOn(api, 'call').mockRejectedValue(
      new ApiError(40000, 'Phone number: must be 6 to 15 digits', { issues: [{ path: 'phone', id: 'validation.phone', values: {} }] }),
    );
    const onClose = vi.fn();
    renderUi(<AccountDialog row={ROW} roles={ROLES} merchants={[{ id: 4, name: 'North', code: 'N1', parent_id: null }]} onClose={onClose} />);
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Alice Smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('must be 6 to 15 digits')).toBeTruthy());
    expect(call).toHaveBeenCalledTimes(1);
    const [apiCall, payload] = call.mock.calls[0];
    expect(apiCall).toEqual(byId.get('empower.user.edit')!.api);
    expect(payload).toMatchObject({
      id: 7, name: 'Alice Smith', nickname: 'Ali', phone: '0912345678', role_id: 2, secondary_role_id: null,
      work_start: '09:00', work_end: '18:00', allowed_terminals: ['pc'], merchant_ids: [], privacy_protection: false, enabled: true, special_nodes: [],
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Alice Smith');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('add checks the form with the command schema before calling the server', async () => {
    const call = vi.spyOn(api, 'call');
    renderUi(<AccountDialog row={null} roles={ROLES} merchants={[]} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText(/^Account/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('is required')).toBeTruthy()); // role
    expect(call).not.toHaveBeenCalled();
  });

  it('a permission node is addressed by its key: the edit sends {key, disabled, remark}', async () => {
    const cmd = byId.get('empower.empower.edit')!;
    const line = { id: 'SysEmpowerUser', key: 'SysEmpowerUser' };
    expect(scopeSatisfied(cmd, [line])).toBe(true);
    expect(scopeSatisfied(cmd, [])).toBe(false);
    expect(preparePayload(cmd, { disabled: true, remark: 'x' }, { nodes: ['admin_y'], selection: [line] })).toEqual({ key: 'SysEmpowerUser', disabled: true, remark: 'x' });

    const call = vi.spyOn(api, 'call').mockResolvedValue({ key: 'SysEmpowerUser', disabled: true, remark: 'audit' });
    const onClose = vi.fn();
    const row: NodeLine = {
      id: 'SysEmpowerUser', key: 'SysEmpowerUser', kind: 'page', parent: 'SysEmpower', title: 'route.empower.user', path: '/empower/user',
      disabled: false, remark: '', role_count: 2, depth: 2, hasChildren: true,
    };
    renderUi(<NodeEditDialog row={row} onClose={onClose} />);
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(screen.getByLabelText('Remarks'), { target: { value: 'audit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call.mock.calls[0][1]).toEqual({ key: 'SysEmpowerUser', disabled: true, remark: 'audit' });
  });
});
