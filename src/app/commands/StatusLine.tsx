import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { setStatusSink } from '../lib/notify';

/** After this the line dims: it stays readable, but a newer confirmation is easy to tell apart. */
const FRESH_MS = 4000;

/**
 * The shell's status line: the last command's success ("Saved", the server's message) said in place, in one small
 * live region at the bottom of the work area, instead of a toast per write. Each confirmation replaces the previous
 * one (a counter tells two equal messages apart for screen readers and for tests).
 */
export function StatusLine() {
  const [line, setLine] = useState<{ text: string; n: number; at: number } | null>(null);
  const [fresh, setFresh] = useState(false);

  useEffect(() => {
    const prev = setStatusSink((text) => setLine((cur) => ({ text, n: (cur?.n ?? 0) + 1, at: Date.now() })));
    return () => {
      setStatusSink(prev);
    };
  }, []);

  useEffect(() => {
    if (!line) return;
    setFresh(true);
    const h = setTimeout(() => setFresh(false), FRESH_MS);
    return () => clearTimeout(h);
  }, [line]);

  return (
    <div role="status" aria-live="polite" data-testid="status-line" data-count={line?.n ?? 0}
      style={{ position: 'fixed', bottom: 6, insetInlineStart: 'calc(var(--shell-sidebar-width, 0px) + 16px)', zIndex: 180, pointerEvents: 'none', maxWidth: '50vw' }}>
      {line && (
        <Text size="xs" px={8} py={2} truncate c={fresh ? 'teal.7' : 'dimmed'} fw={fresh ? 600 : 400}
          style={{ background: 'var(--mantine-color-body)', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
          ✓ {line.text}
        </Text>
      )}
    </div>
  );
}
