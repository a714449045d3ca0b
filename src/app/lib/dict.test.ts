// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DICT_PATH, fetchDict, fetchList, invalidateDict, loadOptions, responseCache, setDictGetter, useDict } from './dict';

let get: ReturnType<typeof vi.fn>;

beforeEach(() => {
  responseCache.clear();
  get = vi.fn(async (path: string, query: Record<string, unknown>) => ({
    rows: path === DICT_PATH ? [{ value: '1', label: `${query.dict_name}-one`, el_tag_color: { status: '#f00' } }] : [{ id: 1, q: query }],
    total: 1,
  }));
  setDictGetter(get as never);
});
afterEach(() => setDictGetter());

describe('fetchDict', () => {
  it('GETs detail_on_list with page 0 size 9999 and returns data.rows, cached', async () => {
    const rows = await fetchDict('reject_reason');
    expect(rows[0].label).toBe('reject_reason-one');
    expect(get).toHaveBeenCalledWith('/loanapi/dict/detail_on_list', { dict_name: 'reject_reason', page: 0, size: 9999 });
    await fetchDict('reject_reason');
    expect(get).toHaveBeenCalledTimes(1);
    await fetchDict('reject_reason', { refresh: true });
    expect(get).toHaveBeenCalledTimes(2);
    invalidateDict('reject_reason');
    await fetchDict('reject_reason');
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('shares one request in flight', async () => {
    await Promise.all([fetchDict('a'), fetchDict('a'), fetchDict('a')]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a dictionary command done drops the cache', async () => {
    await fetchDict('a');
    window.dispatchEvent(new CustomEvent('command:done', { detail: { id: 'system.dict.edit' } }));
    await fetchDict('a');
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('fetchList and loadOptions', () => {
  it('keys the list cache by url plus sorted filter', async () => {
    await fetchList('/loanapi/x/list', { b: 1, a: 2 });
    await fetchList('/loanapi/x/list', { a: 2, b: 1 });
    expect(get).toHaveBeenCalledTimes(1);
    await fetchList('/loanapi/x/list', { a: 3 });
    expect(get).toHaveBeenCalledTimes(2);
    await fetchList('/loanapi/x/list', { a: 3 }, { cache: false });
    expect(get).toHaveBeenCalledTimes(3);
  });
  it('async loader sends page 1 and page_size 100', async () => {
    await loadOptions('/loanapi/x/list', { keyword: 'ab' });
    expect(get).toHaveBeenCalledWith('/loanapi/x/list', { keyword: 'ab', page: 1, page_size: 100 });
  });
});

describe('useDict', () => {
  it('loads, labels and reloads', async () => {
    const { result } = renderHook(() => useDict('gender'));
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    expect(result.current.label('1')).toBe('gender-one');
    expect(result.current.label(1)).toBe('gender-one');
    expect(result.current.label('9')).toBe('9');
    expect(result.current.item('1')?.el_tag_color).toEqual({ status: '#f00' });
    act(() => result.current.reload());
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });
});

describe('clear cache', () => {
  it('the shell event cache:clear drops the response cache', async () => {
    await fetchDict('a');
    window.dispatchEvent(new CustomEvent('cache:clear'));
    await fetchDict('a');
    expect(get).toHaveBeenCalledTimes(2);
  });
});
