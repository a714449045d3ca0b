import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { LANGS } from '../schemas/i18n';
import { formatList } from './describe';
import { runScript } from './engine';
import { argvToScript } from './script';
import { connect, DEFAULT_URL } from './session';
import { explain, langOf } from './words';

export const HELP = `Usage: npm run cmd -- [options] COMMAND [PARAMS] [COMMAND [PARAMS] …]
       npm run cmd -- [options] --file SCRIPT
       npm run cmd -- [--as ACCOUNT] --list [AREA]

Runs console commands against a running server, each as the signed-in account would from the palette: the
permission and the parameters are checked, the result printed on one line; the first failure stops the run with
its reason in words and exit code 1.

  npm run cmd -- --as reviewer1 review.trial.next
  npm run cmd -- --as reviewer1 review.trial.approve '{"id": 12, "version": "…"}'
  npm run cmd -- --as reviewer1 review.trial.reject id=12 reason=1 remark="ID photo unreadable"
  npm run cmd -- --file docs/examples/loan-life.txt
  npm run cmd -- --as collector --list collection

PARAMS follow their command: a JSON object, or name=value words. \`as ACCOUNT\` between commands switches account.
A script file has one step a line (commands, read, intake, set, let, expect, wait, as, app, borrower, # comments):
see docs/scripting.md.

The server must run with CAPTCHA_ENABLED=false (a script cannot type the sign-in captcha).

Options:
  --url URL          server (default ${DEFAULT_URL})
  --as ACCOUNT       account for the commands before any \`as\` line
  --password PWD     password of every account signed in (default $CMD_PASSWORD, $DEMO_PASSWORD or Demo@2026)
  --lang CODE        language of titles and messages: ${LANGS.map((l) => l.code).join(' ')} (default en)
  --file PATH        run a script file
  --list [AREA]      every command id (of an area or id prefix) with title, parameters and hotkey; with --as only
                     what that account may run
  --poll MS          how often a \`wait\` line tries again (default 1000)
  --help             this text
`;

export interface CliIo {
  print(line: string): void;
  error(line: string): void;
}

const consoleIo: CliIo = { print: (l) => console.log(l), error: (l) => console.error(l) };

/** The CLI without the process: answers the exit code (0 done, 1 a step failed, 2 bad usage). */
export async function runCli(argv: readonly string[], io: CliIo = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv], allowPositionals: true, strict: true,
      options: {
        url: { type: 'string' }, as: { type: 'string' }, password: { type: 'string' }, lang: { type: 'string' },
        file: { type: 'string' }, list: { type: 'boolean' }, poll: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    io.error(`${(e as Error).message}\n(npm run cmd -- --help)`);
    return 2;
  }
  const { values: o, positionals } = parsed;
  if (o.help) {
    io.print(HELP);
    return 0;
  }
  const url = o.url ?? process.env.CMD_URL ?? DEFAULT_URL;
  let lang;
  try {
    lang = langOf(o.lang);
  } catch (e) {
    io.error(explain(e, langOf('en')));
    return 2;
  }

  if (o.list) {
    if (positionals.length > 1) {
      io.error('--list takes one area (or id prefix) at most');
      return 2;
    }
    try {
      const session = await connect({ url, account: o.as ?? null, password: o.password, lang: lang.code });
      const infos = session.list(positionals[0]);
      await session.signOut();
      if (infos.length === 0) {
        io.error(`no commands${positionals[0] ? ` in "${positionals[0]}"` : ''}${o.as ? ` for ${o.as}` : ''}`);
        return 1;
      }
      io.print(formatList(infos));
      return 0;
    } catch (e) {
      io.error(`✗ ${explain(e, lang, { account: o.as, url })}`);
      return 1;
    }
  }

  if (o.file && positionals.length) {
    io.error('give either --file or commands on the command line, not both');
    return 2;
  }
  let text: string;
  if (o.file) {
    try {
      text = fs.readFileSync(o.file, 'utf8');
    } catch (e) {
      io.error(`cannot read ${o.file}: ${(e as Error).message}`);
      return 2;
    }
  } else if (positionals.length) {
    try {
      text = argvToScript(positionals);
    } catch (e) {
      io.error(explain(e, lang));
      return 2;
    }
  } else {
    io.error(HELP);
    return 2;
  }
  const poll = o.poll === undefined ? undefined : Number(o.poll);
  if (poll !== undefined && !(poll > 0)) {
    io.error('--poll must be a number of milliseconds');
    return 2;
  }
  const res = await runScript(text, {
    url, account: o.as ?? null, password: o.password, lang: lang.code, pollMs: poll, source: o.file ?? 'command line', print: io.print,
  });
  if (res.ok) io.print(`✓ ${res.steps} step${res.steps === 1 ? '' : 's'} done`);
  return res.exitCode;
}
