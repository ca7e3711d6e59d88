import { escapeHtml, layout, paragraphsMail, type MailTemplate } from '../mail/mail.templates.ts';

/** A date as the mails write it: "2 December 2026 at 14:05 UTC" (the server knows no reader's time zone). */
const when = (d: Date) =>
  `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })} at ` +
  `${d.toISOString().slice(11, 16)} UTC`;

/**
 * Sent when the account is deactivated: what happens, when, and the cancel link. The link's token is a secret of
 * the message (the stored copy withholds it, as a code mail's code; ADR 013).
 */
export function deletionScheduledMail(
  firstName: string,
  purgeAfter: Date,
  cancel: { url: string; token: string },
): MailTemplate {
  const cancelUrl = cancel.url;
  const lines = [
    `Hello ${firstName},`,
    'You asked us to delete your Kindred account. It is deactivated now: every session was signed out and the ' +
      'account can no longer sign in. Shortlists you shared with clinics are withdrawn, your upcoming appointments ' +
      'are cancelled (the clinic is told) and appointment links no longer work; cancelling the deletion does not ' +
      'restore them.',
    `On ${when(purgeAfter)} we will delete your personal and health data: your profile, preference sets, carrier ` +
      'conditions, matches, favourites, messages and copies of our emails to you. Payment records are kept as the ' +
      'law requires, without your name or email address.',
    `Changed your mind? Cancel the deletion before then: ${cancelUrl}`,
    'If you did not ask for this, open the link to keep your account and then change your password.',
  ];
  return {
    kind: 'account_deletion_scheduled',
    secrets: [cancel.token],
    subject: 'Your Kindred account will be deleted',
    text: lines.join('\n\n'),
    html: layout('Your account will be deleted', [
      ...lines.slice(0, 3).map(escapeHtml),
      `Changed your mind? <a href="${escapeHtml(cancelUrl)}">Cancel the deletion</a> before then.`,
      escapeHtml(lines[4]!),
    ]),
  };
}

/** Sent when the cancel link restored the account. */
export function deletionCancelledMail(firstName: string, signInUrl: string): MailTemplate {
  const lines = [
    `Hello ${firstName},`,
    'The deletion of your Kindred account is cancelled and your account is restored, with everything in it.',
    'What the deletion ended when it started is not restored: shortlists shared with clinics stay withdrawn and ' +
      'appointments it cancelled stay cancelled. Share your shortlist again and book again if you wish.',
    `Sign in again with your password: ${signInUrl}`,
  ];
  return paragraphsMail(
    'account_deletion_cancelled',
    'Your Kindred account is restored',
    'Your account is restored',
    lines,
  );
}

/** Sent at the purge, to the address being erased; it names nobody, and its outbox row goes once it is sent. */
export function accountPurgedMail(): MailTemplate {
  const lines = [
    'Hello,',
    'As you asked, your Kindred account has been deleted: your profile, preference sets, carrier conditions, ' +
      'matches, favourites, messages and copies of our emails to you are erased.',
    'We keep only what the law requires: payment records and invoices, with your name and email address ' +
      'removed. If you used the free trial, a one-way code made from your email address is kept so that the ' +
      'trial is not granted twice; it cannot be turned back into the address.',
    'This is the last email we send to this address.',
  ];
  return paragraphsMail(
    'account_purged',
    'Your Kindred account has been deleted',
    'Your account has been deleted',
    lines,
  );
}
