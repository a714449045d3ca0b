import { ScriptError } from './words';

/**
 * The script language of `npm run cmd` (docs/scripting.md): one step a line.
 *
 *   # a comment                         as ACCOUNT                       app M001 | app KEY SECRET
 *   COMMAND_ID [params]                 read SCREEN_ID|/path [params]    intake GET|POST /loanapi/app/... [params]
 *   set NAME = PATH (of the last result)  let NAME = JSON                  expect PATH [= VALUE | != VALUE]
 *   wait SECONDS <step> until PATH [= VALUE | != VALUE]
 *   borrower NAME [MARKET]              (a new synthetic borrower: $NAME.phone, $NAME.name, $NAME.card_number …)
 *
 * params: a JSON object (`{"id": "$order"}`) or name=value pairs (`id=$order note="by phone"`); `$NAME` is a variable,
 * `$NAME.field` a field of one.
 */

/** A call: a command, a list read, or a borrower-app request. `params` stays text until run (it names variables). */
export type Step =
  | { kind: 'command'; id: string; params: string }
  | { kind: 'read'; target: string; params: string }
  | { kind: 'intake'; method: 'GET' | 'POST'; path: string; params: string };

export interface Condition {
  path: string;
  op: 'truthy' | '=' | '!=';
  value?: string;
}

export type Line = { no: number; text: string } & (
  | { kind: 'as'; account: string }
  | { kind: 'app'; merchant?: string; platform?: boolean; appKey?: string; secret?: string }
  | { kind: 'set'; name: string; path: string }
  | { kind: 'let'; name: string; json: string }
  | { kind: 'expect'; cond: Condition }
  | { kind: 'wait'; seconds: number; step: Step; cond: Condition }
  | { kind: 'borrower'; name: string; market: string }
  | { kind: 'step'; step: Step }
);

const NAME = /^[A-Za-z_]\w*$/;
const ID = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

function fail(no: number, source: string, msg: string): never {
  throw new ScriptError(`${source}:${no}: ${msg}`);
}

/** `PATH`, `PATH = VALUE`, `PATH != VALUE`. */
function parseCondition(text: string, no: number, source: string): Condition {
  const m = /^(\S+)\s*(!=|=)\s*(.+)$/.exec(text.trim());
  if (m) return { path: m[1], op: m[2] as '=' | '!=', value: m[3].trim() };
  if (/^\S+$/.test(text.trim())) return { path: text.trim(), op: 'truthy' };
  return fail(no, source, `cannot read the condition "${text}": write PATH, PATH = VALUE or PATH != VALUE`);
}

function parseStep(text: string, no: number, source: string): Step {
  const [head, ...rest] = text.trim().split(/\s+/);
  const tail = text.trim().slice(head.length).trim();
  if (head === 'read') {
    const target = rest[0];
    if (!target) fail(no, source, 'read needs a screen id or a path: read review.trial {"order_no": "$no"}');
    return { kind: 'read', target, params: tail.slice(target.length).trim() };
  }
  if (head === 'intake') {
    const method = rest[0]?.toUpperCase();
    const path = rest[1];
    if ((method !== 'GET' && method !== 'POST') || !path?.startsWith('/')) fail(no, source, 'intake needs a method and a path: intake POST /loanapi/app/apply {…}');
    return { kind: 'intake', method, path, params: tail.slice(tail.indexOf(path) + path.length).trim() };
  }
  if (!ID.test(head)) fail(no, source, `"${head}" is neither a command id (area.screen.action) nor a line kind (as, app, set, let, expect, wait, read, intake, borrower)`);
  return { kind: 'command', id: head, params: tail };
}

/** Parses a whole script; `source` names it in messages (a file name). Errors name the line. */
export function parseScript(text: string, source = 'script'): Line[] {
  const out: Line[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const no = i + 1;
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [head] = line.split(/\s+/);
    const rest = line.slice(head.length).trim();
    switch (head) {
      case 'as':
        if (!/^\S+$/.test(rest)) fail(no, source, 'as needs one account name: as reviewer1');
        out.push({ no, text: line, kind: 'as', account: rest });
        return;
      case 'app': {
        const words = rest.split(/\s+/).filter(Boolean);
        if (words.length === 2 && words[1] !== 'platform') out.push({ no, text: line, kind: 'app', appKey: words[0], secret: words[1] });
        else if (words.length >= 1 && words.length <= 2) out.push({ no, text: line, kind: 'app', merchant: words[0].toUpperCase(), platform: words[1] === 'platform' });
        else fail(no, source, 'app needs a demo merchant code (app M001, app M001 platform) or a key and its secret (app KEY SECRET)');
        return;
      }
      case 'set':
      case 'let': {
        const m = /^(\S+)\s*=\s*(.+)$/.exec(rest);
        if (!m || !NAME.test(m[1])) fail(no, source, `${head} needs a name and a value: ${head === 'set' ? 'set order = rows.0.id' : 'let phone = "0901$RUN"'}`);
        out.push(head === 'set' ? { no, text: line, kind: 'set', name: m[1], path: m[2].trim() } : { no, text: line, kind: 'let', name: m[1], json: m[2].trim() });
        return;
      }
      case 'borrower': {
        const [name, market = 'vn', extra] = rest.split(/\s+/);
        if (!name || !NAME.test(name) || extra) fail(no, source, 'borrower needs a name and optionally a market: borrower b vn');
        out.push({ no, text: line, kind: 'borrower', name, market: market.toLowerCase() });
        return;
      }
      case 'expect':
        out.push({ no, text: line, kind: 'expect', cond: parseCondition(rest, no, source) });
        return;
      case 'wait': {
        const m = /^(\d+(?:\.\d+)?)\s+(.+)\s+until\s+(.+)$/.exec(rest);
        if (!m) fail(no, source, 'wait needs seconds, a step and a condition: wait 60 read review.trial {"order_no": "$no"} until total != 0');
        out.push({ no, text: line, kind: 'wait', seconds: Number(m[1]), step: parseStep(m[2], no, source), cond: parseCondition(m[3], no, source) });
        return;
      }
      default:
        out.push({ no, text: line, kind: 'step', step: parseStep(line, no, source) });
    }
  });
  return out;
}

/**
 * The command-line form: `review.trial.next review.trial.approve '{"id":12}' as reviewer2 x.y.z id=12 note="a b"`.
 * A JSON or name=value word belongs to the command before it; `as NAME` switches account. Answers script text.
 */
export function argvToScript(words: readonly string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const isParam = /^[[{]/.test(w.trim()) || /^\w+=/.test(w);
    if (w === 'as' && words[i + 1]) {
      lines.push(`as ${words[++i]}`);
    } else if (isParam) {
      if (lines.length === 0 || lines[lines.length - 1].startsWith('as ')) throw new ScriptError(`parameters "${w}" come before any command id`);
      const eq = w.indexOf('=');
      const word = w.trim().startsWith('{') || w.trim().startsWith('[') ? w.replace(/\s*\n\s*/g, ' ')
        : /\s/.test(w) && !w.slice(eq + 1).startsWith('"') ? `${w.slice(0, eq)}=${JSON.stringify(w.slice(eq + 1))}` : w;
      lines[lines.length - 1] += ` ${word}`;
    } else {
      lines.push(w);
    }
  }
  return lines.join('\n');
}
