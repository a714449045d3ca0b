import { useEffect, useRef } from 'react';
import type { CommandDoneDetail } from './runInteractive';

/**
 * Calls `fn` after a command succeeded (window event 'command:done'), e.g. to reload a grid.
 * `match`: a command id prefix ('empower.user.') or a predicate; default every command.
 */
export function useCommandDone(fn: (detail: CommandDoneDetail) => void, match?: string | ((id: string) => boolean)): void {
  const ref = useRef({ fn, match });
  ref.current = { fn, match };
  useEffect(() => {
    const onDone = (e: Event) => {
      const detail = (e as CustomEvent<CommandDoneDetail>).detail;
      const m = ref.current.match;
      if (m === undefined || (typeof m === 'string' ? detail.id.startsWith(m) : m(detail.id))) ref.current.fn(detail);
    };
    window.addEventListener('command:done', onDone);
    return () => window.removeEventListener('command:done', onDone);
  }, []);
}
