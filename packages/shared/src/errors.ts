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

export type ValidationErrorBody = {
  message: string;
  non_field_errors?: string[];
  [field: string]: string[] | string | undefined;
};
export type ApiErrorBody = ValidationErrorBody | z.infer<typeof authErrorBody> | z.infer<typeof failureBody>;

export { firstErrorMessage } from './error-message.ts';
