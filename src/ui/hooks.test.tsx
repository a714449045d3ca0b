// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { selectionStore, setCurrentScreen } from '../app/commands';
import { installDomShims, Providers } from './testing';
import { useRemote } from './useRemote';
import { useRowSelection } from './useRowSelection';

installDomShims();
const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

type R = { id: number | string; v: string };
const rows = (...ids: (number | string)[]): R[] => ids.map((id) => ({ id, v: `v${id}` }));

afterEach(() => act(() => setCurrentScreen(null)));

describe('useRowSelection', () => {
  it('marks the screen current and publishes the selection at once', () => {
    const list = rows(1, 2, 3);
    const { result } = renderHook(() => useRowSelection('s', list), { wrapper });
    expect(selectionStore.screen).toBe('s');
    act(() => result.current.onSelectedChange([list[0], list[2]]));
    // No wait: what a hotkey pressed right after the click acts on.
    expect(selectionStore.rows).toEqual([list[0], list[2]]);
    expect(result.current.selectedIds).toEqual([1, 3]);
    expect(result.current.selected).toEqual([list[0], list[2]]);
  });

  it('after a reload keeps the rows still listed, as their fresh copies, and forgets the others', async () => {
    let list = rows(1, 2, 3);
    const { result, rerender } = renderHook(() => useRowSelection('s', list), { wrapper });
    act(() => result.current.onSelectedChange([list[1], list[2]]));

    list = [{ id: 2, v: 'fresh' }, ...rows(4)];
    rerender();
    await waitFor(() => expect(selectionStore.rows).toEqual([{ id: 2, v: 'fresh' }]));
    expect(result.current.selectedIds).toEqual([2]);

    // Row 3 is listed again: it does not come back selected.
    list = rows(2, 3);
    rerender();
    expect(result.current.selectedIds).toEqual([2]);
  });

  it('string ids (permission nodes) and clear', () => {
    const list = rows('SysA', 'SysB');
    const { result } = renderHook(() => useRowSelection('s', list), { wrapper });
    act(() => result.current.onSelectedChange([list[1]]));
    expect(result.current.selectedIds).toEqual(['SysB']);
    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
    expect(selectionStore.rows).toEqual([]);
  });
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useRemote', () => {
  it('loads, keeps the data while reloading and after a failure, and words a failure without a message', async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let n = 0;
    const { result } = renderHook(() => useRemote(() => answers[n++].promise, []), { wrapper });
    expect(result.current.loading).toBe(true);
    await act(async () => answers[0].resolve('one'));
    expect(result.current).toMatchObject({ data: 'one', loading: false, error: null });

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'one', loading: true });
    await act(async () => answers[1].reject(new Error('')));
    expect(result.current).toMatchObject({ data: 'one', loading: false, error: 'Loading failed' });

    act(() => result.current.reload());
    await act(async () => answers[2].resolve('two'));
    expect(result.current).toMatchObject({ data: 'two', loading: false, error: null });
  });

  it('a newer load aborts the one in flight, whose late answer is dropped', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    let dep = 'a';
    const { result, rerender } = renderHook(
      () =>
        useRemote((signal) => {
          signals.push(signal);
          return answers[signals.length - 1].promise;
        }, [dep]),
      { wrapper },
    );
    dep = 'b';
    rerender();
    expect(signals[0].aborted).toBe(true);
    await act(async () => answers[1].resolve('b'));
    await act(async () => answers[0].resolve('a (late)'));
    expect(result.current.data).toBe('b');
  });

  it('aborts on unmount', () => {
    const signals: AbortSignal[] = [];
    const { unmount } = renderHook(() => useRemote((signal) => (signals.push(signal), new Promise<never>(() => undefined)), []), { wrapper });
    unmount();
    expect(signals[0].aborted).toBe(true);
  });
});
