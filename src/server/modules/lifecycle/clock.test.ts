import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { addDays, createBusinessClock, dateIn, daysBetween } from './clock';

let t: TestApp;
let admin: string;
const URL = '/loanapi/system/business_clock';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => t?.close());

describe('business clock', () => {
  it('moves by days for loan dates while system time stays, and another process sees the move', async () => {
    const before = await t.get(admin, URL);
    expect(before.code).toBe(20000);
    expect(before.data.offset_ms).toBe(0);
    const moved = await t.post(admin, URL, { advance_days: 3 });
    expect(moved.code, moved.msg).toBe(20000);
    expect(moved.data.offset_ms).toBe(3 * DAY);
    expect(Date.parse(moved.data.business_time) - Date.parse(moved.data.system_time)).toBe(3 * DAY);
    expect(t.app.businessClock.now().getTime() - t.clock.now.getTime()).toBe(3 * DAY);
    // A second server process on the same database reads the same offset.
    const other = createBusinessClock(t.db, () => t.clock.now);
    await other.refresh(true);
    expect(other.offsetMs()).toBe(3 * DAY);
    const back = await t.post(admin, URL, { reset: true });
    expect(back.data.offset_ms).toBe(0);
  });

  it('sets an exact date, and refuses ambiguous or out-of-range moves with 40000', async () => {
    const at = '2027-01-15T09:00:00.000Z';
    const set = await t.post(admin, URL, { date: at });
    expect(set.code).toBe(20000);
    expect(set.data.business_time).toBe(at);
    for (const bad of [{}, { advance_days: 1, reset: true }, { advance_days: 1.5 }, { advance_days: 99999 }, { date: 'tomorrow' }]) {
      const res = await t.post(admin, URL, bad);
      expect(res.code, JSON.stringify(bad)).toBe(40000);
    }
    expect((await t.get(admin, URL)).data.business_time).toBe(at);
    await t.post(admin, URL, { reset: true });
  });

  it('is the test screen’s: others may not read or move it', async () => {
    const reviewer = await t.login('reviewer1');
    expect((await t.get(reviewer, URL)).code).toBe(40300);
    expect((await t.post(reviewer, URL, { advance_days: 1 })).code).toBe(40300);
  });

  it('computes business dates in the market’s time zone', () => {
    const at = new Date('2026-03-01T20:00:00Z');
    expect(dateIn(at, 'Asia/Ho_Chi_Minh')).toBe('2026-03-02');
    expect(dateIn(at, 'America/New_York')).toBe('2026-03-01');
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
  });
});
