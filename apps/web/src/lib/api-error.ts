import { errorCodeOf, type ErrorCode } from '@kindred/shared/errors';
import { firstErrorMessage } from '@kindred/shared/error-message';

/** Every failed API call becomes this one shape, whatever the status (see docs/decisions/003-error-shapes.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The server's own human message, when it sent one; screens fall back to the spec's text otherwise. */
  readonly serverMessage: string | undefined;
  /** The body's stable code (packages/shared ERROR_CODES): what screens switch on, never the message text. */
  readonly code: ErrorCode | undefined;
  /** Seconds from a 429's Retry-After header, when given. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: unknown, retryAfterSeconds?: number) {
    const serverMessage = firstErrorMessage(body);
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
    this.code = errorCodeOf(body);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** True for an ApiError whose body carries one of `codes`. */
export const hasErrorCode = (error: unknown, ...codes: ErrorCode[]): boolean =>
  error instanceof ApiError && error.code !== undefined && codes.includes(error.code);

/** The server's message for a failure, else the screen's fallback text (spec section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Field errors of a 400 body ({ field: [msg] }) as { field: msg }, for showing under the inputs. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body;
  if (!body || typeof body !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'non_field_errors' || key === 'message') continue;
    if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
  }
  return out;
}

/** Sign-up failure text in the spec's order: non_field_errors, date_of_birth, message, fallback. */
export function signupErrorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['non_field_errors', 'date_of_birth']) {
      const v = b[key];
      if (Array.isArray(v) && typeof v[0] === 'string' && v[0]) return v[0];
    }
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return fallback;
}
