import type { z } from 'zod';
import { byId, type CommandDef } from '../../commands';
import { CommandApiError, CommandError } from '../../commands/run';
import { LANG_BY_CODE, LANGS, type Lang, type LangCode } from '../schemas/i18n';
import { issueMessage } from '../schemas/validation';
import { translate } from '../server/i18n';
import { closestIds } from './suggest';

/**
 * Failures in words, for people reading a script's output: command errors, the server's refusals and zod issues,
 * through the same locale catalogues as the console (the server words its own `msg` when sent the lang-code header).
 */

/** A failure a script author can act on: `message` is already in words. */
export class ScriptError extends Error {
  constructor(message: string, public readonly cause?: unknown) {
    super(message);
    this.name = 'ScriptError';
  }
}

export function langOf(code: string | undefined): Lang {
  if (!code) return LANG_BY_CODE.en;
  const lang = LANG_BY_CODE[code as LangCode];
  if (!lang) throw new ScriptError(`unknown language "${code}": use one of ${LANGS.map((l) => l.code).join(', ')}`);
  return lang;
}

/** A message id in words; a title that is no id (or has no entry) stays as it is. */
export function say(lang: Lang, id: string, values: Record<string, unknown> = {}): string {
  return translate(lang, id, values);
}

/** The command's title, with its screen's for an action ("Approve — First review"). */
export function commandTitle(lang: Lang, cmd: CommandDef): string {
  const own = say(lang, cmd.title);
  const screen = cmd.screen ? byId.get(cmd.screen) : undefined;
  return screen ? `${own} — ${say(lang, screen.title)}` : own;
}

/** A parameter's label: the command's own title for it, else the catalogue's `field.<name>`, else the name. */
function fieldLabel(lang: Lang, cmd: CommandDef | undefined, path: string): string {
  if (!path) return '';
  const name = path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? path;
  const titleId = cmd?.paramTitles?.[name] ?? `field.${name}`;
  const t = say(lang, titleId);
  return t === titleId ? name : `${t} (${name})`;
}

/** zod issues worded as the console's forms word them (issueMessage → catalogue). */
export function wordIssues(lang: Lang, issues: readonly z.core.$ZodIssue[], cmd?: CommandDef): string {
  return issues.map((issue) => {
    const m = issueMessage(issue);
    const label = fieldLabel(lang, cmd, m.path);
    return `${label}${label ? ': ' : ''}${say(lang, m.id, m.values)}`;
  }).join('; ');
}

function rowHint(cmd: CommandDef): string {
  if (cmd.rowKey) return `{"${cmd.rowKey}": "…"}`;
  return cmd.scope === 'bulk' ? '{"ids": [12, 13]}' : '{"id": 12}';
}

/** Any failure of a step, in words. */
export function explain(err: unknown, lang: Lang, ctx: { account?: string | null; url?: string } = {}): string {
  if (err instanceof ScriptError) return err.message;
  if (err instanceof CommandError) {
    const cmd = byId.get(err.commandId);
    switch (err.code) {
      case 'unknown': {
        const near = closestIds(err.commandId);
        return `unknown command "${err.commandId}"${near.length ? `. Did you mean: ${near.join(', ')}?` : ''} (--list shows every id)`;
      }
      case 'forbidden':
        return `${ctx.account ? `account "${ctx.account}"` : 'nobody signed in'} may not run ${err.commandId} (permission ${cmd?.permission})`;
      case 'invalid':
        return `${err.commandId}: ${wordIssues(lang, err.issues, cmd)}`;
      case 'selection':
        return `${err.commandId} acts on ${cmd?.scope === 'bulk' ? 'one or more rows' : 'one row'}: name it in the parameters, e.g. ${err.commandId} ${cmd ? rowHint(cmd) : '{"id": 12}'}`;
      case 'no handler':
        return `${err.commandId} is done by the console itself (no server call): a script cannot run it`;
    }
  }
  if (err instanceof CommandApiError) {
    if (err.code === 40100 || err.code === 50008 || err.code === 50012 || err.code === 50014) return `signed out (${err.code}): ${err.message}`;
    if (err.httpStatus === 0 && /fetch failed|ECONNREFUSED|ENOTFOUND|<no response>/i.test(err.message)) return `cannot reach the server at ${ctx.url}: is it running?`;
    return `${err.message} (code ${err.code})`;
  }
  if (err instanceof Error) {
    if (/fetch failed|ECONNREFUSED|ENOTFOUND/i.test(`${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`)) {
      return `cannot reach the server at ${ctx.url}: is it running?`;
    }
    return err.message;
  }
  return String(err);
}
