// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import hotkeys from 'hotkeys-js';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_TIMEOUT_MS, expectDialog, holdForAction, installKeyGate, keyGateState, OPEN_TIMEOUT_MS, setBusy, settle, submitting,
} from './keyGate';
import { dialogOpen, typingTarget } from './dom';

const CODES: Record<string, number> = { Enter: 13, Escape: 27, Tab: 9, Backspace: 8, ' ': 32, ']': 221 };
const codeOf = (key: string) => CODES[key] ?? key.toUpperCase().charCodeAt(0);

/** A real keydown as the browser sends it (keyCode set), on the focused element; true when it reached the page. */
function type(keys: string[]): void {
  for (const key of keys) {
    const target = document.activeElement ?? document.body;
    const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(e, 'keyCode', { get: () => codeOf(key) });
    target.dispatchEvent(e);
  }
}

/** What the page's hotkeys acted on (a bubbling listener on the document with the hotkeys' filter, like hotkeys-js). */
let seen: string[] = [];
const onDoc = (e: KeyboardEvent) => {
  if (!typingTarget(e.target as Element) && !dialogOpen()) seen.push(e.key);
};
let uninstall: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  seen = [];
  document.addEventListener('keydown', onDoc);
  uninstall = installKeyGate(window);
});

afterEach(() => {
  uninstall();
  document.removeEventListener('keydown', onDoc);
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const wait = async (ms: number) => act(async () => {
  await vi.advanceTimersByTimeAsync(ms);
});

/** A dialog with a controlled text field in a form, as the screens render them. */
function NoteDialog({ onSubmit }: { onSubmit: (text: string) => unknown }) {
  const [text, setText] = useState('');
  return (
    <div role="dialog">
      <form onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(text);
      }}>
        {/* Enter submits through the form's own key handler (a constructed event has no default action to submit). */}
        <input aria-label="note" value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="field"
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }} />
        <input aria-label="amount" data-testid="second" />
        <button type="button" data-testid="cancel">Cancel</button>
      </form>
    </div>
  );
}

describe('the key gate: keys typed while a dialog opens go into its field, never to the hotkeys', () => {
  it('holds the keys from the hotkey until the field has focus, then types them in and Enter submits', async () => {
    const gate = holdForAction();
    expectDialog();
    settle(gate);
    type(['o', 'k', ' ', '3', 'Enter']);
    expect(seen).toEqual([]);
    expect(keyGateState()).toMatchObject({ phase: 'opening', held: ['o', 'k', ' ', '3', 'Enter'] });

    const saved: string[] = [];
    const view = render(<NoteDialog onSubmit={(t) => saved.push(t)} />);
    await wait(50);
    expect(saved).toEqual([]); // no field focused yet: still held
    act(() => view.getByTestId('field').focus());
    await wait(20);
    expect(saved).toEqual(['ok 3']);
    expect(seen).toEqual([]);
  });

  it('Backspace and Tab work on the held text; Tab moves to the next field', async () => {
    expectDialog();
    type(['a', 'b', 'Backspace', 'c', 'Tab', '7']);
    const view = render(<NoteDialog onSubmit={() => undefined} />);
    act(() => view.getByTestId('field').focus());
    await wait(20);
    expect((view.getByTestId('field') as HTMLInputElement).value).toBe('ac');
    expect((view.getByTestId('second') as HTMLInputElement).value).toBe('7');
  });

  it('a held Enter never presses a button the user has not seen', async () => {
    expectDialog();
    type(['Enter']);
    const clicked = vi.fn();
    const view = render(<div role="dialog"><button type="button" onClick={clicked} data-testid="ok">OK</button></div>);
    act(() => view.getByTestId('ok').focus());
    await wait(20);
    expect(clicked).not.toHaveBeenCalled();
    expect(keyGateState().held).toEqual([]);
  });

  it('with no dialog after the action, the keys go to the page in order once it has run', async () => {
    const gate = holdForAction();
    type(['3', ']']);
    await wait(OPEN_TIMEOUT_MS / 2);
    expect(seen).toEqual([]); // the action has not returned yet
    settle(gate);
    await wait(100);
    expect(seen).toEqual(['3', ']']);
  });

  it('an opening that never comes releases the keyboard after the timeout', async () => {
    expectDialog();
    type(['x']);
    await wait(OPEN_TIMEOUT_MS + 100);
    expect(seen).toEqual(['x']);
  });
});

describe('the key gate: keys typed while a dialog saves and closes go to the page after it', () => {
  it('holds them from the submit until the dialog is gone, then replays them as hotkeys', async () => {
    let finish!: () => void;
    const view = render(<NoteDialog onSubmit={() => submitting(new Promise<void>((r) => (finish = r)))} />);
    act(() => view.getByTestId('field').focus());
    type(['Enter', ']', 'n']);
    expect((view.getByTestId('field') as HTMLInputElement).value).toBe('');
    expect(keyGateState()).toMatchObject({ phase: 'closing', held: [']', 'n'] });
    await act(async () => finish());
    await wait(50);
    expect(seen).toEqual([]); // saved, but the dialog is still on screen
    view.unmount();
    await wait(50);
    expect(seen).toEqual([']', 'n']);
  });

  it('when the save fails the dialog stays, and the keys go into its field', async () => {
    let fail!: (e: Error) => void;
    const view = render(<NoteDialog onSubmit={() => submitting(new Promise<void>((_r, j) => (fail = j))).catch(() => undefined)} />);
    act(() => view.getByTestId('field').focus());
    type(['Enter', 'x']);
    await act(async () => fail(new Error('refused')));
    await wait(50);
    expect((view.getByTestId('field') as HTMLInputElement).value).toBe('x');
    expect(seen).toEqual([]);
  });

  it('Esc in a dialog holds what follows until the dialog has closed', async () => {
    const view = render(<NoteDialog onSubmit={() => undefined} />);
    act(() => view.getByTestId('field').focus());
    type(['Escape', ']']);
    expect(keyGateState()).toMatchObject({ phase: 'closing', held: [']'] });
    view.unmount();
    await wait(50);
    expect(seen).toEqual([']']);
  });

  it('a dialog that stays after Esc (a dropdown closed instead) gets the keys back', async () => {
    const view = render(<NoteDialog onSubmit={() => undefined} />);
    act(() => view.getByTestId('field').focus());
    type(['Escape', 'q']);
    await wait(CLOSE_TIMEOUT_MS + 100);
    expect((view.getByTestId('field') as HTMLInputElement).value).toBe('q');
  });
});

describe('the key gate: a screen that is not ready', () => {
  it('keys aimed at the page wait until it is ready; a replayed key that opens a dialog holds the rest', async () => {
    setBusy('screen', true);
    type(['n', 'h', 'i', 'Enter']);
    expect(seen).toEqual([]);
    // `n` opens a note dialog (a hotkey): the following keys must go into it, not to the page.
    const opened: string[] = [];
    const onN = (e: KeyboardEvent) => {
      if (e.key !== 'n') return;
      opened.push('note');
      holdForAction();
      expectDialog();
    };
    document.addEventListener('keydown', onN);
    try {
      setBusy('screen', false);
      await wait(50);
      expect(opened).toEqual(['note']);
      expect(keyGateState().held).toEqual(['h', 'i', 'Enter']);
      const saved: string[] = [];
      const view = render(<NoteDialog onSubmit={(t) => saved.push(t)} />);
      act(() => view.getByTestId('field').focus());
      await wait(20);
      expect(saved).toEqual(['hi']);
    } finally {
      document.removeEventListener('keydown', onN);
    }
  });

  it('typing in a field is never held for the screen', async () => {
    setBusy('screen', true);
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    const reached = vi.fn();
    input.addEventListener('keydown', reached);
    type(['a']);
    expect(reached).toHaveBeenCalledTimes(1);
    expect(keyGateState().held).toEqual([]);
    setBusy('screen', false);
  });

  it('replayed keys reach hotkeys-js bindings (it reads keyCode)', async () => {
    const hit = vi.fn();
    hotkeys(']', hit);
    try {
      setBusy('screen', true);
      type([']']);
      expect(hit).not.toHaveBeenCalled();
      setBusy('screen', false);
      await wait(50);
      expect(hit).toHaveBeenCalledTimes(1);
    } finally {
      hotkeys.unbind(']');
    }
  });
});
