import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpProvider } from './http';
import { createSandboxProvider, type SandboxCallback } from './sandbox';
import { sign, verifySign } from './sign';

const req = (n: number) => ({
  paymentNo: `PO${n}`, orderNo: `O${n}`, amountMinor: 900_000, currency: 'VND',
  account: { bankName: 'Vietcombank', bankCode: 'VCB', number: '9704000011112222', holder: 'TRAN THI PAYEE' },
});

describe('signature', () => {
  it('signs the sorted non-empty fields and refuses any change', () => {
    const body: Record<string, unknown> = { b: 2, a: 'x', empty: '', n: null };
    body.sign = sign(body, 's3cret');
    expect(verifySign(body, 's3cret')).toBe(true);
    expect(verifySign({ ...body, a: 'y' }, 's3cret')).toBe(false);
    expect(verifySign(body, 'other')).toBe(false);
    expect(verifySign({ ...body, sign: 'zz' }, 's3cret')).toBe(false);
  });
});

describe('sandbox provider', () => {
  const make = (seed: string, failureRate: number, latencyMs = 1000, now = () => new Date('2026-03-10T08:00:00Z')) => {
    const sent: SandboxCallback[] = [];
    const p = createSandboxProvider({ code: 'SBX', secret: 'channel-secret', latencyMs, failureRate, seed }, { now, schedule: (cb) => sent.push(cb) });
    return { p, sent };
  };

  it('with a seed, the same payments get the same outcomes on every run; the failure rate holds roughly', async () => {
    const a = make('seed-1', 50);
    const b = make('seed-1', 50);
    const outcomes = async (s: ReturnType<typeof make>) => {
      for (let i = 0; i < 200; i++) await s.p.payout(req(i));
      return s.sent.map((c) => c.body.status);
    };
    const oa = await outcomes(a);
    expect(await outcomes(b)).toEqual(oa);
    const failed = oa.filter((s) => s === 'FAILED').length;
    expect(failed).toBeGreaterThan(60);
    expect(failed).toBeLessThan(140);
    const other = await outcomes(make('seed-2', 50));
    expect(other).not.toEqual(oa);
  });

  it('signs its callbacks, answers queries consistently with them after the latency, refuses a payout without an account', async () => {
    let now = new Date('2026-03-10T08:00:00Z');
    const s = make('seed-q', 30, 5_000, () => now);
    const res = await s.p.payout(req(1));
    expect(res).toMatchObject({ accepted: true, status: 'in_progress' });
    const cb = s.sent[0];
    expect(s.p.verifyCallback(cb.body)).toMatchObject({ paymentNo: 'PO1', providerRef: res.providerRef });
    expect(s.p.verifyCallback({ ...cb.body, amount: 1 })).toBeNull();
    expect((await s.p.query('PO1', res.providerRef)).status).toBe('in_progress');
    now = new Date(now.getTime() + 5_000);
    const q = await s.p.query('PO1', res.providerRef);
    expect(q.status).toBe(cb.body.status === 'SUCCESS' ? 'success' : 'failure');
    expect((await s.p.query('PO1', '')).found).toBe(false);
    const refused = await s.p.payout({ ...req(2), account: { ...req(2).account, number: '' } });
    expect(refused).toMatchObject({ accepted: false, status: 'failure' });
  });
});

describe('generic HTTP adapter against a gateway on this machine', () => {
  const gateway = Fastify();
  const seen: Array<{ path: string; body: Record<string, unknown>; key: unknown }> = [];
  let url = '';
  beforeAll(async () => {
    gateway.post('/api/payout', async (r, reply) => {
      const body = r.body as Record<string, unknown>;
      seen.push({ path: 'payout', body, key: r.headers['x-api-key'] });
      if (!verifySign(body, 'gw-secret', 'signature')) return reply.status(401).send({ msg: 'bad sign' });
      if (body.acct === '0000') return reply.status(400).send({ msg: 'invalid account', state: 'FAIL' });
      if (body.acct === '5000') return reply.status(503).send({ msg: 'down' });
      return { trade_no: `GW-${body.out_no}`, state: 'PROCESSING' };
    });
    gateway.post('/api/query', async (r, reply) => {
      const body = r.body as Record<string, unknown>;
      if (body.out_no === 'PO404') return reply.status(404).send({});
      return { trade_no: `GW-${body.out_no}`, state: 'PAID', msg: 'ok' };
    });
    url = `${await gateway.listen({ port: 0, host: '127.0.0.1' })}/api`;
  });
  afterAll(() => gateway.close());

  const provider = () => createHttpProvider({
    url, merchantNo: 'M-77', apiKey: 'key-1', secret: 'gw-secret', callbackUrl: 'https://console.example/loanapi/payment/notify/GW',
    fieldMap: { payment_no: 'out_no', account_no: 'acct', provider_ref: 'trade_no', status: 'state', sign: 'signature', message: 'msg' },
    successValues: ['PAID'], failureValues: ['FAIL'], timeoutMs: 3000,
  });

  it('posts the mapped, signed fields and reads the reference and status back', async () => {
    const res = await provider().payout(req(7));
    expect(res).toMatchObject({ accepted: true, status: 'in_progress', providerRef: 'GW-PO7' });
    const last = seen[seen.length - 1];
    expect(last.key).toBe('key-1');
    expect(last.body).toMatchObject({ out_no: 'PO7', acct: '9704000011112222', amount: 900_000, merchant_no: 'M-77' });
    expect((res.request as Record<string, unknown>).signature).toBe('***');
  });

  it('a 4xx is a refusal, a 5xx an unknown outcome (thrown)', async () => {
    const refused = await provider().payout({ ...req(8), account: { ...req(8).account, number: '0000' } });
    expect(refused).toMatchObject({ accepted: false, status: 'failure', message: 'invalid account' });
    await expect(provider().payout({ ...req(9), account: { ...req(9).account, number: '5000' } })).rejects.toThrow(/503/);
  });

  it('queries, verifies callbacks with the mapping, and tests the connection', async () => {
    expect(await provider().query('PO7', 'GW-PO7')).toMatchObject({ found: true, status: 'success' });
    expect((await provider().query('PO404', '')).found).toBe(false);
    const body: Record<string, unknown> = { out_no: 'PO7', trade_no: 'GW-PO7', state: 'PAID', amount: 900_000 };
    body.signature = sign(body, 'gw-secret', 'signature');
    expect(provider().verifyCallback(body)).toMatchObject({ paymentNo: 'PO7', providerRef: 'GW-PO7', status: 'success', amountMinor: 900_000 });
    expect(provider().verifyCallback({ ...body, state: 'FAIL' })).toBeNull();
    expect((await provider().test()).ok).toBe(true);
    const down = createHttpProvider({ url: 'http://127.0.0.1:9/none', merchantNo: '', apiKey: '', secret: 'x', callbackUrl: '', fieldMap: {}, successValues: ['SUCCESS'], failureValues: ['FAIL'], timeoutMs: 1000 });
    expect((await down.test()).ok).toBe(false);
  });
});
