import { paragraphsMail, type MailTemplate } from '../mail/mail.templates.ts';

/** The data-rights mails' texts (ADR 013: one `*.mail.ts` per module). */
export function exportReadyMail(firstName: string, profileUrl: string, expiresAt: Date): MailTemplate {
  const until = expiresAt.toISOString().slice(0, 10);
  const lines = [
    `Hello ${firstName},`,
    `The copy of your Kindred data you asked for is ready. Sign in and download it from your profile: ${profileUrl}`,
    `It can be downloaded until ${until}; after that it is deleted and you can ask for a new one.`,
    'If you did not ask for this, change your password and contact our support team.',
  ];
  return paragraphsMail('data_export_ready', 'Your Kindred data is ready to download', 'Your data is ready', lines);
}
