import { ApiError } from '../../../lib/api-error.ts';

/**
 * Field messages of a 400 as { field: message }, for showing under the inputs. The server sends them at the top
 * level (`{message, title: ["..."]}`, docs/decisions/003-error-shapes.md). Only the fields the form has are kept,
 * so that nothing is shown under an input that is not there.
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object') return {};
  const body = error.body as Record<string, unknown>;
  const out: Partial<Record<K, string>> = {};
  for (const key of fields) {
    const value = body[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) out[key] = first;
  }
  return out;
}

/** The sentence to show for a failed call: the server's own message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return 'You do not have access to this page.';
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
