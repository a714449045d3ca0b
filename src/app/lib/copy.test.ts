// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_TYPE, configureCopyAudit, copyText, flushCopyEvents, installCopyAudit, reportCopy, type CopyEvent } from './copy';
import { setNotifier, type Notifier } from './notify';

let sent: CopyEvent[];
let notes: Array<[string, string]>;
let clock: number;
let prevNotifier: Notifier;

beforeEach(() => {
  sent = [];
  notes = [];
  clock = 1_700_000_000_000;
  configureCopyAudit({ send: async (e) => void sent.push(e), token: () => 'tok', now: () => clock });
  prevNotifier = setNotifier((kind, message) => notes.push([kind, message]));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});
afterEach(() => {
  setNotifier(prevNotifier);
  configureCopyAudit();
});

describe('copyText', () => {
  it('empty text: 没有可复制的信息, nothing copied or reported', async () => {
    expect(await copyText('')).toBe(false);
    expect(await copyText(null)).toBe(false);
    expect(notes).toEqual([['warning', 'copy.empty'], ['warning', 'copy.empty']]);
    expect(navigator.clipboard.writeText).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });

  it('success: 复制成功 and one event of type 1 with the page details', async () => {
    document.title = 'Accounts';
    expect(await copyText('13800138000')).toBe(true);
    await flushCopyEvents();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('13800138000');
    expect(notes).toEqual([['success', 'copy.success']]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ token: 'tok', page_title: 'Accounts', copied_info: '13800138000', copied_type: 1 });
    expect(sent[0].page_url).toBe(location.href);
    expect(sent[0].page_domain).toBe(location.host);
    expect(sent[0].operation_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('the document copy event right after a helper copy is not reported twice', async () => {
    const off = installCopyAudit(document);
    await copyText('abc');
    document.dispatchEvent(new Event('copy'));
    await flushCopyEvents();
    expect(sent).toHaveLength(1);
    off();
  });
});

describe('reportCopy', () => {
  it('skips identical text within 1000 ms, reports it again after', async () => {
    expect(reportCopy('x', COPY_TYPE.copy)).toBe(true);
    clock += 999;
    expect(reportCopy('x', COPY_TYPE.copy)).toBe(false);
    clock += 2;
    expect(reportCopy('x', COPY_TYPE.copy)).toBe(true);
    expect(reportCopy('y', COPY_TYPE.cut)).toBe(true);
    expect(reportCopy('', COPY_TYPE.copy)).toBe(false);
    await flushCopyEvents();
    expect(sent.map((e) => [e.copied_info, e.copied_type])).toEqual([['x', 2], ['x', 2], ['y', 3]]);
  });

  it('sends one at a time and only logs errors', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const order: string[] = [];
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    configureCopyAudit({
      token: () => 'tok',
      now: () => (clock += 5000),
      send: async (e) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        order.push(e.copied_info);
        if (e.copied_info === 'b') throw new Error('boom');
      },
    });
    reportCopy('a', 2);
    reportCopy('b', 2);
    reportCopy('c', 3);
    await flushCopyEvents();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(maxInFlight).toBe(1);
    expect(err).toHaveBeenCalledTimes(1);
    err.mockRestore();
  });

  it('does not report when signed out', async () => {
    configureCopyAudit({ send: async (e) => void sent.push(e), token: () => null, now: () => clock });
    expect(reportCopy('x', 2)).toBe(false);
  });
});

describe('installCopyAudit', () => {
  it('reports user copies (2) and cuts (3) of the selected text', async () => {
    const off = installCopyAudit(document);
    const ta = document.createElement('textarea');
    ta.value = 'hello world';
    document.body.appendChild(ta);
    ta.focus();
    ta.setSelectionRange(0, 5);
    document.dispatchEvent(new Event('copy'));
    clock += 2000;
    document.dispatchEvent(new Event('cut'));
    await flushCopyEvents();
    expect(sent.map((e) => [e.copied_info, e.copied_type])).toEqual([['hello', 2], ['hello', 3]]);
    off();
    document.dispatchEvent(new Event('copy'));
    await flushCopyEvents();
    expect(sent).toHaveLength(2);
    ta.remove();
  });
});

describe('programmatic flag', () => {
  it('resets after 200 ms so later user copies are reported', async () => {
    vi.useFakeTimers();
    const off = installCopyAudit(document);
    await copyText('one');
    const ta = document.createElement('textarea');
    ta.value = 'two';
    document.body.appendChild(ta);
    ta.focus();
    ta.select();
    document.dispatchEvent(new Event('copy'));
    vi.advanceTimersByTime(201);
    document.dispatchEvent(new Event('copy'));
    vi.useRealTimers();
    await flushCopyEvents();
    expect(sent.map((e) => [e.copied_info, e.copied_type])).toEqual([['one', 1], ['two', 2]]);
    off();
    ta.remove();
  });
});
