import { escapeHtml, layout, type MailTemplate } from '../mail/mail.templates.ts';

/** How much of the sender's own message the reply quotes under the answer. */
const QUOTE_CHARS = 2000;

/**
 * A reply written in the console's inbox, to the address the sender gave in the contact form. It may go to an
 * address no account has verified: the sender typed it to be answered there, and staff write the text.
 */
export function contactReplyMail(m: { name: string; question: string; reply: string }): MailTemplate {
  const quoted = m.question.length > QUOTE_CHARS ? `${m.question.slice(0, QUOTE_CHARS)}…` : m.question;
  const greeting = `Hello ${m.name},`;
  const intro = 'Thank you for contacting Kindred. Here is our answer to your message.';
  const quoteIntro = 'You wrote:';
  const text = [greeting, intro, m.reply, `${quoteIntro}\n${quoted.replace(/^/gm, '> ')}`].join('\n\n');
  return {
    kind: 'contact_reply',
    unverified: true,
    subject: 'Re: your message to Kindred',
    text,
    html: layout('Our answer to your message', [
      escapeHtml(greeting),
      escapeHtml(intro),
      `<span style="white-space:pre-wrap">${escapeHtml(m.reply)}</span>`,
      `${escapeHtml(quoteIntro)}<br><span style="white-space:pre-wrap;color:#52606d">${escapeHtml(quoted)}</span>`,
    ]),
  };
}
