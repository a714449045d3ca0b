import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen's component, fetched with its own chunk; `preload` fetches the chunk ahead of the navigation. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown>; isLoaded: () => boolean };

/** Screen components by command id; the router mounts the one whose command matches the path. */
export type ScreenMap = Record<string, LazyScreen>;

/**
 * A lazy screen that can be fetched before it is shown. Once its chunk is here, the screen renders without
 * suspending: a thenable that answers at once resolves React.lazy in the same render, so no loading state is
 * committed and React's fallback throttle (which holds a revealed screen back up to 300 ms) never applies.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: { default: ComponentType } | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    pending ??= load().then((m) => (loaded = m), (e: unknown) => {
      pending = undefined; // a failed fetch (network) is tried again next time
      throw e;
    });
    return pending;
  };
  const component = lazy(() => (loaded ? ({ then: (ok: (m: { default: ComponentType }) => void) => ok(loaded!) } as unknown as Promise<{ default: ComponentType }>) : preload()));
  return Object.assign(component, { preload, isLoaded: () => !!loaded });
}
