import { z } from 'zod';

/**
 * Error bodies (see docs/decisions/003-error-shapes.md). Every error carries `message` so a client can always
 * show something; 400s add field arrays in the earlier backend's shape, 401s add `detail`.
 */
export const validationErrorBody = z
  .object({ message: z.string(), non_field_errors: z.array(z.string()).optional() })
  .catchall(z.union([z.array(z.string()), z.string()]));
export const authErrorBody = z.object({ detail: z.string(), message: z.string() });
export const failureBody = z.object({ success: z.literal(false), message: z.string() });

export type ValidationErrorBody = { message: string; non_field_errors?: string[]; [field: string]: string[] | string | undefined };
export type ApiErrorBody = ValidationErrorBody | z.infer<typeof authErrorBody> | z.infer<typeof failureBody>;

/** The first human message in any error body the API returns, in the order the spec's client reads them. */
export function firstErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const nfe = b.non_field_errors;
  if (Array.isArray(nfe) && typeof nfe[0] === 'string') return nfe[0];
  for (const key of ['message', 'detail']) {
    if (typeof b[key] === 'string' && b[key]) return b[key] as string;
  }
  for (const v of Object.values(b)) if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}
