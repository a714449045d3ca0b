import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../commands/run';
import { ApiError } from '../app/api/request';
import { fieldError, placeIssues, submitProblem } from './serverIssues';

const intl = createIntl({ locale: 'en', messages: { 'validation.tooLong': 'must be at most {max} characters', 'validation.required': 'is required' }, onError: () => undefined });

describe('submitProblem', () => {
  it('words server issues by field path and keeps the first per path', () => {
    const e = new ApiError(40000, 'x', { issues: [
      { path: 'label', id: 'validation.tooLong', values: { max: 100 } },
      { path: 'label', id: 'validation.required', values: {} },
      { path: 'el_tag_color.label', id: 'validation.required', values: {} },
    ] });
    const p = submitProblem(intl, e);
    expect(p).toEqual({ fields: { label: 'must be at most 100 characters', 'el_tag_color.label': 'is required' }, message: null });
  });

  it('words client zod issues of a CommandError', () => {
    const e = new CommandError('invalid', 'x', '', [{ code: 'too_small', origin: 'string', minimum: 1, path: ['value'], message: '' } as never]);
    expect(submitProblem(intl, e).fields).toEqual({ value: 'is required' });
  });

  it('gives the message of a refusal that names no field', () => {
    expect(submitProblem(intl, new ApiError(40900, 'Value 3 already exists'))).toEqual({ fields: {}, message: 'Value 3 already exists' });
    expect(submitProblem(intl, new Error('boom'))).toEqual({ fields: {}, message: null });
  });

  it('finds a field by its path or its top-level key', () => {
    expect(fieldError({ el_tag_color: 'bad' }, 'el_tag_color.label')).toBe('bad');
    expect(fieldError({ 'el_tag_color.label': 'x' }, 'el_tag_color.label')).toBe('x');
  });

  it('with the fields a form shows: an issue goes to the shown field its path falls under, others to the message', () => {
    const e = new ApiError(40000, 'x', { issues: [
      { path: 'node_keys.3', id: 'validation.required', values: {} },
      { path: 'el_tag_color.label', id: 'validation.tooLong', values: { max: 7 } },
      { path: 'id', id: 'validation.required', values: {} },
      { path: '', id: 'validation.tooLong', values: { max: 1 } },
    ] });
    expect(submitProblem(intl, e, ['node_keys', 'el_tag_color', 'el_tag_color.label'])).toEqual({
      fields: { node_keys: 'is required', 'el_tag_color.label': 'must be at most 7 characters' },
      message: 'is required; must be at most 1 characters',
    });
  });

  it('client issues of a field the form does not show are not lost', () => {
    const e = new CommandError('invalid', 'x', '', [{ code: 'too_small', origin: 'string', minimum: 1, path: ['key'], message: '' } as never]);
    expect(submitProblem(intl, e, ['remark'])).toEqual({ fields: {}, message: 'is required' });
  });

  it('malformed server issues fall back to the server message; other CommandErrors were reported by the runner', () => {
    expect(submitProblem(intl, new ApiError(40000, 'Bad input', { issues: [{ nope: 1 }] }), ['a'])).toEqual({ fields: {}, message: 'Bad input' });
    expect(submitProblem(intl, new ApiError(40000, 'Bad input', null))).toEqual({ fields: {}, message: 'Bad input' });
    expect(submitProblem(intl, new CommandError('forbidden', 'x'), ['a'])).toEqual({ fields: {}, message: null });
  });

  it('placeIssues words an unknown id as itself', () => {
    expect(placeIssues(intl, [{ path: 'a', id: 'no.such', values: {} }])).toEqual({ fields: { a: 'no.such' }, message: null });
  });
});
