import type { IntlShape } from 'react-intl';
import { CommandError } from '../../commands/run';
import { ApiError } from '../app/api/request';
import { CODE } from '../schemas/common';
import { issueMessage, type IssueMessage } from '../schemas/validation';

/**
 * What a refused submit means for a form: messages by field, worded in the user's language (client zod issues of
 * a CommandError 'invalid', or the server's 40000 `data.issues` [{path, id, values}]); and a message for the form as
 * a whole: a refusal that names no field (the server's msg, already in the user's language) and any issue about a
 * field the form does not show, so that no issue goes unseen.
 */
export interface SubmitProblem {
  /**
   * By field: the dotted path of the issue ('label', 'el_tag_color.label'), or, when the form named the fields it
   * shows, the shown field the path falls under ('node_keys.3' → 'node_keys'). The first issue of a field wins.
   */
  fields: Record<string, string>;
  /** For the form as a whole; null when there is none (a CommandError other than 'invalid' the runner showed). */
  message: string | null;
}

function word(intl: IntlShape, m: IssueMessage): string {
  return m.id in intl.messages ? intl.formatMessage({ id: m.id }, m.values) : m.id;
}

function isIssue(v: unknown): v is IssueMessage {
  return !!v && typeof v === 'object' && typeof (v as IssueMessage).id === 'string' && typeof (v as IssueMessage).path === 'string';
}

/** The shown field a path belongs to: the path itself or the longest shown prefix of it ('a.b.c' → 'a.b' → 'a'). */
function shownField(path: string, shown: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const f of shown) {
    if ((path === f || path.startsWith(`${f}.`)) && (best === undefined || f.length > best.length)) best = f;
  }
  return best;
}

function join(parts: readonly string[]): string | null {
  const out = [...new Set(parts.filter(Boolean))];
  return out.length ? out.join('; ') : null;
}

/**
 * Places worded issues. Without `shown`, every issue goes to its own path. With `shown` (the fields the form
 * displays, as dotted paths), an issue goes to the shown field its path falls under, and one about anything else
 * goes to `message`.
 */
export function placeIssues(intl: IntlShape, issues: readonly IssueMessage[], shown?: readonly string[]): SubmitProblem {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const m of issues) {
    const key = shown ? shownField(m.path, shown) : m.path;
    if (key === undefined) rest.push(word(intl, m));
    else if (!(key in fields)) fields[key] = word(intl, m);
  }
  return { fields, message: join(rest) };
}

/** What a failed submit (`executeCommand`, a request) means for the form; `shown` as for placeIssues. */
export function submitProblem(intl: IntlShape, err: unknown, shown?: readonly string[]): SubmitProblem {
  if (err instanceof CommandError) {
    // Other codes (forbidden, selection…) were reported by the runner.
    return err.code === 'invalid' ? placeIssues(intl, err.issues.map(issueMessage), shown) : { fields: {}, message: null };
  }
  if (err instanceof ApiError) {
    const issues = (err.data as { issues?: unknown } | null)?.issues;
    if (err.code === CODE.VALIDATION && Array.isArray(issues) && issues.some(isIssue)) return placeIssues(intl, issues.filter(isIssue), shown);
    return { fields: {}, message: err.message || null };
  }
  return { fields: {}, message: null };
}

/** The message for a field: its own path, else its top-level key (an issue about `el_tag_color` as a whole). */
export function fieldError(fields: Record<string, string>, path: string): string | undefined {
  return fields[path] ?? fields[path.split('.')[0]];
}
