import { CODE, HTTP_SESSION_ENDED } from '../schemas/common';
import type { IssueMessage } from '../schemas/validation';

/**
 * A refusal the client should see: an envelope code, a message id from locales/*.json (worded in the
 * caller's language by the error handler) and, for a few cases, an HTTP status other than 200.
 */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    public readonly messageId: string,
    public readonly values: Record<string, string | number> = {},
    public readonly httpStatus = 200,
    public readonly issues: IssueMessage[] = [],
  ) {
    super(messageId);
  }
}

export const notFound = (what = 'record') => new AppError(CODE.NOT_FOUND, 'error.notFound', { what });
export const forbidden = () => new AppError(CODE.FORBIDDEN, 'error.forbidden');
export const conflict = (messageId: string, values: Record<string, string | number> = {}) => new AppError(CODE.CONFLICT, messageId, values);
export const badRequest = (messageId: string, values: Record<string, string | number> = {}) => new AppError(CODE.VALIDATION, messageId, values);
export const sessionEnded = (messageId: string) => new AppError(CODE.FORBIDDEN, messageId, {}, HTTP_SESSION_ENDED);
