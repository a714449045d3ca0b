import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_PATH, createReporter, stripSensitive, type ClientReport } from './errorReporting';

function setup(token: string | null = 'tok-abcdef123456') {
  let now = 1_000_000;
  const sent: ClientReport[] = [];
  const send = vi.fn(async (r: ClientReport) => {
    sent.push(r);
  });
  const reporter = createReporter({ send, now: () => now, token: () => token });
  return { reporter, sent, send, advance: (ms: number) => { now += ms; } };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('console error reporter', () => {
  it('sends the same message at most once a minute', async () => {
    const { reporter, sent, advance } = setup();
    expect(reporter.report({ kind: 'error', message: 'boom', url: '/a' })).toBe(true);
    expect(reporter.report({ kind: 'error', message: 'boom', url: '/b' })).toBe(false);
    advance(59_000);
    expect(reporter.report({ kind: 'error', message: 'boom', url: '/a' })).toBe(false);
    advance(1_000);
    expect(reporter.report({ kind: 'error', message: 'boom', url: '/a' })).toBe(true);
    await flush();
    expect(sent).toHaveLength(2);
  });

  it('sends at most 20 reports a minute in all', async () => {
    const { reporter, sent, advance } = setup();
    const results = Array.from({ length: 30 }, (_, i) => reporter.report({ kind: 'error', message: `m${i}`, url: '/' }));
    expect(results.filter(Boolean)).toHaveLength(20);
    advance(60_000);
    expect(reporter.report({ kind: 'error', message: 'later', url: '/' })).toBe(true);
    await flush();
    expect(sent).toHaveLength(21);
  });

  it('never reports the failure of its own report, nor a failure while sending', async () => {
    let reporter!: ReturnType<typeof createReporter>;
    const send = vi.fn(async () => {
      // The send itself fails the way a network error would come back to the request layer.
      reporter.report({ kind: 'api', message: 'POST report failed', url: '/', method: 'POST', path: CLIENT_ERROR_PATH, status: 0 });
      throw new Error('network down');
    });
    reporter = createReporter({ send, now: () => 5, token: () => 'tok-abcdef123456' });
    expect(reporter.report({ kind: 'api', message: 'x', url: '/', method: 'POST', path: `${CLIENT_ERROR_PATH}?a=1`, status: 500 })).toBe(false);
    expect(reporter.report({ kind: 'error', message: 'first', url: '/' })).toBe(true);
    await flush();
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without a session', () => {
    const { reporter, send } = setup(null);
    expect(reporter.report({ kind: 'error', message: 'boom', url: '/' })).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('never sends tokens or passwords', async () => {
    const { reporter, sent } = setup('tok-abcdef123456');
    reporter.report({
      kind: 'api', message: 'failed with tok-abcdef123456 password=hunter2', url: '/x?token=tok-abcdef123456&page=1',
      method: 'GET', path: '/loanapi/y?pwd=hunter2&q=2', status: 502, detail: { stack: 'Error at tok-abcdef123456' },
    });
    await flush();
    const text = JSON.stringify(sent);
    expect(text).not.toContain('tok-abcdef123456');
    expect(text).not.toContain('hunter2');
    expect(sent[0]).toMatchObject({ url: '/x?token=***&page=1', path: '/loanapi/y?pwd=***&q=2', status: 502 });
  });

  it('stripSensitive keeps other keys and the hash', () => {
    expect(stripSensitive('/a?b=1&secret=2#h')).toBe('/a?b=1&secret=***#h');
    expect(stripSensitive('/a')).toBe('/a');
  });
});
