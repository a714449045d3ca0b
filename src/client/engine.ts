import crypto from 'node:crypto';
import type { ZodType } from 'zod';
import { byId } from '../../commands';
import { CommandApiError, CommandError } from '../../commands/run';
import { MARKETS, type Market } from '../schemas/merchant';
import { syntheticBorrower } from '../server/modules/intake/borrowers';
import { demoApp } from '../server/modules/intake/seedApps';
import { parseScript, type Condition, type Line, type Step } from './script';
import { connect, DEFAULT_URL, defaultPassword, intakeRequest, type Session } from './session';
import { atPath, compact, fillText, holds, parseParams, parseValue, type Vars } from './values';
import { explain, langOf, ScriptError } from './words';

/**
 * Runs a script (src/client/script.ts) against a server: one session per account (signed in on first use, so that
 * switching back and forth keeps each one), variables carried between steps, every result printed compactly, and a
 * stop at the first failure with the reason in words. The CLI (scripts/cmd.ts) and the tests both call this.
 */

export interface EngineOptions {
  url?: string;
  password?: string;
  /** Language code of messages (default en). */
  lang?: string;
  /** Account of the steps before the first `as` line. */
  account?: string | null;
  /** Where output lines go (default console.log). */
  print?: (line: string) => void;
  /** How often `wait` repeats its step, ms (default 1000). */
  pollMs?: number;
  /** Name of the script in messages (its file). */
  source?: string;
  /** Variables known from the start ($RUN is always set: six random digits, new each run). */
  vars?: Record<string, unknown>;
}

export interface RunResult {
  ok: boolean;
  /** 0 done, 1 a step failed, 2 the script could not be read. */
  exitCode: 0 | 1 | 2;
  /** Lines run to the end. */
  steps: number;
  failure?: { line?: number; text?: string; message: string };
  vars: Record<string, unknown>;
  last: unknown;
}

/** Whether a command's parameter schema takes a value for a field (unknown fields: anything). */
function fieldAccepts(id: string): (name: string, value: unknown) => boolean {
  const shape = (byId.get(id)?.params as unknown as { shape?: Record<string, ZodType> } | undefined)?.shape ?? {};
  return (name, value) => !shape[name] || shape[name].safeParse(value).success;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runScript(text: string, opts: EngineOptions = {}): Promise<RunResult> {
  let lines: Line[];
  try {
    lines = parseScript(text, opts.source);
  } catch (e) {
    const message = explain(e, langOf(opts.lang));
    (opts.print ?? console.log)(`✗ ${message}`);
    return { ok: false, exitCode: 2, steps: 0, failure: { message }, vars: { ...opts.vars }, last: undefined };
  }
  return runLines(lines, opts);
}

export async function runLines(lines: readonly Line[], opts: EngineOptions = {}): Promise<RunResult> {
  const print = opts.print ?? ((l: string) => console.log(l));
  const url = (opts.url ?? DEFAULT_URL).replace(/\/+$/, '');
  const lang = langOf(opts.lang);
  const pollMs = opts.pollMs ?? 1000;
  const vars: Vars = new Map(Object.entries({ RUN: String(crypto.randomInt(0, 1_000_000)).padStart(6, '0'), ...opts.vars }));
  const sessions = new Map<string, Session>();
  let account: string | null = opts.account ?? null;
  let app: { appKey: string; secret: string } = demoApp('M001');
  let last: unknown;
  let steps = 0;
  let borrowers = 0;

  async function session(): Promise<Session> {
    if (!account) throw new ScriptError('nobody is signed in: start with `as ACCOUNT` (or --as ACCOUNT)');
    let s = sessions.get(account);
    if (!s) {
      s = await connect({ url, account, password: opts.password ?? defaultPassword(), lang: lang.code });
      sessions.set(account, s);
    }
    return s;
  }

  async function perform(step: Step): Promise<unknown> {
    const params = parseParams(step.params, vars, step.kind === 'command' ? fieldAccepts(step.id) : undefined);
    switch (step.kind) {
      case 'command':
        return (await session()).run(step.id, params);
      case 'read':
        return (await session()).read(fillText(step.target, vars), params);
      case 'intake':
        return intakeRequest({ url, app, langId: lang.id }, step.method, fillText(step.path, vars), params);
    }
  }

  function check(cond: Condition, value: unknown): { ok: boolean; actual: unknown; expected?: unknown } {
    const actual = atPath(value, cond.path);
    const expected = cond.value === undefined ? undefined : parseValue(cond.value, vars);
    return { ok: holds(actual, cond.op, expected), actual, expected };
  }

  const who = (step?: Step) => (step?.kind === 'intake' ? '[borrower app] ' : account ? `[${account}] ` : '');

  // A mistyped id is found before anything runs, so that a script never stops half-way for a typo.
  for (const line of lines) {
    const step = line.kind === 'step' || line.kind === 'wait' ? line.step : null;
    if (step?.kind === 'command' && !byId.has(step.id)) {
      const message = explain(new CommandError('unknown', step.id), lang);
      print(`✗ ${opts.source ?? 'script'}:${line.no}: ${line.text}\n  ${message}`);
      return { ok: false, exitCode: 2, steps: 0, failure: { line: line.no, text: line.text, message }, vars: Object.fromEntries(vars), last: undefined };
    }
  }

  try {
    for (const line of lines) {
      try {
        switch (line.kind) {
          case 'as':
            account = line.account;
            await session();
            print(`— as ${account}`);
            break;
          case 'app':
            app = line.appKey ? { appKey: line.appKey, secret: line.secret! } : demoApp(line.merchant!, line.platform);
            print(`— borrower app ${app.appKey}`);
            break;
          case 'set': {
            const v = atPath(last, line.path);
            if (v === undefined) throw new ScriptError(`set ${line.name}: the last result has nothing at "${line.path}" (it was ${compact(last, 160)})`);
            vars.set(line.name, v);
            print(`  ${line.name} = ${compact(v)}`);
            break;
          }
          case 'borrower': {
            if (!(MARKETS as readonly string[]).includes(line.market)) throw new ScriptError(`borrower: unknown market "${line.market}" (one of ${MARKETS.join(', ')})`);
            // Aged 25–45: inside every market's lending age band, so that a script's application is not closed for age.
            const b = syntheticBorrower(line.market as Market, `cmd-${String(vars.get('RUN'))}`, ++borrowers, { ageRange: [25, 45] });
            vars.set(line.name, { ...b, bank_code: b.bank.code });
            print(`  ${line.name} = ${b.name}, phone ${b.phone}, card ${b.bank.code} ${b.card_number}`);
            break;
          }
          case 'let':
            vars.set(line.name, parseValue(line.json, vars));
            print(`  ${line.name} = ${compact(vars.get(line.name))}`);
            break;
          case 'expect': {
            const r = check(line.cond, last);
            if (!r.ok) throw new ScriptError(`expected ${line.cond.path} ${line.cond.op === 'truthy' ? 'to be set' : `${line.cond.op} ${compact(r.expected)}`}, got ${r.actual === undefined ? 'nothing' : compact(r.actual)}`);
            print(`  ✓ ${line.text.slice('expect'.length).trim()}`);
            break;
          }
          case 'wait': {
            const until = Date.now() + line.seconds * 1000;
            let lastError: unknown;
            for (;;) {
              try {
                last = await perform(line.step);
                lastError = undefined;
                if (check(line.cond, last).ok) break;
              } catch (e) {
                // Only the server's answers may change with time; a mistake in the step itself will not.
                if (!(e instanceof CommandApiError)) throw e;
                lastError = e;
              }
              if (Date.now() >= until) {
                const r = check(line.cond, last);
                throw new ScriptError(`waited ${line.seconds} s and ${line.cond.path} is still ${r.actual === undefined ? 'missing' : compact(r.actual)}`
                  + `${last === undefined ? '' : ` (last result: ${compact(last, 160)})`}`
                  + `${lastError ? ` (last error: ${explain(lastError, lang, { account, url })})` : ''}`);
              }
              await sleep(pollMs);
            }
            print(`${who(line.step)}${line.text} → ${compact(last)}`);
            break;
          }
          case 'step':
            last = await perform(line.step);
            print(`${who(line.step)}${line.text} → ${compact(last)}`);
            break;
        }
        steps++;
      } catch (e) {
        const message = explain(e, lang, { account, url });
        print(`✗ ${opts.source ?? 'script'}:${line.no}: ${line.text}\n  ${message}`);
        return { ok: false, exitCode: 1, steps, failure: { line: line.no, text: line.text, message }, vars: Object.fromEntries(vars), last };
      }
    }
    return { ok: true, exitCode: 0, steps, vars: Object.fromEntries(vars), last };
  } finally {
    await Promise.all([...sessions.values()].map((s) => s.signOut().catch(() => undefined)));
  }
}
