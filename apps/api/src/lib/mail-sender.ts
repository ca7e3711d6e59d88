/** The sender when MAIL_FROM is not set, and support's mailbox when SUPPORT_EMAIL is not (README, Configuration). */
export const DEFAULT_MAIL_FROM = 'Kindred <no-reply@kindred.local>';
export const DEFAULT_SUPPORT_EMAIL = 'support@kindred.local';

/** MAIL_FROM parsed once: the From header as configured, and its bare address (`Name <a@b>` → `a@b`). */
export function mailSender(from: string = DEFAULT_MAIL_FROM): { header: string; address: string } {
  return { header: from, address: /<([^>]+)>/.exec(from)?.[1] ?? from };
}
