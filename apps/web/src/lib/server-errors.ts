import { ApiError, errorMessage, fieldErrorsOf } from './api-error.ts';

/**
 * Field messages of a 400 (lib/api-error.ts reads the documented shape), keeping only the fields the form has, so
 * that nothing is shown under an input that is not there.
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  const all = fieldErrorsOf(error);
  const out: Partial<Record<K, string>> = {};
  for (const key of fields) if (all[key]) out[key] = all[key];
  return out;
}

/** The sentence to show for a failed call: plain words for a 403, else the server's own message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return isForbidden(error) ? 'You do not have access to this page.' : errorMessage(error, fallback);
}

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
