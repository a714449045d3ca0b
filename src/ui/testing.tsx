import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach } from 'vitest';

// Files that import these helpers unmount what they rendered after each test (vitest runs without globals).
afterEach(() => cleanup());

/**
 * Test helpers for components (jsdom): the browser APIs Mantine needs, and the providers the console mounts.
 * Messages: locales/<code>.json plus any not-yet-merged locales/parts/*.json.
 */
export function installDomShims(): void {
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    window.matchMedia = ((query: string) => ({
      matches: false, media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
}

export function testMessages(code = 'en'): Record<string, string> {
  const dir = path.resolve(process.cwd(), 'locales');
  const out: Record<string, string> = {};
  const main = path.join(dir, `${code}.json`);
  if (fs.existsSync(main)) Object.assign(out, JSON.parse(fs.readFileSync(main, 'utf8')));
  const parts = path.join(dir, 'parts');
  if (fs.existsSync(parts)) {
    for (const f of fs.readdirSync(parts).filter((x) => x.endsWith('.json'))) {
      Object.assign(out, JSON.parse(fs.readFileSync(path.join(parts, f), 'utf8'))[code] ?? {});
    }
  }
  return out;
}

export function Providers({ children, code = 'en' }: { children: ReactNode; code?: string }) {
  return (
    <IntlProvider locale="en-US" messages={testMessages(code)} onError={() => undefined}>
      <MantineProvider env="test">
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </IntlProvider>
  );
}

export function renderUi(node: ReactNode, code = 'en'): RenderResult {
  installDomShims();
  return render(<Providers code={code}>{node}</Providers>);
}
