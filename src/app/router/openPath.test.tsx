// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../features/screen.types';
import { openPath } from './openPath';
import { SCREENS } from './screens';

describe('lazyScreen', () => {
  it('renders in the same render once its chunk is here (no fallback, so no fallback throttle)', async () => {
    const Screen = lazyScreen(async () => ({ default: () => <p>the screen</p> }));
    expect(Screen.isLoaded()).toBe(false);
    await Screen.preload();
    expect(Screen.isLoaded()).toBe(true);
    const { container } = render(<Suspense fallback={<p>loading</p>}><Screen /></Suspense>);
    expect(container.textContent).toBe('the screen');
  });

  it('shows the fallback when rendered before its chunk is here', () => {
    const Screen = lazyScreen(() => new Promise(() => undefined));
    const { container } = render(<Suspense fallback={<p>loading</p>}><Screen /></Suspense>);
    expect(container.textContent).toBe('loading');
  });

  it('asks again after a failed fetch', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: () => null });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(Screen.isLoaded()).toBe(true);
  });
});

describe('openPath', () => {
  it('fetches the screen first and holds keys meanwhile; a loaded screen is opened at once', async () => {
    const navigate = vi.fn();
    openPath('/system/dict?x=1', {}, navigate);
    expect(navigate).not.toHaveBeenCalled();
    const key = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    window.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    await SCREENS['system.dict'].preload();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/system/dict?x=1', { replace: false }));
    const after = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    openPath('/system/dict', { replace: true }, navigate);
    expect(navigate).toHaveBeenLastCalledWith('/system/dict', { replace: true });
  });

  it('a later navigation replaces one still waiting for its chunk', async () => {
    const navigate = vi.fn();
    openPath('/client/clientUser', {}, navigate);
    openPath('/404', {}, navigate);
    expect(navigate).toHaveBeenCalledWith('/404', { replace: false });
    await SCREENS['client.clientUser']?.preload();
    await new Promise((r) => setTimeout(r, 10));
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
