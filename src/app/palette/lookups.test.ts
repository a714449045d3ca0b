import { describe, expect, it, vi } from 'vitest';
import { lookupProviders, registerLookup, runLookups } from './lookups';

describe('lookups', () => {
  it('registers, asks allowed providers past their min length, drops failures and empties', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offA = registerLookup({ id: 'a', search: async (q) => [{ id: '1', label: `A ${q}` }] });
    const offB = registerLookup({ id: 'b', permission: 'x', search: async () => [{ id: '2', label: 'B' }] });
    const offC = registerLookup({ id: 'c', search: async () => Promise.reject(new Error('down')) });
    const offD = registerLookup({ id: 'd', minLength: 5, search: async () => [{ id: '3', label: 'D' }] });
    const res = await runLookups(' 138 ', (p) => p.permission !== 'x', new AbortController().signal);
    expect(res.map((r) => [r.provider.id, r.items.map((i) => i.label)])).toEqual([['a', ['A 138']]]);
    expect(err).toHaveBeenCalledTimes(1);
    expect(await runLookups('1', () => true, new AbortController().signal)).toEqual([]);
    for (const off of [offA, offB, offC, offD]) off();
    expect(lookupProviders()).toHaveLength(0);
    err.mockRestore();
  });
});
