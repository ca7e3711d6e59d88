import { escapeHtml, layout, type MailTemplate } from '../mail/mail.templates.ts';
import { INVITATION_TTL_DAYS } from '@kindred/shared/clinic-portal.schemas';

/**
 * The clinic staff invitation: the set-password link. Its token is a secret of the message (the stored copy
 * withholds it, as a code mail's code; ADR 013), and it may go to the not yet verified address (following the
 * link proves it).
 */
export function clinicInvitationMail(
  firstName: string,
  clinicName: string,
  link: { url: string; token: string },
): MailTemplate {
  const lines = [
    `Hello ${firstName},`,
    `You have been invited to the Kindred clinic portal for ${clinicName}. There you see your clinic's ` +
      'appointment requests, set working hours and visit types, and manage your bank donors.',
    `Set your password to activate your account (the link works once, for ${INVITATION_TTL_DAYS} days): ${link.url}`,
    'If you were not expecting this, you can ignore this email: no account is active until a password is set.',
  ];
  return {
    kind: 'clinic_invitation',
    secrets: [link.token],
    unverified: true,
    subject: `You are invited to the Kindred clinic portal for ${clinicName}`,
    text: lines.join('\n\n'),
    html: layout('Your clinic portal invitation', [
      escapeHtml(lines[0]!),
      escapeHtml(lines[1]!),
      `<a href="${escapeHtml(link.url)}">Set your password</a> to activate your account (the link works once, for ` +
        `${INVITATION_TTL_DAYS} days).`,
      escapeHtml(lines[3]!),
    ]),
  };
}
