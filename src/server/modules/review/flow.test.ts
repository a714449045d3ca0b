import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/support/testApp';
import type { Db } from '../../db/client';
import { DEFAULT_FLOW_MERCHANT, nextReviewStatus, setFlow, stagesAfter } from './flow';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(async () => database?.drop());

describe('stagesAfter', () => {
  it('keeps the stages after the one passed, in order; from machine review or a re-loan, all of them', () => {
    const all = ['first', 'second', 'pre', 'disbursement'] as const;
    expect(stagesAfter(all, 'machine_review')).toEqual([...all]);
    expect(stagesAfter(all, 'reloan')).toEqual([...all]);
    expect(stagesAfter(all, 'first_review')).toEqual(['second', 'pre', 'disbursement']);
    expect(stagesAfter(['first', 'disbursement'], 'first_review')).toEqual(['disbursement']);
    // A stage the flow leaves out is still passed correctly (the order was sent there by hand).
    expect(stagesAfter(['first', 'disbursement'], 'second_review')).toEqual(['disbursement']);
    expect(stagesAfter(all, 'disbursement_review')).toEqual([]);
  });
});

describe('nextReviewStatus', () => {
  const fresh = { merchantId: 501, isReturning: false };
  const back = { merchantId: 501, isReturning: true };

  it('by default: new customers pass all four stages, returning customers first and disbursement review', async () => {
    expect(await nextReviewStatus(db, fresh, 'machine_review')).toBe('first_review');
    expect(await nextReviewStatus(db, fresh, 'first_review')).toBe('second_review');
    expect(await nextReviewStatus(db, fresh, 'second_review')).toBe('pre_review');
    expect(await nextReviewStatus(db, fresh, 'pre_review')).toBe('disbursement_review');
    expect(await nextReviewStatus(db, fresh, 'disbursement_review')).toBe('withdrawal');
    expect(await nextReviewStatus(db, back, 'reloan')).toBe('first_review');
    expect(await nextReviewStatus(db, back, 'first_review')).toBe('disbursement_review');
  });

  it('follows the default row, and a merchant’s own row over it; no stage left means pending withdrawal', async () => {
    await setFlow(db, DEFAULT_FLOW_MERCHANT, { new: ['second'], returning: [] }, 1);
    expect(await nextReviewStatus(db, fresh, 'machine_review')).toBe('second_review');
    expect(await nextReviewStatus(db, back, 'reloan')).toBe('withdrawal');
    await setFlow(db, 501, { new: ['pre', 'first'], returning: ['disbursement'] }, 1);
    expect(await nextReviewStatus(db, fresh, 'machine_review')).toBe('first_review');
    expect(await nextReviewStatus(db, fresh, 'first_review')).toBe('pre_review');
    expect(await nextReviewStatus(db, back, 'machine_review')).toBe('disbursement_review');
    expect(await nextReviewStatus(db, { merchantId: 502, isReturning: false }, 'machine_review')).toBe('second_review');
    await setFlow(db, 501, null, 1);
    expect(await nextReviewStatus(db, fresh, 'machine_review')).toBe('second_review');
  });
});
