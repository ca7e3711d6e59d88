/**
 * The earlier backend answered list calls in several shapes (spec section 7: an array, `results`, a named list, or
 * a single object). This reads any of them as an array.
 */
export function listFrom<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, unknown>;
  for (const k of [key, 'results', 'data']) if (Array.isArray(b[k])) return b[k] as T[];
  if ('id' in b || 'appointment_id' in b) return [b as T];
  return [];
}
