import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byId } from '../../../commands';
import { createNodeCaller } from '../../../commands/run';
import { invocationKeys, newIdempotencyKey } from './idempotency';

describe('idempotency keys of money commands', () => {
  it('one key per invocation: a retry with the same values reuses it, changed values get a new one', () => {
    let n = 0;
    const keys = invocationKeys(() => `k${++n}`);
    const first = keys({ id: 7, channel_id: 2 });
    expect(keys({ channel_id: 2, id: 7 })).toBe(first);
    expect(keys({ id: 7, channel_id: 3 })).not.toBe(first);
    expect(invocationKeys(() => `k${++n}`)({ id: 7, channel_id: 2 })).not.toBe(first);
    expect(newIdempotencyKey()).toMatch(/^c-[0-9a-f-]{32,36}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('the money commands are flagged, the others are not', () => {
    for (const id of ['transfer.TransferOrderFail.retransfer', 'transfer.orderAudit.approve', 'transfer.TransferOrderArtificial.manual', 'transfer.TransferOrderSuccess.reverse']) {
      expect(byId.get(id)?.idempotent, id).toBe(true);
    }
    expect(byId.get('transfer.TransferOrderLoan.recheck')?.idempotent).toBeUndefined();
  });

  describe('the Node caller (scenario scripts)', () => {
    const seen: Array<{ url: string; key: unknown }> = [];
    const server = Fastify();
    let base = '';
    beforeAll(async () => {
      server.post('/*', async (r) => {
        seen.push({ url: r.url, key: r.headers['idempotency-key'] });
        return { code: 20000, msg: 'ok', data: null };
      });
      base = await server.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => server.close());

    it('sends an Idempotency-Key on money writes only, a given one when the script retries', async () => {
      const call = createNodeCaller(base, 'tok');
      await call(byId.get('transfer.TransferOrderFail.retransfer')!.api!, { id: 1 });
      await call(byId.get('transfer.TransferOrderFail.retransfer')!.api!, { id: 1 });
      await call(byId.get('transfer.TransferOrderLoan.recheck')!.api!, { id: 1 });
      expect(seen[0].key).toMatch(/^n-/);
      expect(seen[1].key).not.toBe(seen[0].key);
      expect(seen[2].key).toBeUndefined();
      const retry = createNodeCaller(base, 'tok', 100, { idempotencyKey: () => 'same-key-123' });
      await retry(byId.get('transfer.orderAudit.approve')!.api!, { id: 1 });
      expect(seen[3].key).toBe('same-key-123');
    });
  });
});
