import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('merchant/options', () => {
  it('gives an administrator every merchant', async () => {
    const res = await t.get(await t.login('admin'), '/loanapi/merchant/options');
    expect(res.code).toBe(20000);
    expect(res.data).toEqual([
      { id: 1, name: 'Saigon Credit', code: 'M001', parent_id: null },
      { id: 2, name: 'Saigon Credit – Hanoi', code: 'M001-01', parent_id: 1 },
    ]);
  });

  it('gives a sub-merchant operator its own merchant only', async () => {
    const res = await t.get(await t.login('submerchant'), '/loanapi/merchant/options');
    expect(res.data.map((m: any) => m.code)).toEqual(['M001-01']);
  });

  it('needs a session', async () => {
    expect((await t.get(null, '/loanapi/merchant/options')).code).toBe(50008);
  });
});
