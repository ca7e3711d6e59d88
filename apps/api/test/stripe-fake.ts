import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API calls the server makes (create and retrieve a Checkout Session, update a
 * subscription, delete a customer), so the real `stripe` SDK talks HTTP to 127.0.0.1 and nothing reaches the network.
 * Every request is recorded with its form-encoded body decoded into flat `a[b][c]` keys.
 */
export type FakeStripeRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
};
export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  subscription: string | null;
  customer_email: string | null;
  /** The customer Stripe created at checkout (set when the session is paid). */
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number | null;
  currency: string | null;
};

export const STRIPE_SECRET_KEY = 'sk_test_123';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_123';

export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, Record<string, string>>();
  /** Customers made by paid sessions and not yet deleted. */
  const customers = new Set<string>();
  /** How many subscription updates to answer with a 500 before working again (the SDK retries twice). */
  const faults = { subscriptionUpdates: 0 };

  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: import('node:http').ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, headers: req.headers, form });

      if (req.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(16).toString('hex')}`;
        const s: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: form.mode ?? 'payment',
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          customer_email: form.customer_email ?? null,
          customer: null,
          client_reference_id: form.client_reference_id ?? null,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice(9, -1), v]),
          ),
          amount_total: form['line_items[0][price_data][unit_amount]']
            ? Number(form['line_items[0][price_data][unit_amount]'])
            : null,
          currency: form['line_items[0][price_data][currency]'] ?? null,
        };
        sessions.set(id, s);
        return send(res, 200, s);
      }
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && session) {
        const s = sessions.get(decodeURIComponent(session[1]!));
        return s ? send(res, 200, s) : notFound(res, 'checkout.session');
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (sub && (method === 'POST' || method === 'DELETE')) {
        if (faults.subscriptionUpdates > 0) {
          faults.subscriptionUpdates -= 1;
          return send(res, 500, { error: { type: 'api_error', message: 'Fake outage' } });
        }
        const id = decodeURIComponent(sub[1]!);
        const state: Record<string, string> = {
          ...(subscriptions.get(id) ?? {}),
          ...form,
          ...(method === 'DELETE' ? { status: 'canceled' } : {}),
        };
        subscriptions.set(id, state);
        return send(res, 200, {
          id,
          object: 'subscription',
          status: state.status ?? 'active',
          cancel_at_period_end: state.cancel_at_period_end === 'true',
        });
      }
      const customer = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
      if (method === 'DELETE' && customer) {
        const id = decodeURIComponent(customer[1]!);
        if (!customers.delete(id)) return notFound(res, 'customer');
        return send(res, 200, { id, object: 'customer', deleted: true });
      }
      return notFound(res, `route ${method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    requests,
    sessions,
    subscriptions,
    customers,
    faults,
    /** The `stripe` option for buildApp: the SDK's host/port/protocol point here. */
    config: {
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiHost: '127.0.0.1',
      apiPort: port,
      apiProtocol: 'http' as const,
    },
    /** Sets what Stripe says about a session when the server looks it up. */
    setSession(id: string, over: Partial<FakeSession>) {
      const s = sessions.get(id);
      if (!s) throw new Error(`fake Stripe has no session ${id}`);
      Object.assign(s, over);
      return s;
    },
    /** Marks a session paid, as Stripe does once the customer finishes checkout. */
    pay(id: string, subscription: string | null = null) {
      const customer = `cus_${randomBytes(8).toString('hex')}`;
      customers.add(customer);
      return this.setSession(id, { status: 'complete', payment_status: 'paid', subscription, customer });
    },
    requestsTo: (method: string, path: string | RegExp) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

// ---- Webhook events, signed with the SDK's own test helper ----------------------------------------------------

const signer = new Stripe('sk_test_x');
let eventCounter = 0;

export const newEventId = () => `evt_test_${++eventCounter}_${randomBytes(6).toString('hex')}`;

/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = newEventId()) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The JSON body and a valid Stripe-Signature header for it (or one made with `secret` / at `timestamp`). */
export function signed(event: unknown, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? STRIPE_WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}

export function checkoutCompleted(session: {
  id: string;
  subscription?: string | null;
  payment_status?: string;
  mode?: string;
}) {
  return stripeEvent('checkout.session.completed', {
    id: session.id,
    object: 'checkout.session',
    status: 'complete',
    mode: session.mode ?? 'payment',
    payment_status: session.payment_status ?? 'paid',
    subscription: session.subscription ?? null,
  });
}

/** An invoice event for a subscription, with the period its line covers (Unix seconds) when given. */
export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  inv: {
    id: string;
    subscription: string;
    billing_reason: string;
    amount: number;
    period?: { start: number; end: number };
    /** Stripe's lower-case code; 'usd' unless given. */
    currency?: string;
  },
) {
  return stripeEvent(type, {
    id: inv.id,
    object: 'invoice',
    billing_reason: inv.billing_reason,
    amount_paid: type === 'invoice.paid' ? inv.amount : 0,
    amount_due: inv.amount,
    currency: inv.currency ?? 'usd',
    status: type === 'invoice.paid' ? 'paid' : 'open',
    parent: { type: 'subscription_details', subscription_details: { subscription: inv.subscription, metadata: {} } },
    lines: {
      object: 'list',
      data: inv.period ? [{ id: `il_${inv.id}`, object: 'line_item', period: inv.period }] : [],
    },
  });
}

export const subscriptionDeleted = (subscriptionId: string) =>
  stripeEvent('customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled' });
