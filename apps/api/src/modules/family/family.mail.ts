import { FAMILY_INVITE_TTL_DAYS } from '@kindred/shared/family.schemas';
import { escapeHtml, layout, type MailTemplate } from '../mail/mail.templates.ts';

/**
 * The partner invitation (issue 29): the accept link. Its token is a secret of the message (the stored copy
 * withholds it; ADR 013). It names the inviter and nothing about their preferences or health.
 */
export function partnerInviteMail(inviterName: string, link: { url: string; token: string }): MailTemplate {
  const lines = [
    'Hello,',
    `${inviterName} invites you to choose a donor together on Kindred: you would share one shortlist, rate donors ` +
      'and leave notes for each other.',
    `Sign in or create an account with this e-mail address, then accept (the link works once, for ` +
      `${FAMILY_INVITE_TTL_DAYS} days): ${link.url}`,
    'Your accounts are linked only when you accept, and either of you can leave at any time. If you were not ' +
      'expecting this, you can ignore this email.',
  ];
  return {
    kind: 'partner_invite',
    unverified: true,
    secrets: [link.token],
    subject: `${inviterName} invites you to decide together on Kindred`,
    text: lines.join('\n\n'),
    html: layout('Decide together', [
      escapeHtml(lines[0]!),
      escapeHtml(lines[1]!),
      `Sign in or create an account with this e-mail address, then <a href="${escapeHtml(link.url)}">accept the ` +
        `invitation</a> (the link works once, for ${FAMILY_INVITE_TTL_DAYS} days).`,
      escapeHtml(lines[3]!),
    ]),
  };
}
