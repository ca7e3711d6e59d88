import type { FastifyInstance } from 'fastify';
import type { MailService } from './mail.service.ts';
import { escapeHtml } from './mail.templates.ts';
import { isDirectLocalRequest } from '../../lib/operator-access.ts';

const STYLE =
  'body{font-family:system-ui;max-width:760px;margin:2rem auto;padding:0 1rem}' +
  'article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}';

/**
 * /dev/outbox: the developer's view of mail recorded by the dev outbox. Registered only when mail goes to the
 * outbox (no SMTP_URL) and DEV_OUTBOX=true (never with an https PUBLIC_URL: env.ts refuses it), and answers only
 * requests made on this machine directly: the real client address is loopback and no proxy forwarded the request.
 */
export async function outboxRoutes(app: FastifyInstance, opts: { mail: MailService }) {
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isDirectLocalRequest(request))
      return reply.code(404).send({ success: false, message: 'Not found.', code: 'not_found' });
    const rows = await opts.mail.recent();
    const items = rows
      .map(
        (r) =>
          `<article><h2>${escapeHtml(r.subject)}</h2>` +
          `<p><b>To:</b> ${escapeHtml(r.to_address)} · ${escapeHtml(new Date(r.created_at).toISOString())}</p>` +
          `<pre>${escapeHtml(r.text_body)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><title>Dev outbox · Kindred</title><style>${STYLE}</style></head>` +
          '<body><h1>Dev outbox</h1><p>Mail recorded locally because SMTP_URL is not set. Newest first.</p>' +
          `${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
