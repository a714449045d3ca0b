// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPER_KEY } from '../../../commands/permissions';
import { api } from '../../app/api/request';
import { executeCommand } from '../../app/commands';
import { invocationKeys } from '../../app/commands/idempotency';
import { setNotifier, type Notifier } from '../../app/lib/notify';
import { session } from '../../app/state/session';
import { renderUi, testMessages } from '../../ui/testing';

/** The console sends an Idempotency-Key with money commands: one per invocation, the same on a retry of it. */
const intl = createIntl({ locale: 'en-US', messages: testMessages('en'), onError: () => undefined });
let prev: Notifier;
let call: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  prev = setNotifier(() => undefined);
  call = vi.spyOn(api, 'call').mockImplementation((async () => ({ status: 'in_progress' })) as never);
  session.nodes = [SUPER_KEY];
  renderUi(<div />);
});
afterEach(() => {
  setNotifier(prev);
  call.mockRestore();
  session.nodes = [];
});

const keyOf = (i: number) => (call.mock.calls[i][2] as { idempotencyKey?: string } | undefined)?.idempotencyKey;

describe('money commands in the console', () => {
  it('a money write carries a key, a new one per invocation; other writes carry none', async () => {
    await act(() => executeCommand('transfer.TransferOrderFail.retransfer', {}, { intl, selection: [{ id: 5 }] }));
    await act(() => executeCommand('transfer.TransferOrderFail.retransfer', {}, { intl, selection: [{ id: 5 }] }));
    await act(() => executeCommand('transfer.TransferOrderLoan.recheck', {}, { intl, selection: [{ id: 5 }] }));
    expect(call.mock.calls[0][1]).toEqual({ id: 5 });
    expect(keyOf(0)).toMatch(/^c-/);
    expect(keyOf(1)).toMatch(/^c-/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeUndefined();
  });

  it('a retry of one invocation (the form submitted again with the same values) reuses its key', async () => {
    const invocation = invocationKeys();
    call.mockImplementationOnce((async () => { throw new Error('timeout'); }) as never);
    await act(() => executeCommand('transfer.orderAudit.approve', { remark: 'ok' }, { intl, selection: [{ id: 9 }], invocation }).catch(() => undefined));
    await act(() => executeCommand('transfer.orderAudit.approve', { remark: 'ok' }, { intl, selection: [{ id: 9 }], invocation }));
    expect(keyOf(0)).toBeDefined();
    expect(keyOf(1)).toBe(keyOf(0));
    await act(() => executeCommand('transfer.orderAudit.approve', { remark: 'checked twice' }, { intl, selection: [{ id: 9 }], invocation }));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });
});
