import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { insertMail, listRecentMail, markMailFailed, markMailSent, type RecordedMail } from './mail.repository.ts';
import type { MailTemplate } from './mail.templates.ts';

/**
 * Mail leaves through one of two real transports: the dev outbox (kept in the database, printed to the log and
 * shown at /dev/outbox) or SMTP when SMTP_URL is set. Every message is recorded first and delivered after the
 * request has answered, so a slow mail server never slows a sign-in and forgot-password timing reveals nothing.
 */
export type MailService = {
  send(to: string, template: MailTemplate): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  flush(): Promise<void>;
  /** The most recent messages recorded, newest first (the dev outbox page). */
  recent(): Promise<RecordedMail[]>;
  readonly transport: 'outbox' | 'smtp';
};

export function createMailService(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): MailService {
  const transporter: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const transport = transporter ? 'smtp' : 'outbox';
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, to: string, t: MailTemplate) {
    try {
      if (transporter) {
        await transporter.sendMail({ from: opts.from, to, subject: t.subject, text: t.text, html: t.html });
      } else {
        opts.log.info(
          { mail: { to, subject: t.subject, kind: t.kind }, body: t.text },
          'dev outbox: mail recorded (see /dev/outbox)',
        );
      }
      await markMailSent(opts.db, id);
    } catch (err) {
      opts.log.error({ err, mailId: id }, 'mail delivery failed');
      await markMailFailed(opts.db, id, String(err)).catch(() => undefined);
    }
  }

  return {
    transport,
    async send(to, t) {
      // The outbox is the delivery itself, so it keeps the message whole; a copy of a message that left by SMTP
      // keeps no secret (recovery codes are stored only as HMACs).
      const keep = (s: string) =>
        transport === 'smtp' ? (t.secrets ?? []).reduce((acc, secret) => acc.split(secret).join('[redacted]'), s) : s;
      const id = await insertMail(opts.db, {
        kind: t.kind,
        to,
        subject: keep(t.subject),
        text: keep(t.text),
        html: keep(t.html),
        transport,
      });
      const p = deliver(id, to, t).finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    recent: () => listRecentMail(opts.db),
  };
}
