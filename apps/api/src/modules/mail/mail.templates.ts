/**
 * `secrets` are values (a code) that the stored copy of an SMTP-delivered message must not keep. `unverified`: the
 * message may go to an address not yet verified (welcome, verification link, reset code); any other message to
 * such an address is held until it is verified.
 */
export type MailTemplate = {
  kind: string;
  subject: string;
  text: string;
  html: string;
  secrets?: string[];
  unverified?: boolean;
  /** Files sent with it (an appointment's .ics); stored with the message, so they must hold no secret. */
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mail, RFC 8058); no secrets. */
  headers?: Record<string, string>;
};
export type MailAttachment = { filename: string; contentType: string; content: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The frame every mail's HTML wears: the brand heading on a white card and the disclaimer under it. `paragraphs`
 * are HTML, already escaped by the caller.
 */
export function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return (
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;background:#f6f7f9;' +
    'padding:24px">\n' +
    '<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">\n' +
    `<h1 style="font-size:20px;margin:0 0 16px;color:#0b5c5c">${escapeHtml(title)}</h1>${body}\n` +
    '<p style="margin:24px 0 0;font-size:12px;color:#52606d">Kindred is a technology platform, not a clinic. ' +
    'Our tools are informational only.</p>\n' +
    '</div></body></html>'
  );
}

/** A message of plain paragraphs: the text joins them, the HTML escapes each one under `heading`. */
export function paragraphsMail(kind: string, subject: string, heading: string, lines: string[]): MailTemplate {
  return { kind, subject, text: lines.join('\n\n'), html: layout(heading, lines.map(escapeHtml)) };
}

export { escapeHtml };
