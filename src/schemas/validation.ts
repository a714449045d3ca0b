import type { z } from 'zod';

/** A zod issue turned into a message id and values, so that client and server word it in the user's language. */
export interface IssueMessage {
  path: string;
  id: string;
  values: Record<string, string | number>;
}

export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  const path = issue.path.map(String).join('.');
  const i = issue as unknown as Record<string, unknown>;
  // A schema can name its own message id (z.string().regex(re, 'validation.phone')): that wording wins.
  if (issue.message?.startsWith('validation.')) return { path, id: issue.message, values: {} };
  switch (issue.code) {
    case 'too_small':
      if (i.origin === 'string') return { path, id: Number(i.minimum) === 1 ? 'validation.required' : 'validation.tooShort', values: { min: Number(i.minimum) } };
      if (i.origin === 'array' || i.origin === 'set') return { path, id: 'validation.tooFewItems', values: { min: Number(i.minimum) } };
      return { path, id: 'validation.tooSmall', values: { min: Number(i.minimum) } };
    case 'too_big':
      if (i.origin === 'string') return { path, id: 'validation.tooLong', values: { max: Number(i.maximum) } };
      if (i.origin === 'array' || i.origin === 'set') return { path, id: 'validation.tooManyItems', values: { max: Number(i.maximum) } };
      return { path, id: 'validation.tooBig', values: { max: Number(i.maximum) } };
    case 'invalid_type':
      if (i.input === undefined || i.input === null || i.input === '') return { path, id: 'validation.required', values: {} };
      return { path, id: 'validation.invalidType', values: { expected: String(i.expected) } };
    case 'invalid_format':
      return { path, id: 'validation.invalidFormat', values: {} };
    case 'invalid_value':
      return { path, id: 'validation.invalidChoice', values: {} };
    case 'unrecognized_keys':
      return { path, id: 'validation.unknownField', values: { keys: (i.keys as string[]).join(', ') } };
    default:
      return { path, id: issue.message?.startsWith('validation.') ? issue.message : 'validation.invalid', values: {} };
  }
}
