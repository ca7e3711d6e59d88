import { expect } from 'vitest';
import { PLAN_NAMES } from '@kindred/shared';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/db.ts';
import { DEFAULT_RATE_RULES, type RateRule, type RateRuleName } from '../src/plugins/rate-limit.ts';
import { bearer, newParent, type ReceivedMail, type TestContext } from './harness.ts';

/** Helpers shared by the payments, subscriptions-jobs and Stripe suites. */

export const DAY = 86_400_000;
export const PUBLIC_URL = 'http://localhost:3000';

/** Every rate rule opened wide: these suites sign up many parents and are not about limits. */
export const wideRates = (): Partial<Record<RateRuleName, RateRule>> =>
  Object.fromEntries(
    Object.keys(DEFAULT_RATE_RULES).map((k) => [k, { points: 1_000_000, durationSeconds: 60 }]),
  ) as Record<RateRuleName, RateRule>;

export type Parent = Awaited<ReturnType<typeof newParent>>;
export type PlanKey = keyof typeof PLAN_NAMES;

/** Plan ids by key (trial/starter/premium/clinic), read from the public list and the database. */
export async function planIds(db: Db): Promise<Record<PlanKey | 'clinic', string>> {
  const rows = await db.query<{ id: string; name: string; plan_for: string }>('select id, name, plan_for from plans');
  const by = (name: string) => {
    const r = rows.find((p) => p.name === name);
    if (!r) throw new Error(`no plan ${name}`);
    return r.id;
  };
  const clinic = rows.find((p) => p.plan_for === 'clinic');
  if (!clinic) throw new Error('no clinic plan');
  return {
    trial: by(PLAN_NAMES.trial),
    starter: by(PLAN_NAMES.starter),
    premium: by(PLAN_NAMES.premium),
    clinic: clinic.id,
  };
}

export const createCheckout = (app: App, token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/payments/create-checkout-session/', headers: bearer(token), payload });

export const verifyCheckout = (app: App, token: string, sessionId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/create-checkout-session/verify/',
    headers: bearer(token),
    payload: { session_id: sessionId },
  });

export const getJson = (app: App, token: string, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

/** The path of an absolute URL on our public origin (what the browser would request from the app). */
export function pathOf(url: string): string {
  const u = new URL(url);
  expect(u.origin).toBe(PUBLIC_URL);
  return u.pathname + u.search;
}

/** Starts a checkout for `planId` and returns {sessionId, url}; fails the test unless the server accepted it. */
export async function startCheckout(app: App, token: string, planId: string, extra: Record<string, unknown> = {}) {
  const res = await createCheckout(app, token, { plan_id: planId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { sessionId: string; url: string };
}

/** The test checkout page's Confirm button: a form post without fields. */
export const confirmTestCheckout = (app: App, sessionId: string) =>
  app.inject({
    method: 'POST',
    url: `/checkout/test/${encodeURIComponent(sessionId)}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
export const cancelTestCheckout = (app: App, sessionId: string) =>
  app.inject({
    method: 'POST',
    url: `/checkout/test/${encodeURIComponent(sessionId)}/cancel`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** Buys a plan through the built-in test checkout (start → confirm → verify) and returns the verify body. */
export async function buyWithTestCheckout(app: App, token: string, planId: string) {
  const { sessionId } = await startCheckout(app, token, planId);
  const confirm = await confirmTestCheckout(app, sessionId);
  expect(confirm.statusCode, confirm.body).toBe(303);
  const res = await verifyCheckout(app, token, sessionId);
  expect(res.statusCode, res.body).toBe(200);
  return { sessionId, ...(res.json() as { success: true; message: string; subscription: Entitlement }) };
}

export type Entitlement = {
  active: boolean;
  status: string;
  plan_id: string;
  plan_name: string;
  match_credits_total: number | null;
  match_credits_used: number;
  match_credits_remaining: number | null;
  matches_shown: number | null;
  started_at: string;
  current_period_end: string;
  renews: boolean;
  cancel_at_period_end: boolean;
  counterfactuals: boolean;
};

/** GET subscriptions/me/: the current entitlement or null. */
export async function entitlement(app: App, token: string): Promise<Entitlement | null> {
  const res = await getJson(app, token, '/api/v1/subscriptions/me/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscription;
}

/** The profile's `subscription` flag. */
export async function profileSubscribed(app: App, token: string): Promise<boolean> {
  const res = await getJson(app, token, '/api/v1/auth/profile/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.subscription;
}

export type Payment = {
  id: string;
  created_at: string;
  plan_id: string;
  plan_name: string;
  plan_price: number;
  currency: string;
  payment_status: string;
  kind: string;
};
export async function payments(app: App, token: string): Promise<Payment[]> {
  const res = await getJson(app, token, '/api/v1/payments/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payments;
}

export type SubRow = {
  id: string;
  plan_id: string;
  status: string;
  provider: string;
  provider_subscription_id: string | null;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  paid_months: number;
  checkout_session_id: string;
};
export const subscriptionRows = (db: Db, userId: string) =>
  db.query<SubRow>(
    `select id, plan_id, status, provider, provider_subscription_id, current_period_end, cancel_at_period_end,
       paid_months, checkout_session_id from subscriptions where user_id = $1 order by started_at, id`,
    [userId],
  );

export type PaymentDbRow = {
  id: string;
  plan_price: string;
  kind: string;
  payment_status: string;
  provider: string;
  provider_reference: string | null;
  subscription_id: string | null;
  checkout_session_id: string | null;
};
export const paymentRows = (db: Db, userId: string) =>
  db.query<PaymentDbRow>(
    `select id, plan_price, kind, payment_status, provider, provider_reference, subscription_id, checkout_session_id
     from payments where user_id = $1 order by created_at, id`,
    [userId],
  );

export const isReceipt = (planName?: string) => (m: ReceivedMail) =>
  /^Subject: Your Kindred receipt: /m.test(m.raw) &&
  (planName === undefined || m.raw.includes(`Subject: Your Kindred receipt: ${planName}`));

/** Receipts delivered to `to` so far (after the app's pending deliveries have finished). */
export async function receiptsTo(ctx: TestContext, to: string, planName?: string): Promise<ReceivedMail[]> {
  await ctx.services.mail.flush();
  return ctx.smtp.received.filter((m) => m.to.includes(to.toLowerCase()) && isReceipt(planName)(m));
}

/**
 * A mail body with quoted-printable soft breaks and escapes undone, good enough to search for plain text. A run of
 * escapes is decoded as UTF-8 bytes together, so '€' (=E2=82=AC) reads as itself.
 */
export function mailText(m: ReceivedMail): string {
  return m.raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** Makes `parent` an admin and signs in again; returns the new access token. */
export async function makeAdmin(ctx: TestContext, parent: Parent): Promise<string> {
  await ctx.db.query("update users set role = 'admin' where id = $1", [parent.id]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email: parent.email, password: parent.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tokens.access;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
