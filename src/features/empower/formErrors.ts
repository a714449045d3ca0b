import type { IntlShape } from 'react-intl';
import type { z } from 'zod';
import { CommandError } from '../../../commands/run';
import { ApiError } from '../../app/api/request';
import { CODE } from '../../schemas/common';
import { issueMessage, type IssueMessage } from '../../schemas/validation';

export interface SubmitFailure {
  /** Messages by top-level field, in the user's language. */
  fields: Record<string, string>;
  /** A refusal that belongs to no field (duplicate, forbidden…), already worded by the server; or null. */
  general: string | null;
}

function word(intl: IntlShape, m: IssueMessage): string {
  return m.id in intl.messages ? intl.formatMessage({ id: m.id }, m.values) : m.id;
}

/**
 * Turns a failed submit into what a form shows: client validation (CommandError 'invalid', zod issues) and server
 * validation (40000 with data.issues [{path, id, values}]) at their fields, anything else as a general message.
 */
export function submitFailure(e: unknown, intl: IntlShape, fieldKeys: readonly string[]): SubmitFailure {
  let issues: IssueMessage[] = [];
  let general: string | null = null;
  if (e instanceof CommandError) {
    if (e.code === 'invalid') issues = e.issues.map((i: z.core.$ZodIssue) => issueMessage(i));
    else general = null; // shown by the runner
  } else if (e instanceof ApiError) {
    const data = e.data as { issues?: IssueMessage[] } | null;
    if (e.code === CODE.VALIDATION && Array.isArray(data?.issues)) issues = data.issues;
    else general = e.message || null;
  }
  const fields: Record<string, string> = {};
  for (const m of issues) {
    const key = m.path.split('.')[0] ?? '';
    if (fieldKeys.includes(key)) {
      if (!fields[key]) fields[key] = word(intl, m);
    } else {
      general = [general, word(intl, m)].filter(Boolean).join('; ');
    }
  }
  return { fields, general };
}
