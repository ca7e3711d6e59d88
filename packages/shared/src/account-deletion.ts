import { z } from 'zod';
import { MSG } from './messages.ts';
import { passwordField, requiredString } from './validation.ts';

/** Days between "Delete my account" and the purge; the cancel link in the mail works until then. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

/** What the deletion endpoints, the sign-in refusal and the pages say (the spec names none of these). */
export const DELETION_MSG = {
  scheduled:
    `Your account is deactivated and will be deleted in ${ACCOUNT_DELETION_GRACE_DAYS} days. ` +
    'We sent you an email with a link to cancel.',
  passwordWrong: 'The password is incorrect.',
  alreadyScheduled: 'This account is already scheduled for deletion.',
  /** The only admin who can still sign in asked to delete their account (issue 15). */
  lastAdmin: 'You are the last administrator: make another account an administrator before deleting yours.',
  /** Sign-in with the right password for an account waiting to be purged (a wrong one gets invalidCredentials). */
  signInScheduled:
    'This account is scheduled for deletion. To keep it, open the cancel link in the email we sent you when you ' +
    `asked to delete it; the link works for ${ACCOUNT_DELETION_GRACE_DAYS} days.`,
  cancelled:
    'Your account is restored. You can sign in again. What the deletion ended is not restored: share your shortlist ' +
    'with a clinic again and book again any appointment it cancelled.',
  cancelLinkInvalid: 'This link is no longer valid: the deletion was already cancelled, or the account was deleted.',
} as const;

/** POST account/delete/ (signed in): the current password confirms it. */
export const accountDeleteRequest = z.object({ password: passwordField(MSG.passwordRequired) });
export type AccountDeleteRequest = z.input<typeof accountDeleteRequest>;

/** POST account/delete/cancel/: the signed token from the mail's cancel link. */
export const accountDeleteCancelRequest = z.object({
  token: requiredString(DELETION_MSG.cancelLinkInvalid).max(512, { error: DELETION_MSG.cancelLinkInvalid }),
});

export const accountDeleteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** When the account's personal and health data will be purged unless the deletion is cancelled. */
  purge_after: z.string(),
});
export const accountDeleteCancelResponse = z.object({ success: z.literal(true), message: z.string() });
