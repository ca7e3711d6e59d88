import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@kindred/shared/money';
import { escapeHtml } from '../mail/mail.templates.ts';
import type { TestCheckoutSessions } from './test-checkout.provider.ts';
import type { OriginResolver } from '../../lib/public-origin.ts';

/**
 * The built-in test checkout, served when Stripe is not configured. It looks and behaves like a hosted
 * checkout (confirm → back to /payment-success, cancel → back to /subscription) but takes no card data and
 * charges nothing, and says so unmistakably. The unguessable session id in the URL is the capability, as with
 * a hosted checkout page.
 */
export async function testCheckoutRoutes(
  app: FastifyInstance,
  opts: { sessions: TestCheckoutSessions; originOf: OriginResolver },
) {
  // The page's forms post without fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  app.get<{ Params: { id: string } }>('/checkout/test/:id', { schema: { hide: true } }, async (request, reply) => {
    const origin = opts.originOf(request);
    const s = await opts.sessions.find(request.params.id);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!s)
      return reply
        .code(404)
        .send(page('Checkout not found', '<p>This checkout does not exist or has expired.</p>', origin));
    if (s.status !== 'open' || s.provider_status !== 'unpaid') {
      return reply.send(
        page(
          'Checkout already finished',
          `<p>This checkout was already ${s.provider_status === 'paid' ? 'paid' : 'cancelled'}.</p>` +
            `<p><a href="${origin}/profile">Go to your profile</a></p>`,
          origin,
        ),
      );
    }
    const amount = escapeHtml(formatMoney(Number(s.amount), s.currency));
    const id = encodeURIComponent(s.id);
    return reply.send(
      page(
        'Test checkout',
        checkoutBody(s.plan_name, amount + (s.billing_cycle ? ` per ${escapeHtml(s.billing_cycle)}` : ''), id),
        origin,
      ),
    );
  });

  app.post<{ Params: { id: string } }>(
    '/checkout/test/:id/confirm',
    { schema: { hide: true } },
    async (request, reply) => {
      const origin = opts.originOf(request);
      if (!(await opts.sessions.confirm(request.params.id)))
        return reply.redirect(`/checkout/test/${encodeURIComponent(request.params.id)}`, 303);
      return reply.redirect(
        `${origin}/payment-success?success=true&session_id=${encodeURIComponent(request.params.id)}`,
        303,
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/checkout/test/:id/cancel',
    { schema: { hide: true } },
    async (request, reply) => {
      const origin = opts.originOf(request);
      await opts.sessions.cancel(request.params.id);
      return reply.redirect(`${origin}/subscription?checkout=cancelled`, 303);
    },
  );
}

/** The open checkout: plan, amount, and the two buttons (the page's lines keep their original indentation). */
function checkoutBody(planName: string, amount: string, id: string) {
  return [
    '',
    `<dl><dt>Plan</dt><dd>${escapeHtml(planName)}</dd><dt>Amount</dt><dd>${amount}</dd></dl>`,
    '<p>No card details are asked for and no money moves. ' +
      'Confirming records a test payment exactly as a real one would be recorded.</p>',
    `<form method="post" action="/checkout/test/${id}/confirm">` +
      '<button type="submit" class="primary">Confirm test payment</button></form>',
    `<form method="post" action="/checkout/test/${id}/cancel"><button type="submit">Cancel and go back</button></form>`,
  ].join('\n      ');
}

const PAGE_STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1f2933;margin:0}',
  '.banner{background:#b45309;color:#fff;text-align:center;padding:12px;font-weight:700;letter-spacing:.04em}',
  'main{max-width:460px;margin:40px auto;background:#fff;border-radius:14px;padding:32px;' +
    'box-shadow:0 2px 12px rgba(0,0,0,.08)}',
  'h1{font-size:22px;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}' +
    'dt{color:#52606d}dd{margin:0;font-weight:600}',
  'button{width:100%;padding:12px;border-radius:8px;border:1px solid #9aa5b1;background:#fff;font-size:16px;' +
    'margin-top:12px;cursor:pointer}',
  'button.primary{background:#0b5c5c;border-color:#0b5c5c;color:#fff}a{color:#0b5c5c}',
].join('\n');

function page(title: string, body: string, publicUrl: string) {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)} · Kindred (test mode)</title>`,
    '<style>',
    PAGE_STYLE,
    '</style></head><body><div class="banner" role="note">TEST MODE — no card is charged</div>',
    `<main><h1>${escapeHtml(title)}</h1>${body}<p><small>Kindred built-in test checkout · ` +
      `<a href="${escapeHtml(publicUrl)}/subscription">Back to plans</a></small></p></main></body></html>`,
  ].join('\n');
}
