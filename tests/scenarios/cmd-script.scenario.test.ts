import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byId, COMMANDS } from '../../commands';
import { runCli } from '../../src/client/cli';
import { runScript, type EngineOptions } from '../../src/client/engine';
import { LANG_BY_CODE } from '../../src/schemas/i18n';
import { rejectParams } from '../../src/schemas/review';
import { issueMessage } from '../../src/schemas/validation';
import { translate } from '../../src/server/i18n';
import { loanOrder, orderStatusHistory } from '../../src/server/modules/order/order.table';
import { setChannelFailureRate } from '../../src/server/modules/payment/payment.fixtures';
import { merchantPaymentConfig } from '../../src/server/modules/payment/payment.table';
import { paymentRuntime } from '../../src/server/modules/payment/runtime';
import { runMachineReviewBatch } from '../../src/server/modules/scoring/machine-review.job';
import { fundedDemoMerchant, startLiveServer, type LiveServer } from '../support/liveServer';
import { DEMO_PASSWORD } from '../support/testApp';

/**
 * The scripting CLI's engine against a live server, the way a test author uses it: the documented loan-life example
 * runs to a settled loan; failures stop the run with their reason in words (a bad parameter, a mistyped id with the
 * ids it probably meant, a server refusal, a forbidden command, a captcha) and a non-zero exit; --list shows ids with
 * titles and parameters; the client works from a plain .mjs.
 */
describe('scenario: command scripts (npm run cmd)', () => {
  let server: LiveServer;
  let machineReview: NodeJS.Timeout;

  const run = async (text: string, opts: EngineOptions = {}) => {
    const out: string[] = [];
    const res = await runScript(text, { url: server.url, password: DEMO_PASSWORD, pollMs: 200, print: (l) => out.push(l), ...opts });
    return { ...res, out: out.join('\n') };
  };
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(['--url', server.url, '--password', DEMO_PASSWORD, ...argv], { print: (l) => out.push(l), error: (l) => out.push(l) });
    return { code, out: out.join('\n') };
  };
  const order = async (id: number) => (await server.db.select().from(loanOrder).where(eq(loanOrder.id, id)))[0];

  beforeAll(async () => {
    // The demo data (products, app keys, the review flow) and a funded payout channel that always pays.
    server = await startLiveServer({ business: true });
    const m001 = await fundedDemoMerchant(server.db);
    // Callbacks on a timer as on a real server, a second after the payout (as the demo sandbox, 3 s, does): a
    // callback that overtakes the payout's own commit is left to the re-check job, which tests do not run.
    const [{ payoutChannelId }] = await server.db.select().from(merchantPaymentConfig).where(eq(merchantPaymentConfig.merchantId, m001));
    await setChannelFailureRate(server.db, payoutChannelId!, 0, 1000);
    paymentRuntime(server.app.deps).delivery = 'timer';
    // A real server machine-reviews new applications every 15 s; tests run without jobs, so this stands in for it.
    machineReview = setInterval(() => void runMachineReviewBatch(server.app.deps).catch(() => undefined), 300);
  }, 240_000);
  afterAll(async () => {
    clearInterval(machineReview);
    await server?.close();
  });

  it('docs/examples/loan-life.txt runs a loan from application to settlement', async () => {
    const res = await run(fs.readFileSync('docs/examples/loan-life.txt', 'utf8'), { source: 'loan-life.txt' });
    expect(res.out).not.toContain('✗');
    expect(res).toMatchObject({ ok: true, exitCode: 0 });
    const id = Number(res.vars.order);
    const o = await order(id);
    expect(o.orderNo).toBe(res.vars.order_no);
    expect(o.status).toBe('settled');
    const path = (await server.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).map((h) => h.toStatus);
    expect(path).toEqual(['pending_review', 'machine_review', 'first_review', 'second_review', 'pre_review', 'disbursement_review', 'withdrawal', 'disbursing', 'repaying', 'settled']);
    // Each step printed with its account and result.
    expect(res.out).toMatch(/\[reviewer1\] review\.trial\.approve .* → .*"status":"second_review"/);
    expect(res.out).toMatch(/\[borrower app\] intake POST \/loanapi\/app\/apply .* → .*"status":"pending_review"/);
  }, 180_000);

  it('a bad parameter stops the run, worded through the catalogue; the lines after it do not run', async () => {
    const script = [
      'as reviewer1',
      'read review.trial {"size": 1}',
      'set order = rows.0.id',
      'review.trial.claim {"id": "$order"}',
      'review.trial.reject {"id": "$order", "remark": "no reason given"}',
      'review.trial.approve {"id": "$order"}',
    ].join('\n');
    const res = await run(script, { source: 'bad.txt' });
    expect(res).toMatchObject({ ok: false, exitCode: 1, steps: 4, failure: { line: 5 } });
    const en = LANG_BY_CODE.en;
    // Worded as the console's form words it: the command's field title, then the issue through issueMessage.
    const issue = issueMessage(rejectParams.safeParse({ remark: 'no reason given' }).error!.issues[0]);
    expect(res.failure!.message).toBe(`review.trial.reject: ${translate(en, 'field.reject_reason')} (reason): ${translate(en, issue.id, issue.values)}`);
    expect(res.out).toContain('✗ bad.txt:5: review.trial.reject');
    expect((await order(Number(res.vars.order))).status).toBe('first_review');

    // The same failure in Vietnamese: the words change, no message id shows.
    const vi = await run(script, { lang: 'vi' });
    expect(vi.failure!.message).toContain(translate(LANG_BY_CODE.vi, issue.id, issue.values));
    expect(vi.failure!.message).not.toContain(translate(en, issue.id, issue.values));
    expect(vi.failure!.message).not.toMatch(/validation\./);
  });

  it('a mistyped id answers with the ids it probably meant, before any step runs', async () => {
    const res = await run('as admin\nread review.trial\napp.theme.toggle\nreview.trail.aprove {"id": 1}');
    expect(res).toMatchObject({ ok: false, exitCode: 2, steps: 0, failure: { line: 3 } });
    expect(res.failure!.message).toMatch(/unknown command "app\.theme\.toggle"\. Did you mean: settings\.theme\.toggle/);
    expect(res.out).not.toContain('[admin] read');

    const typo = await run('as admin\nreview.trail.aprove {"id": 1}');
    expect(typo.failure!.message).toMatch(/Did you mean: review\.trial\.approve/);
  });

  it('the server\'s refusals come back as words in the asked language', async () => {
    const en = await run('as reviewer1\nreview.trial.approve {"id": 999999999}');
    expect(en.exitCode).toBe(1);
    expect(en.failure!.message).toMatch(/\(code 4\d{4}\)$/);
    const text = en.failure!.message.replace(/ \(code \d+\)$/, '');
    // Words, not a message id such as "error.notFound".
    expect(text).not.toMatch(/^[a-z]+\.[A-Za-z.]+$/);
    const vi = await run('as reviewer1\nreview.trial.approve {"id": 999999999}', { lang: 'vi' });
    expect(vi.failure!.message).not.toBe(en.failure!.message);

    const forbidden = await run('as reviewer1\nempower.user.add {"account": "x"}');
    expect(forbidden.failure!.message).toBe(`account "reviewer1" may not run empower.user.add (permission ${byId.get('empower.user.add')!.permission})`);

    const row = await run('as reviewer1\nreview.trial.approve');
    expect(row.failure!.message).toContain('review.trial.approve {"id": 12}');
  });

  it('a server that asks for a captcha is named as the reason sign-in fails', async () => {
    server.app.deps.cfg.captchaEnabled = true;
    try {
      const res = await run('as reviewer1\nread review.trial');
      expect(res.exitCode).toBe(1);
      expect(res.failure!.message).toContain('CAPTCHA_ENABLED=false');
    } finally {
      server.app.deps.cfg.captchaEnabled = false;
    }
  });

  it('--list: every id with its title, parameters and hotkey; with --as only what the account may run', async () => {
    const all = await cli('--list');
    expect(all.code).toBe(0);
    const ids = new Set(all.out.split('\n').filter((l) => !l.startsWith(' ')).map((l) => l.split(/\s+/)[0]));
    expect([...ids].sort()).toEqual(COMMANDS.map((c) => c.id).sort());

    const trial = await cli('--list', 'review.trial');
    expect(trial.out).toContain('review.trial.approve  Approve — First review  [single, key a]');
    expect(trial.out).toMatch(/review\.trial\.reject .*\n {4}id: number \(required: the row\)\n {4}version\?: string {2}— Version\n {4}reason: string {2}— Rejection reason\n {4}remark\?: string/);

    const mine = await cli('--as', 'reviewer1', '--list');
    expect(mine.out).toContain('review.trial.approve');
    expect(mine.out).not.toContain('empower.user.add');

    const vi = await cli('--lang', 'vi', '--list', 'review.trial');
    expect(vi.out).toContain(`review.trial.approve  ${translate(LANG_BY_CODE.vi, 'action.review.approve')}`);
  });

  it('the command line: commands with JSON or name=value parameters, `as` between them, exit codes', async () => {
    // A screen id runs as a read of its list.
    const ok = await cli('--as', 'reviewer1', 'review.trial.next', 'as', 'reviewer2', 'review.reviewAgain', '--lang', 'en');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/\[reviewer1\] review\.trial\.next → \{"id":\d+/);
    expect(ok.out).toMatch(/\[reviewer2\] review\.reviewAgain → \d+ of \d+ rows; rows\.0 = \{"id":\d+/);

    const claimed = Number(/review\.trial\.next → \{"id":(\d+)/.exec(ok.out)![1]);
    const bad = await cli('--as', 'reviewer1', 'review.trial.reject', `id=${claimed}`, 'remark=two words');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`Rejection reason (reason): ${translate(LANG_BY_CODE.en, issueMessage(rejectParams.safeParse({}).error!.issues[0]).id)}`);
    // `reason=1` stays text, as the reason field takes (a dictionary value); `id=` is a number.
    // A decision names the version of the order it was taken on (the order's last change, in ms).
    const version = String((await order(claimed)).updatedAt.getTime());
    const done = await cli('--as', 'reviewer1', 'review.trial.reject', `id=${claimed}`, `version=${version}`, 'reason=1', 'remark=ID photo unreadable');
    expect(done.out).toContain('✓ 1 step done');
    expect(done.code).toBe(0);
    expect(await order(claimed)).toMatchObject({ status: 'closed', reviewResult: 'rejected' });

    expect((await cli('app.theme.toggle')).code).toBe(2);
    expect((await cli('--lang', 'xx', 'review.trial.next')).code).toBe(2);
  });

  it('the client works from plain JavaScript (docs/examples/client.mjs under node --import tsx)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'docs/examples/client.mjs', server.url], {
      env: { ...process.env, CMD_PASSWORD: DEMO_PASSWORD }, timeout: 60_000,
    });
    expect(stdout).toContain('review.trial.approve: Approve — First review (a)');
    expect(stdout).toMatch(/first review: \d+ orders waiting/);
    expect(stdout).toContain('review.trail.aprove: unknown command "review.trail.aprove". Did you mean: review.trial.approve');
    expect(stdout).toContain('empower.user.add: account "reviewer1" may not run empower.user.add');
  }, 90_000);
});
