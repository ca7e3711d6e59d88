import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG, SERVER_MSG } from '@kindred/shared';
import { PLAN_CONSOLE_MSG } from '@kindred/shared/console-plans.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  newParent,
  verifiedParent,
  type TestContext,
} from './harness.ts';
import {
  buyWithTestCheckout,
  createCheckout,
  DAY,
  getJson,
  mailText,
  paymentRows,
  receiptsTo,
  wideRates,
  type Parent,
} from './payments-helpers.ts';

const PLANS = '/api/v1/admin/subscription/plans/';

/** `parent` with another role, signed in again (the role is read from the token's user on every call anyway). */
async function withRole(ctx: TestContext, parent: Parent, role: 'admin' | 'support' | 'clinic'): Promise<string> {
  await ctx.db.query('update users set role = $2 where id = $1', [parent.id, role]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email: parent.email, password: parent.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tokens.access;
}

const planBody = (over: Record<string, unknown> = {}) => ({
  name: 'Console Monthly',
  subscription_type: 'console',
  plan_for: 'parent',
  price: 20,
  billing_cycle: 'month',
  duration_days: 30,
  match_credits: null,
  features: ['Unlimited matches'],
  most_popular: false,
  is_active: true,
  ...over,
});

type AuditRow = {
  action: string;
  actor_id: string;
  actor_role: string;
  target_id: string;
  diff: unknown;
  client_ip: string;
};
const auditRows = (ctx: TestContext, action: string, targetId?: string) =>
  ctx.db.query<AuditRow>(
    `select action, actor_id, actor_role, target_id, diff, client_ip from audit_log
      where action = $1 and ($2::text is null or target_id = $2) order by id`,
    [action, targetId ?? null],
  );

/**
 * Plans in the operator console (issue 15): list with subscribers, create, edit, retire, all audited; a price
 * change or retirement never changes what an existing subscriber pays (renewals charge the subscription's price).
 */
describe('console plans', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: string;
  let adminUser: Parent;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    adminUser = await verifiedParent(ctx);
    adminId = adminUser.id;
    admin = await withRole(ctx, adminUser, 'admin');
  });
  /** Moves the clock forward; the admin signs in again (access tokens live 15 minutes). */
  async function at(when: Date) {
    ctx.clock.set(when);
    admin = await withRole(ctx, adminUser, 'admin');
  }
  afterAll(async () => ctx.close());

  const create = (body: Record<string, unknown>, token = admin) =>
    ctx.app.inject({ method: 'POST', url: PLANS, headers: bearer(token), payload: body });
  const update = (id: string, body: Record<string, unknown>, token = admin) =>
    ctx.app.inject({ method: 'PUT', url: `${PLANS}${id}/`, headers: bearer(token), payload: body });
  const retire = (id: string, token = admin) =>
    ctx.app.inject({ method: 'POST', url: `${PLANS}${id}/retire/`, headers: bearer(token) });

  it('refuses bad plans with field messages (400) and writes neither a plan nor an audit row', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required.'],
      [{ price: -1 }, 'price', 'Price cannot be negative.'],
      [{ price: 12.345 }, 'price', 'Price can have at most two decimals.'],
      [{ price: 'ten' }, 'price', 'Price must be a number.'],
      [{ duration_days: 0 }, 'duration_days', 'Duration must be at least 1 day.'],
      [{ duration_days: 1.5 }, 'duration_days', 'Duration must be a whole number of days.'],
      [{ match_credits: -2 }, 'match_credits', 'Match credits cannot be negative.'],
      [{ billing_cycle: 'week' }, 'billing_cycle', 'Choose monthly, yearly or one-time.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(planBody({ name: 'Never Saved', ...over }));
      expect(res.statusCode, res.body).toBe(400);
      expectDocumentedErrorShape(res);
      expect(res.json()[field]).toEqual([message]);
    }
    expect(await ctx.db.query(`select 1 from plans where name = 'Never Saved'`)).toEqual([]);
    expect(await auditRows(ctx, 'plan.create')).toEqual([]);
  });

  it('creates a plan with its audit row, and refuses a taken name (409)', async () => {
    const res = await create(planBody({ name: 'Console Created', price: 35.5 }), admin);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({ name: 'Console Created', price: 35.5, is_active: true, currency: 'usd' });
    const [row] = await auditRows(ctx, 'plan.create', plan.id);
    expect(row).toMatchObject({ actor_id: adminId, actor_role: 'admin', target_id: plan.id });
    expect(row!.diff).toMatchObject({
      name: [null, 'Console Created'],
      price: [null, 35.5],
      billing_cycle: [null, 'month'],
    });

    const again = await create(planBody({ name: 'Console Created' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', success: false, message: PLAN_CONSOLE_MSG.duplicateName });
    expect(await auditRows(ctx, 'plan.create', plan.id)).toHaveLength(1);
  });

  it('a price change applies to new subscribers only: an existing subscription renews at its own price', async () => {
    await at(new Date('2030-01-10T10:00:00Z'));
    const plan = (await create(planBody({ name: 'Kept Price Monthly', price: 20 }))).json();
    const early = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, early.access, plan.id);

    const changed = await update(plan.id, planBody({ name: 'Kept Price Monthly', price: 30 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().price).toBe(30);
    const [audit] = await auditRows(ctx, 'plan.update', plan.id);
    // Only what changed, with both values.
    expect(audit!.diff).toEqual({ price: [20, 30] });

    const late = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, late.access, plan.id);

    // The list shows both as current subscribers of the plan.
    const list = await getJson(ctx.app, admin, PLANS);
    expect(list.json().results.find((p: { id: string }) => p.id === plan.id)).toMatchObject({
      price: 30,
      subscribers: 2,
    });

    // A month later both renew: the early subscriber still pays 20, the late one 30.
    await at(new Date('2030-02-10T10:00:01Z'));
    expect((await ctx.services.checkout.runDueJobs()).renewed).toBe(2);
    const amounts = async (p: Parent) => (await paymentRows(ctx.db, p.id)).map((r) => [r.kind, Number(r.plan_price)]);
    expect(await amounts(early)).toEqual([
      ['initial', 20],
      ['renewal', 20],
    ]);
    expect(await amounts(late)).toEqual([
      ['initial', 30],
      ['renewal', 30],
    ]);
    // The renewal receipt says what was charged.
    const receipts = await receiptsTo(ctx, early.email, 'Kept Price Monthly');
    expect(receipts).toHaveLength(2);
    expect(mailText(receipts[1]!)).toContain('Amount: $20.00');
  });

  it('keeps the billing cycle of a plan with subscribers (400 on the field, nothing written)', async () => {
    const plan = (await create(planBody({ name: 'Locked Cycle', price: 9 }))).json();
    const p = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, p.access, plan.id);
    const res = await update(plan.id, planBody({ name: 'Locked Cycle', price: 9, billing_cycle: 'year' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().billing_cycle).toEqual([PLAN_CONSOLE_MSG.billingCycleLocked]);
    expect(
      (await ctx.db.query<{ billing_cycle: string }>('select billing_cycle from plans where id = $1', [plan.id]))[0],
    ).toEqual({ billing_cycle: 'month' });
    expect(await auditRows(ctx, 'plan.update', plan.id)).toEqual([]);
  });

  it('retires a plan: gone from the public list and checkout, current subscribers keep renewing at their price', async () => {
    await at(new Date('2030-03-01T09:00:00Z'));
    const plan = (await create(planBody({ name: 'Soon Retired', price: 12 }))).json();
    const p = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, p.access, plan.id);

    const res = await retire(plan.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: plan.id, is_active: false, price: 12 });
    const [row] = await auditRows(ctx, 'plan.retire', plan.id);
    expect(row).toMatchObject({ actor_id: adminId, diff: { is_active: [true, false] } });

    const pub = await ctx.app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans/' });
    expect(pub.json().results.map((x: { id: string }) => x.id)).not.toContain(plan.id);
    const newcomer = await verifiedParent(ctx);
    const checkout = await createCheckout(ctx.app, newcomer.access, { plan_id: plan.id });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.json().message).toBe(PAYMENT_MSG.planUnavailable);

    // Retiring again says so and writes nothing.
    const twice = await retire(plan.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'conflict', success: false, message: PLAN_CONSOLE_MSG.alreadyRetired });
    expect(await auditRows(ctx, 'plan.retire', plan.id)).toHaveLength(1);

    await at(new Date(new Date('2030-04-01T09:00:00Z').getTime() + DAY / 24));
    await ctx.services.checkout.runDueJobs();
    expect((await paymentRows(ctx.db, p.id)).map((r) => [r.kind, Number(r.plan_price)])).toEqual([
      ['initial', 12],
      ['renewal', 12],
    ]);
  });

  it('answers 404 for an unknown plan and writes no audit row', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await update(missing, planBody({ name: 'Nobody' }))).statusCode).toBe(404);
    expect((await retire(missing)).statusCode).toBe(404);
    expect(await ctx.db.query('select 1 from audit_log where target_id = $1', [missing])).toEqual([]);
  });

  it('refuses support, clinic and parent users (403) on every plan route, and changes nothing', async () => {
    const [support, clinic, parent] = await Promise.all([newParent(ctx.app), newParent(ctx.app), newParent(ctx.app)]);
    const tokens = [await withRole(ctx, support, 'support'), await withRole(ctx, clinic, 'clinic'), parent.access];
    const target = (await create(planBody({ name: 'Guarded Plan' }))).json();
    const before = await ctx.db.query('select count(*)::int as n from audit_log');
    for (const token of tokens) {
      const calls = [
        ctx.app.inject({ method: 'GET', url: PLANS, headers: bearer(token) }),
        create(planBody({ name: 'Sneaky' }), token),
        update(target.id, planBody({ name: 'Guarded Plan', price: 0 }), token),
        retire(target.id, token),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ code: 'forbidden', success: false, message: SERVER_MSG.forbidden });
      }
    }
    const row = (
      await ctx.db.query<{ price: string; is_active: boolean }>('select price, is_active from plans where id = $1', [
        target.id,
      ])
    )[0];
    expect(row).toEqual({ price: '20.00', is_active: true });
    expect(await ctx.db.query('select count(*)::int as n from audit_log')).toEqual(before);
  });
});
