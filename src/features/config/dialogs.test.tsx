// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { ApiError, api } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { SettingView } from '../../schemas/config';
import { renderUi } from '../../ui/testing';
import { EditSettingDialog } from './EditSettingDialog';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

let call: ReturnType<typeof vi.spyOn>;
let prev: Notifier;
beforeEach(() => {
  session.nodes = [SUPER_KEY];
  prev = setNotifier(() => undefined);
  call = vi.spyOn(api, 'call');
});
afterEach(() => {
  call.mockRestore();
  setNotifier(prev);
  session.nodes = [];
});

const gps: SettingView = {
  key: 'gps_range_meters', type: 'int', group: 'intake', description: 'config.setting.gps_range_meters.desc', default: 500, value: 300,
  min: 10, max: 100000, unit: 'm', changed: true, updated_at: null, updated_by_name: null,
};
const secret: SettingView = {
  key: 'callback_signing_secret', type: 'secret', group: 'security', description: 'config.setting.callback_signing_secret.desc', default: null,
  value: null, is_set: true, hint: 'WXYZ', changed: true, updated_at: null, updated_by_name: null,
};

describe('edit setting dialog', () => {
  it('shows the server refusal under the value and keeps the dialog open; sends key and value', async () => {
    call.mockImplementationOnce((async () => {
      throw new ApiError(40000, 'Must be between 10 and 100000', { issues: [{ path: 'value', id: 'config.error.range', values: { min: 10, max: 100000 } }] });
    }) as never);
    const onClose = vi.fn();
    renderUi(<EditSettingDialog setting={gps} onClose={onClose} />);
    const input = await screen.findByLabelText('GPS range (meters)');
    expect((input as HTMLInputElement).value).toBe('300');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText(/between 10 and 100,?000/)).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
    const [apiCall, payload] = call.mock.calls[0] as [unknown, Record<string, unknown>];
    expect(apiCall).toMatchObject({ path: '/loanapi/config/edit' });
    expect(payload).toMatchObject({ key: 'gps_range_meters', value: '5' });
  });

  it('asks a set secret for the current one and never fills in a value', async () => {
    call.mockImplementationOnce((async () => ({ code: 20000, msg: 'ok', data: secret })) as never);
    const onClose = vi.fn();
    renderUi(<EditSettingDialog setting={secret} onClose={onClose} />);
    const current = await screen.findByLabelText('Current secret');
    const next = screen.getByLabelText(/^New secret/);
    expect((next as HTMLInputElement).value).toBe('');
    fireEvent.change(current, { target: { value: 'old-secret-value-1234' } });
    fireEvent.change(next, { target: { value: 'new-secret-value-5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call.mock.calls[0][1]).toMatchObject({ key: 'callback_signing_secret', value: 'new-secret-value-5678', current: 'old-secret-value-1234' });
  });
});
