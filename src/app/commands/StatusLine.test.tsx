// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { renderUi, testMessages } from '../../ui/testing';
import { api } from '../api/request';
import { notifyDone, setNotifier, type Notifier } from '../lib/notify';
import { session } from '../state/session';
import { executeCommand } from './runInteractive';
import { StatusLine } from './StatusLine';

const intl = createIntl({ locale: 'en-US', messages: testMessages('en'), onError: () => undefined });
let toasts: Array<[string, string]>;
let prev: Notifier;
let call: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  toasts = [];
  prev = setNotifier((k, m) => toasts.push([k, m]));
  call = vi.spyOn(api, 'call').mockImplementation((async () => ({ ok: 1 })) as never);
  session.nodes = [SUPER_KEY];
});
afterEach(() => {
  setNotifier(prev);
  call.mockRestore();
  session.nodes = [];
});

describe('the status line: writes are confirmed in place, errors stay toasts', () => {
  it('a command’s success goes to the status line, not a toast; the next one replaces it', async () => {
    renderUi(<StatusLine />);
    await act(() => executeCommand('empower.user.forceLogout', {}, { intl, selection: [{ id: 1 }] }));
    const line = screen.getByTestId('status-line');
    expect(line.getAttribute('role')).toBe('status');
    expect(line.textContent).toContain('Done');
    expect(line.getAttribute('data-count')).toBe('1');
    await act(() => executeCommand('empower.user.forceLogout', {}, { intl, selection: [{ id: 2 }] }));
    expect(line.getAttribute('data-count')).toBe('2');
    expect(line.querySelectorAll('p, div').length).toBeLessThanOrEqual(1);
    expect(toasts).toEqual([]);
  });

  it('a refusal is still a toast', async () => {
    renderUi(<StatusLine />);
    session.nodes = ['SysEmpowerUser'];
    await act(() => executeCommand('empower.user.forceLogout', {}, { intl, selection: [{ id: 1 }] }).catch(() => undefined));
    expect(toasts.map(([k]) => k)).toEqual(['error']);
    expect(screen.getByTestId('status-line').getAttribute('data-count')).toBe('0');
  });

  it('without a status line (signed out, tests) a success is a toast', () => {
    notifyDone('Saved');
    expect(toasts).toEqual([['success', 'Saved']]);
  });
});
