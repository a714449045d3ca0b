import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseRefusals, errorPlugin } from './errors';

/** The database's data errors are the caller's fault: 40000 and counted, never 50000. */
describe('database data-error net', () => {
  it('answers 40000 for an input SQLSTATE, also wrapped as a cause, and counts it; other errors stay 50000', async () => {
    const app = Fastify();
    errorPlugin(app);
    const pgError = (code: string) => Object.assign(new Error('value out of range'), { code });
    app.get('/range', async () => { throw pgError('22003'); });
    app.get('/wrapped', async () => { throw Object.assign(new Error('Failed query'), { cause: pgError('22P05') }); });
    app.get('/other', async () => { throw pgError('23505'); });
    expect((await app.inject('/range')).json()).toMatchObject({ code: 40000 });
    expect((await app.inject('/wrapped')).json()).toMatchObject({ code: 40000 });
    expect(databaseRefusals(app)).toBe(2);
    const other = await app.inject('/other');
    expect(other.statusCode).toBe(500);
    expect(other.json().code).toBe(50000);
    expect(databaseRefusals(app)).toBe(2);
    await app.close();
  });
});
