// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError, api, type RequestOptions } from '../../app/api/request';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import type { UserInfo } from '../../schemas/auth';
import { renderUi } from '../../ui/testing';
import GoogleValidatorScreen from './GoogleValidatorScreen';
import PersonalSettingsScreen from './PersonalSettingsScreen';

const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 1, account: 'amy', name: 'Amy Lee', nickname: 'Amy', avatar: '', introduction: '', phone: '0900000001',
  node_list: ['log', 'system_dict'], organizer_info: { id: 1, name: 'Saigon Credit' }, google_bound: false, google_skip_until: null,
  privacy_protection: false, merchant_ids: [1], time: '', ...over,
});

let notes: Array<[string, string]>;
let prev: Notifier;
let post: ReturnType<typeof vi.spyOn>;
let get: ReturnType<typeof vi.spyOn>;
// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

beforeEach(() => {
  notes = [];
  prev = setNotifier((k, m) => notes.push([k, m]));
  session.token = 't';
});
afterEach(() => {
  post?.mockRestore();
  get?.mockRestore();
  setNotifier(prev);
  session.user = null;
  session.token = null;
});

describe('Google validator', () => {
  it('binds with a code, reloads the profile and goes on to the redirect', async () => {
    session.user = user();
    const bound = user({ google_bound: true });
    post = vi.spyOn(api, 'post').mockImplementation((async (path: string, _b: unknown, opts?: RequestOptions) => {
      if (path.endsWith('apply_key')) return { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://x', qr: 'data:image/png;base64,AA' };
      if (path.endsWith('bind_key')) {
        opts?.onMessage?.('Google Authenticator bound');
        return { google_bound: true };
      }
      throw new Error(path);
    }) as never);
    get = vi.spyOn(api, 'get').mockResolvedValue(bound);
    const loc = memoryLocation({ path: '/user/GoogleValidator', searchPath: 'redirect=%2Fsystem%2Fdict', record: true });
    renderUi(<Router hook={loc.hook} searchHook={loc.searchHook}><GoogleValidatorScreen /></Router>);
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(post.mock.calls.filter((c: unknown[]) => String(c[0]).endsWith('apply_key'))).toHaveLength(1);

    fireEvent.click(screen.getByTestId('google-bind'));
    expect(await screen.findByText('Enter the 6 digits shown in the app')).toBeTruthy();

    const boxes = screen.getByTestId('google-code').querySelectorAll('input');
    fireEvent.change(boxes[0], { target: { value: '123456' } });
    await waitFor(() => expect(post).toHaveBeenCalledWith('/loanapi/google_auth/bind_key', { google_code: '123456' }, expect.anything()));
    await waitFor(() => expect(loc.history.at(-1)).toBe('/system/dict'));
    expect(session.user?.google_bound).toBe(true);
    expect(notes).toContainEqual(['success', 'Google Authenticator bound']);
  });

  it('shows a wrong code at the code field and lets the user skip for 7 days', async () => {
    session.user = user();
    post = vi.spyOn(api, 'post').mockImplementation((async (path: string) => {
      if (path.endsWith('apply_key')) return { secret: 'AAAA', otpauth_url: '', qr: 'data:image/png;base64,AA' };
      if (path.endsWith('bind_key')) throw new ApiError(40000, 'The Google Authenticator code is wrong');
      if (path.endsWith('skip')) return { google_skip_until: '2026-01-08T00:00:00Z' };
      throw new Error(path);
    }) as never);
    get = vi.spyOn(api, 'get').mockResolvedValue(user({ google_skip_until: '2026-01-08T00:00:00Z' }));
    const loc = memoryLocation({ path: '/user/GoogleValidator', record: true });
    renderUi(<Router hook={loc.hook} searchHook={loc.searchHook}><GoogleValidatorScreen /></Router>);
    await screen.findByText('AAAA');
    fireEvent.change(screen.getByTestId('google-code').querySelectorAll('input')[0], { target: { value: '000000' } });
    expect(await screen.findByText('The Google Authenticator code is wrong')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Skip for 7 days' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/loanapi/google_auth/skip', {}, expect.anything()));
    await waitFor(() => expect(notes.some(([k, m]) => k === 'success' && m.startsWith('Skipped'))).toBe(true));
    // No redirect was given: the user stays on the page.
    expect(loc.history).toEqual(['/user/GoogleValidator']);
  });

  it('unbinds with a current code when bound', async () => {
    session.user = user({ google_bound: true });
    post = vi.spyOn(api, 'post').mockResolvedValue({ google_bound: false });
    get = vi.spyOn(api, 'get').mockResolvedValue(user({ google_bound: true }));
    const loc = memoryLocation({ path: '/user/GoogleValidator' });
    renderUi(<Router hook={loc.hook} searchHook={loc.searchHook}><GoogleValidatorScreen /></Router>);
    expect(screen.getByTestId('google-status').textContent).toBe('Bound');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('google-code').querySelectorAll('input')[0], { target: { value: '654321' } });
    await waitFor(() => expect(post).toHaveBeenCalledWith('/loanapi/google_auth/unbind_key', { google_code: '654321' }, expect.anything()));
  });
});

describe('personal settings', () => {
  beforeEach(() => {
    get = vi.spyOn(api, 'get').mockResolvedValue([{ id: 1, name: 'Saigon Credit', code: 'M1', parent_id: null }]);
  });

  it('refuses a confirmation that differs, in the user\'s language, without calling the server', async () => {
    session.user = user();
    post = vi.spyOn(api, 'post');
    renderUi(<PersonalSettingsScreen />, 'zh');
    fireEvent.change(screen.getByLabelText(/^当前密码/), { target: { value: 'old-pass' } });
    fireEvent.change(screen.getByLabelText(/^新密码/), { target: { value: 'secret12' } });
    fireEvent.change(screen.getByLabelText(/^确认新密码/), { target: { value: 'secret13' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a wrong current password at its field and keeps what was typed', async () => {
    session.user = user();
    post = vi.spyOn(api, 'post').mockRejectedValue(new ApiError(40000, 'The current password is wrong'));
    renderUi(<PersonalSettingsScreen />);
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'old-pass' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'secret12' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('secret12');
    expect(post).toHaveBeenCalledWith('/loanapi/account/change_pwd', { old_pwd: 'old-pass', new_pwd: 'secret12' }, expect.anything());
  });

  it('saves the profile and puts the answer in the session; server issues show at their field', async () => {
    session.user = user();
    post = vi.spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(40000, 'x', { issues: [{ path: 'nickname', id: 'validation.tooLong', values: { max: 20 } }] }))
      .mockResolvedValueOnce(user({ nickname: 'Amy B' }));
    renderUi(<PersonalSettingsScreen />);
    expect(await screen.findByText('Saigon Credit', { selector: 'td' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Nickname/), { target: { value: 'Amy B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('must be at most 20 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(session.user?.nickname).toBe('Amy B'));
    expect(post).toHaveBeenLastCalledWith('/loanapi/account/edit_profile', { nickname: 'Amy B', avatar: '', introduction: '' }, expect.anything());
  });
});
