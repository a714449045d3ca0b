import type { IntlShape } from 'react-intl';
import { CommandError } from '../../commands/run';
import { ApiError } from '../app/api/request';
import { CODE } from '../schemas/common';
import { issueMessage, type IssueMessage } from '../schemas/validation';

/**
 * What a refused submit means for a form: messages by field path (client zod issues of a CommandError 'invalid',
 * or the server's 40000 `data.issues` [{path, id, values}]), worded in the user's language; and the message of a
 * refusal that names no field (the server's msg, already in the user's language).
 */
export interface SubmitProblem {
  /** By dotted path ('label', 'el_tag_color.label'); the first issue of a path wins. */
  fields: Record<string, string>;
  /** A refusal without field issues; null when there is none or it was about fields only. */
  message: string | null;
}

function word(intl: IntlShape, m: IssueMessage): string {
  return m.id in intl.messages ? intl.formatMessage({ id: m.id }, m.values) : m.id;
}

function isIssue(v: unknown): v is IssueMessage {
  return !!v && typeof v === 'object' && typeof (v as IssueMessage).id === 'string' && typeof (v as IssueMessage).path === 'string';
}

export function submitProblem(intl: IntlShape, err: unknown): SubmitProblem {
  const fields: Record<string, string> = {};
  const add = (m: IssueMessage) => {
    if (!(m.path in fields)) fields[m.path] = word(intl, m);
  };
  if (err instanceof CommandError) {
    if (err.code === 'invalid') err.issues.forEach((i) => add(issueMessage(i)));
    return { fields, message: null };
  }
  if (err instanceof ApiError) {
    const issues = (err.data as { issues?: unknown } | null)?.issues;
    if (err.code === CODE.VALIDATION && Array.isArray(issues) && issues.some(isIssue)) {
      issues.filter(isIssue).forEach(add);
      return { fields, message: null };
    }
    return { fields, message: err.message || null };
  }
  return { fields, message: null };
}

/** The message for a field: its own path, else its top-level key (an issue about `el_tag_color` as a whole). */
export function fieldError(fields: Record<string, string>, path: string): string | undefined {
  return fields[path] ?? fields[path.split('.')[0]];
}
