import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailAttachment } from './mail.templates.ts';

/** A message as it leaves: whole (a code included), built from the template or from the stored row. */
export type OutgoingMail = {
  key: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
};
/** What the dev outbox page shows: the messages this process delivered to the outbox, newest first. */
export type OutboxEntry = { to_address: string; subject: string; text_body: string; created_at: Date };

export type MailTransport = {
  readonly kind: 'outbox' | 'smtp';
  deliver(m: OutgoingMail, redact: (s: string) => string): Promise<void>;
  recent(): OutboxEntry[];
  close(): void;
};

/**
 * A relay that stops answering must not hold a delivery job (or the shutdown) for nodemailer's default minutes:
 * each attempt gives up within a few seconds and is retried by the job queue.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** How many delivered messages the dev outbox page keeps (in memory only: a code never reaches the database). */
const OUTBOX_KEEP = 50;

export function createMailTransport(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): MailTransport {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
    // The Message-ID carries the message key, so a receiver sees a resend (after a crash between the server's
    // acceptance and our record of it) as the same message.
    const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'kindred.local';
    return {
      kind: 'smtp',
      async deliver(m) {
        await transporter.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: `<${m.key}@${domain}>`,
          attachments: m.attachments?.map((a) => ({ ...a })),
          headers: m.headers,
        });
      },
      recent: () => [],
      close: () => transporter.close(),
    };
  }
  const ring: OutboxEntry[] = [];
  return {
    kind: 'outbox',
    async deliver(m, redact) {
      ring.unshift({ to_address: m.to, subject: m.subject, text_body: m.text, created_at: new Date() });
      ring.length = Math.min(ring.length, OUTBOX_KEEP);
      // The log is shipped and kept: the subject without any code and the recipient's domain only, never a body.
      opts.log.info(
        { mail: { kind: m.kind, subject: redact(m.subject), toDomain: m.to.split('@').pop() } },
        'dev outbox: mail delivered (see /dev/outbox)',
      );
    },
    recent: () => [...ring],
    close: () => undefined,
  };
}
