import type { MailTemplate } from '../mail/mail.templates.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The message a visitor sent through the FAQ contact form, for the support inbox. */
export function contactMail(m: { name: string; email: string; question: string }): MailTemplate {
  const subject = `Contact form: ${m.name.slice(0, 80).replace(/[\r\n]+/g, ' ')}`;
  const text = `New message from the Kindred contact form.\n\nName: ${m.name}\nEmail: ${m.email}\n\n${m.question}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<h1 style="font-size:18px">New message from the Kindred contact form</h1>
<p><strong>Name:</strong> ${escapeHtml(m.name)}<br><strong>Email:</strong> ${escapeHtml(m.email)}</p>
<p style="white-space:pre-wrap">${escapeHtml(m.question)}</p></body></html>`;
  return { kind: 'contact_message', subject, text, html };
}
