import { z } from 'zod';

/**
 * The one list of error codes. Every error body carries one of these as `code` (next to the human `message`), so a
 * client switches on the code and shows the message; a code never changes once published. Each entry names the
 * HTTP statuses it is sent with and what it means.
 */
export const ERROR_CODES = {
  validation_error: { statuses: [400], meaning: 'A field is missing or invalid; the fields are listed.' },
  malformed_request: { statuses: [400, 414], meaning: 'The body is not JSON, or the address cannot be read.' },
  import_rejected: { statuses: [400], meaning: 'A donor import in which no row could be imported.' },
  link_invalid: { statuses: [400, 404], meaning: 'A link from an e-mail is unknown, used or expired.' },
  verify_invalid: { statuses: [400], meaning: 'The verification link is not valid.' },
  verify_used: { statuses: [400], meaning: 'The verification link was already used.' },
  verify_done: { statuses: [400], meaning: 'The address is already verified.' },
  reset_invalid: { statuses: [400], meaning: 'The password-reset session is unknown or expired.' },
  reset_unverified: { statuses: [400], meaning: 'The reset code was not verified yet.' },
  reply_address_invalid: { statuses: [400], meaning: 'A contact message has no address to reply to.' },
  bad_signature: { statuses: [400], meaning: 'A webhook whose signature does not verify.' },
  not_authenticated: { statuses: [401], meaning: 'No valid sign-in: the token is missing, wrong or expired.' },
  payment_incomplete: { statuses: [402], meaning: 'The payment was not completed.' },
  forbidden: { statuses: [403], meaning: 'Your role may not do this.' },
  forbidden_self: { statuses: [403], meaning: 'An operator acting on their own account.' },
  forbidden_plan_filter: { statuses: [403], meaning: 'Only admins may filter users by plan.' },
  account_disabled: { statuses: [403], meaning: 'The account is disabled.' },
  account_scheduled_for_deletion: { statuses: [403], meaning: 'The account is scheduled for deletion.' },
  consent_required: { statuses: [403], meaning: 'The consent this needs was not given.' },
  email_unverified: { statuses: [403], meaning: 'Verify your e-mail address first.' },
  not_found: { statuses: [404], meaning: 'Nothing here, or nothing you may see.' },
  plan_unavailable: { statuses: [404], meaning: 'The plan is not on sale.' },
  no_subscription: { statuses: [404], meaning: 'There is no renewing subscription.' },
  method_not_allowed: { statuses: [405], meaning: 'The address does not take this method.' },
  conflict: { statuses: [409], meaning: 'The state changed or does not allow this now.' },
  last_admin: { statuses: [409], meaning: 'The last active admin cannot be removed.' },
  not_linked: { statuses: [409], meaning: 'You are not linked with a partner (decide together).' },
  gone: { statuses: [410], meaning: 'It existed but has expired.' },
  payload_too_large: { statuses: [413], meaning: 'The body or file is too large.' },
  unsupported_media_type: { statuses: [415], meaning: 'The content type is not accepted here.' },
  rate_limited: { statuses: [429], meaning: 'Too many attempts; see Retry-After.' },
  internal_error: { statuses: [500], meaning: 'Our fault; the details are in our log.' },
  unavailable: { statuses: [503], meaning: 'A dependency does not answer or the server is busy; see Retry-After.' },
} as const satisfies Record<string, { statuses: readonly number[]; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** The codes documented for one status. */
export const errorCodesFor = (status: number): ErrorCode[] =>
  (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) =>
    (ERROR_CODES[c].statuses as readonly number[]).includes(status),
  );

/** The code of an error body, when it has one the list knows. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const code = (body as Record<string, unknown>).code;
  return typeof code === 'string' && code in ERROR_CODES ? (code as ErrorCode) : undefined;
}

/**
 * Error bodies (see docs/decisions/003-error-shapes.md). Every error carries `message` so a client can always
 * show something and `code` (one of ERROR_CODES) so a client can act on it; 400s add field arrays in the earlier
 * backend's shape, 401s add `detail`.
 */
export const validationErrorBody = z
  .object({
    message: z.string(),
    code: z.enum(errorCodesFor(400) as [ErrorCode, ...ErrorCode[]]),
    non_field_errors: z.array(z.string()).optional(),
  })
  .catchall(z.union([z.array(z.string()), z.string()]));
export const authErrorBody = z.object({
  detail: z.string(),
  message: z.string(),
  code: z.enum(errorCodesFor(401) as [ErrorCode, ...ErrorCode[]]),
});
export const failureBody = z.object({ success: z.literal(false), message: z.string(), code: errorCodeSchema });

export type ValidationErrorBody = {
  message: string;
  code: ErrorCode;
  non_field_errors?: string[];
  [field: string]: string[] | string | undefined;
};
export type ApiErrorBody = ValidationErrorBody | z.infer<typeof authErrorBody> | z.infer<typeof failureBody>;

export { firstErrorMessage } from './error-message.ts';
