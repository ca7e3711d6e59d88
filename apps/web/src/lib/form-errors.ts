import type { ZodType } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per top-level field when `values` fail `schema`; empty when they pass. */
export function fieldErrors<K extends string = string>(schema: ZodType, values: unknown): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as K] = issue.message;
  }
  return errors;
}

/**
 * Adds 'Passwords do not match' when the confirmation differs and has no other error. Object-level refinements
 * in zod run only once every field passes, and the user should see the mismatch as soon as both are typed.
 */
export function withMismatch<K extends string>(
  errors: FieldErrors<K>,
  password: string,
  confirm: string,
  confirmKey: K,
  message: string,
): FieldErrors<K> {
  if (confirm && password !== confirm && !errors[confirmKey]) return { ...errors, [confirmKey]: message };
  return errors;
}
