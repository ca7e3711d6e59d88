import { SERVER_MSG, type ErrorCode } from '@kindred/shared';

/**
 * The one error type services throw. `fields` turns it into the validation shape
 * ({field: [message], message}); 401 adds `detail`; everything else is {success: false, message}. Every body
 * carries `code`, one of the shared ERROR_CODES (the compiler holds services to that list).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    extra: { fields?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = extra.fields;
    this.headers = extra.headers;
  }
}

export const badRequest = (fields: Record<string, string[]>) =>
  new AppError('validation_error', Object.values(fields)[0]?.[0] ?? 'Invalid input.', 400, { fields });
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const unauthorized = (message: string = SERVER_MSG.notAuthenticated) =>
  new AppError('not_authenticated', message, 401);
export const forbidden = () => new AppError('forbidden', SERVER_MSG.forbidden, 403);
export const notFound = (message: string = SERVER_MSG.notFound) => new AppError('not_found', message, 404);
export const conflict = (message: string) => new AppError('conflict', message, 409);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('rate_limited', SERVER_MSG.rateLimited, 429, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** The JSON body for an AppError, in the documented shapes (docs/decisions/003-error-shapes.md). */
export function errorBody(err: AppError): Record<string, unknown> {
  const code = err.code;
  if (err.status === 400) return { message: err.message, code, ...(err.fields ?? { non_field_errors: [err.message] }) };
  if (err.status === 401) return { detail: err.message, message: err.message, code };
  return { success: false, message: err.message, code };
}
