// Kept apart from errors.ts so that clients reading messages do not pull in zod.
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
