import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CODES, SERVER_MSG, USER_ROLES, type UserRole } from '@kindred/shared';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  newParent,
  type TestContext,
} from './harness.ts';
import { BODY_METHODS, documentedErrors, routesFrom, type Route } from './openapi-routes.ts';
import { auditedCalls } from './role-matrix-calls.ts';

/**
 * Deny by default (issue 15, ADR 022): every operation of the OpenAPI document, called by an anonymous client and
 * by a parent, a clinic account, a support agent and an admin. The roles an operation allows are the server's own
 * declaration (the guard publishes them as `x-roles`; a signed-in route without it allows every role):
 * - anonymous → 401 on every signed-in route;
 * - a role not allowed → 403 (the guard's refusal), before any body is read;
 * - an allowed role → anything but 401 or the guard's 403 (business rules may still refuse, with their own text).
 * Then: every /api/v1/admin/ route excludes parents and clinic accounts, and every admin route that changes
 * something writes an audit row (called for real, as listed in role-matrix-calls.ts), unless it is listed as
 * changing nothing.
 */

type Operation = { 'x-roles'?: string[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

const JUNK = JSON.stringify({ email: 7, password: [], data: { nested: [null, { x: 1 }] }, id: {} });

/**
 * Routes under /api/v1/admin/ that parents or clinic accounts may call, and why. Everything else under that prefix
 * is staff only.
 */
const ADMIN_PREFIX_EXCEPTIONS: Record<string, string> = {
  // The spec's client updates a parent's own name and phone through this admin-prefixed path (self, or an admin).
  'PUT /api/v1/admin/parent/{id}/update/': 'a parent updates their own profile',
  // Clinic staff import their own bank's donors (issue 14); admins any bank's.
  'POST /api/v1/admin/donors/import/': "clinic staff import their own bank's donors",
  'POST /api/v1/admin/price-lists/import/': "clinic staff import their own bank's price list (issue 29)",
};

/**
 * Parent routes (issue 25): what only a parent does — health-data consent and shortlist sharing, preference sets,
 * relaxing a search, starring donors, buying or cancelling a plan, booking and changing appointments. Staff accounts
 * (clinic, support, admin) are refused with the guard's 403, checked for every role by the walk below.
 */
const PARENT_ONLY = [
  // A parent's own carrier screen is health data only a parent has (issue 24): staff get the guard's 403.
  'GET /api/v1/profile/carrier-screening/',
  'PUT /api/v1/profile/carrier-screening/',
  'DELETE /api/v1/profile/carrier-screening/',
  'GET /api/v1/profile/carrier-screening',
  'PUT /api/v1/profile/carrier-screening',
  'DELETE /api/v1/profile/carrier-screening',
  'POST /api/v1/profile/consents/',
  'POST /api/v1/profile/consents',
  'GET /api/v1/fertility-profile/list/',
  'GET /api/v1/fertility-profile/{id}/',
  'POST /api/v1/donors/find-matches/',
  'GET /api/v1/donors/revealed/',
  'GET /api/v1/donors/{reference_id}/',
  'GET /api/v1/donors/favourites/',
  // Donor updates as the families who care about the donor read them (issue 28).
  'GET /api/v1/donors/{reference_id}/updates/',
  'GET /api/v1/appointments/hold/{id}/',
  'DELETE /api/v1/appointments/hold/{id}/',
  'POST /api/v1/appointments/{id}/rating/',
  'POST /api/v1/clinics/{reference_id}/waitlist/',
  'POST /api/v1/fertility-profile/create/',
  'POST /api/v1/fertility-profile/{id}/relax/',
  'POST /api/v1/donors/favourites/',
  'DELETE /api/v1/donors/favourites/',
  // Saved-search alerts (issue 28): a parent's own searches.
  'GET /api/v1/alerts/',
  'POST /api/v1/alerts/',
  'PATCH /api/v1/alerts/{id}/',
  'DELETE /api/v1/alerts/{id}/',
  'POST /api/v1/payments/create-checkout-session/',
  'POST /api/v1/payments/create-checkout-session/verify/',
  'POST /api/v1/subscriptions/cancel/',
  'POST /api/v1/appointments/create/',
  'POST /api/v1/appointments/hold/',
  'POST /api/v1/appointments/{id}/cancel/',
  'POST /api/v1/appointments/{id}/reschedule/',
  // The family ledger (issue 28): a parent reports, corrects and withdraws their own family.
  'GET /api/v1/family-ledger/reports/',
  'POST /api/v1/family-ledger/reports/',
  'PUT /api/v1/family-ledger/reports/{id}/',
  'POST /api/v1/family-ledger/reports/{id}/withdraw/',
  // Decide together (issue 29, ADR 028): a family is two parents; staff get the guard's 403.
  'GET /api/v1/family/',
  'POST /api/v1/family/invites/',
  'DELETE /api/v1/family/invites/',
  'POST /api/v1/family/invites/accept/',
  'POST /api/v1/family/leave/',
  'POST /api/v1/family/shared-sets/',
  'DELETE /api/v1/family/shared-sets/{id}/',
  'GET /api/v1/family/revealed/',
  'GET /api/v1/family/shortlist/',
  'POST /api/v1/family/shortlist/',
  'DELETE /api/v1/family/shortlist/',
  'GET /api/v1/family/compare/',
  'PUT /api/v1/family/ratings/',
  'POST /api/v1/family/notes/',
  'DELETE /api/v1/family/notes/{id}/',
];

/**
 * Signed-in routes open to every role, and why: each acts on the caller's own account, which staff have too (the
 * profile page shows a staff account its own, empty, plan, payments and appointments). Every other signed-in route
 * declares its roles, so a new parent route cannot be left open to staff by forgetting the guard.
 */
const ANY_SIGNED_IN: Record<string, string> = {
  'POST /api/v1/auth/verify-email/resend/': 'own address',
  'POST /api/v1/auth/change-password/': 'own password',
  'GET /api/v1/auth/profile/': 'own profile (the web app reads the role from it)',
  'PUT /api/v1/admin/parent/{id}/update/': 'own name and phone, or an admin',
  'GET /api/v1/subscriptions/me/': 'own plan (none for staff)',
  'POST /api/v1/account/delete/': 'own account',
  'GET /api/v1/payments/': 'own payments (none for staff)',
  'GET /api/v1/parent/transactions/': 'own payments (none for staff)',
  'GET /api/v1/appointments/my-appointments/': 'own appointments (none for staff)',
  'GET /api/v1/profile/consents/': 'own consent log',
  'GET /api/v1/profile/consents': 'own consent log',
  'POST /api/v1/profile/export/': 'own data export',
  'GET /api/v1/profile/export/': 'own data export',
  'POST /api/v1/profile/export': 'own data export',
  'GET /api/v1/profile/export': 'own data export',
  'GET /api/v1/profile/export/{file}': 'own data export',
  // The genetics module is another helper's this round; a staff account storing a screen of its own is left open.
};

/** Mutating admin routes that change nothing stored, so write no audit row. */
const CHANGES_NOTHING: Record<string, string> = {
  'POST /api/v1/admin/blogs/preview/': 'renders Markdown, stores nothing',
};

const signedInRoles = USER_ROLES as readonly UserRole[];
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('role matrix: every operation with every role', () => {
  let ctx: TestContext;
  let doc: Doc;
  let routes: Route[];
  const tokens = {} as Record<UserRole, string>;
  const users = {} as Record<UserRole, { email: string; password: string; id: string }>;

  /** A signed-in account of `role` (a clinic account belongs to a clinic, as the portal requires). */
  async function account(role: UserRole) {
    const user = await newParent(ctx.app);
    if (role === 'clinic') {
      const [c] = await ctx.db.query<{ id: string }>(
        `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, is_fictional)
           values ('CLN-ROLE', 'Role Matrix Clinic (fictional)', '1 Test Street', 'Chicago', 'IL', 41.88, -87.63,
                   'America/Chicago', true) returning id`,
      );
      await ctx.db.query("insert into clinic_banks (clinic_id, bank_name) values ($1, 'Role Bank')", [c!.id]);
      await ctx.db.query("update users set role = 'clinic', clinic_id = $2, bank_name = 'Role Bank' where id = $1", [
        user.id,
        c!.id,
      ]);
    } else if (role !== 'parent') await ctx.db.query('update users set role = $2 where id = $1', [user.id, role]);
    users[role] = user;
    return signIn(role);
  }
  async function signIn(role: UserRole) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'x-refresh-token-in-body': 'true' },
      payload: { email: users[role].email, password: users[role].password },
    });
    expect(res.statusCode, res.body).toBe(200);
    tokens[role] = res.json().tokens.access as string;
  }

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    doc = ctx.app.swagger() as unknown as Doc;
    routes = routesFrom(doc as never);
    for (const role of signedInRoles) await account(role);
  });
  afterAll(async () => ctx?.close());

  const rolesOf = (r: Route): readonly string[] =>
    doc.paths[r.path]![r.method.toLowerCase()]!['x-roles'] ?? (r.secured ? signedInRoles : []);
  const urlOf = (r: Route) =>
    r.path.replace(/\{[^}]+\}/g, 'not-an-id') + (r.query.length > 0 ? `?${r.query[0]!.name}=-1` : '');
  /** Every error answer of the walk, for the check that each one is documented with a code of the shared list. */
  const errorAnswers: { route: Route; who: string; status: number; body: string; res: LightMyRequestResponse }[] = [];
  const call = async (r: Route, headers: Record<string, string>) => {
    const res = await ctx.app.inject({
      method: r.method,
      url: urlOf(r),
      headers: r.hasBody ? { 'content-type': 'application/json', ...headers } : headers,
      ...(r.hasBody ? { payload: JUNK } : {}),
    });
    const who = headers.authorization ? 'signed in' : 'anonymous';
    if (res.statusCode >= 400) errorAnswers.push({ route: r, who, status: res.statusCode, body: res.body, res });
    return res;
  };
  /** The guard's own refusal, as opposed to a business rule's 403 (which says why). */
  const guardRefusal = (res: { statusCode: number; body: string }) =>
    res.statusCode === 403 && (JSON.parse(res.body) as { message?: string }).message === SERVER_MSG.forbidden;

  it('the document lists the API, the staff routes with their roles', () => {
    expect(routes.length).toBeGreaterThanOrEqual(80);
    const audit = routes.find((r) => key(r) === 'GET /api/v1/admin/audit/')!;
    expect(rolesOf(audit)).toEqual(['admin']);
    expect(rolesOf(routes.find((r) => key(r) === 'GET /api/v1/auth/profile/')!)).toEqual(signedInRoles);
    expect(routes.filter((r) => r.secured).length).toBeGreaterThanOrEqual(40);
  });

  it('parent routes are declared for parents only, so every staff role gets the guard’s 403', () => {
    const wrong = PARENT_ONLY.filter((k) => {
      const r = routes.find((x) => key(x) === k);
      return !r || JSON.stringify(rolesOf(r)) !== JSON.stringify(['parent']);
    }).map((k) => {
      const r = routes.find((x) => key(x) === k);
      return `${k}: ${r ? rolesOf(r).join(', ') : 'not in the document'}`;
    });
    expect(wrong).toEqual([]);
  });

  it('every signed-in route declares its roles, or is listed as the caller’s own account; parent routes are listed', () => {
    const unlisted = routes
      .filter((r) => r.secured && !doc.paths[r.path]![r.method.toLowerCase()]!['x-roles'] && !ANY_SIGNED_IN[key(r)])
      .map(key);
    expect(unlisted, 'signed-in routes open to every role: declare roles or list them in ANY_SIGNED_IN').toEqual([]);
    const parentRoutes = routes.filter(
      (r) => JSON.stringify(doc.paths[r.path]![r.method.toLowerCase()]!['x-roles']) === '["parent"]',
    );
    expect(parentRoutes.map(key).filter((k) => !PARENT_ONLY.includes(k))).toEqual([]);
  });

  it('anonymous: 401 on every signed-in operation', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.secured)) {
      const res = await call(r, {});
      if (res.statusCode !== 401) wrong.push(`${key(r)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const role of signedInRoles)
    it(`${role}: 403 where the role is not allowed, and never refused where it is`, async () => {
      const wrong: string[] = [];
      let refused = 0;
      let allowed = 0;
      // Operations that end the caller's session come last, so they do not sign the role out for the others.
      const ordered = [...routes].sort(
        (a, b) => Number(/logout|delete|password/.test(a.path)) - Number(/logout|delete|password/.test(b.path)),
      );
      for (const r of ordered) {
        const roles = rolesOf(r);
        if (roles.length === 0) continue; // public
        const res = await call(r, bearer(tokens[role]));
        if (roles.includes(role)) {
          allowed += 1;
          if (res.statusCode === 401 || guardRefusal(res))
            wrong.push(`${key(r)} allows ${role} but answered ${res.statusCode}`);
        } else {
          refused += 1;
          if (!guardRefusal(res)) wrong.push(`${key(r)} is not for ${role} but answered ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(allowed).toBeGreaterThan(0);
      if (role !== 'admin') expect(refused).toBeGreaterThan(0);
    });

  it('every operation documents its error answers, each with codes of the shared list', () => {
    const wrong: string[] = [];
    const documented = new Set<string>();
    for (const r of routes) {
      const errors = documentedErrors(doc as never, r);
      if (!errors.has(500) || !errors.has(503) || !errors.has(429)) wrong.push(`${key(r)}: 429/500/503 undocumented`);
      if (r.secured && (!errors.has(401) || !errors.has(403))) wrong.push(`${key(r)}: 401/403 undocumented`);
      for (const [status, codes] of errors) {
        if (codes.size === 0) wrong.push(`${key(r)} ${status}: no code documented`);
        for (const code of codes) {
          documented.add(code);
          const entry = ERROR_CODES[code as keyof typeof ERROR_CODES];
          if (!entry) wrong.push(`${key(r)} ${status}: ${code} is not in the shared list`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every code of the list can be met somewhere (none is dead), except a route's own 400 report.
    expect(Object.keys(ERROR_CODES).filter((c) => !documented.has(c))).toEqual([]);
  });

  it('every error answer of the walk above is documented for its operation, and carries a code documented there', () => {
    expect(errorAnswers.length).toBeGreaterThan(routes.length);
    const wrong: string[] = [];
    for (const a of errorAnswers) {
      const codes = documentedErrors(doc as never, a.route).get(a.status);
      const code = (JSON.parse(a.body) as { code?: string }).code;
      if (!codes) wrong.push(`${key(a.route)} (${a.who}): ${a.status} is not documented`);
      else if (!code || !codes.has(code))
        wrong.push(`${key(a.route)} (${a.who}): code ${code} is not documented for ${a.status}`);
      else if (code !== 'import_rejected') {
        try {
          expectDocumentedErrorShape(a.res);
        } catch (e) {
          wrong.push(`${key(a.route)} (${a.who}): ${(e as Error).message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every /api/v1/admin/ operation is for staff: parents and clinic accounts are refused', () => {
    const open: string[] = [];
    for (const r of routes.filter((x) => x.path.startsWith('/api/v1/admin/'))) {
      if (ADMIN_PREFIX_EXCEPTIONS[key(r)]) continue;
      const roles = doc.paths[r.path]![r.method.toLowerCase()]!['x-roles'];
      if (!r.secured || !roles || roles.includes('parent') || roles.includes('clinic'))
        open.push(`${key(r)}: ${roles ? roles.join(', ') : 'no roles declared'}`);
    }
    expect(open).toEqual([]);
  });

  describe('every admin change writes an audit row', () => {
    const auditCount = async () =>
      (await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n;

    it('each mutating admin operation is made for real and leaves its row, or is listed as changing nothing', async () => {
      const mutating = routes.filter(
        (r) => r.path.startsWith('/api/v1/admin/') && BODY_METHODS.has(r.method) && rolesOf(r).includes('admin'),
      );
      expect(mutating.length).toBeGreaterThanOrEqual(10);
      await signIn('admin'); // the walk above ended with a logout
      const AUDITED = auditedCalls(ctx, { adminId: users.admin.id, parentId: users.parent.id });
      const unlisted = mutating.map(key).filter((k) => !AUDITED[k] && !CHANGES_NOTHING[k]);
      expect(unlisted, 'mutating admin routes with no audit check: add them to role-matrix-calls.ts').toEqual([]);
      // In the order a record is made, changed and removed.
      const missing: string[] = [];
      for (const k of Object.keys(AUDITED)) {
        const route = mutating.find((r) => key(r) === k);
        expect(route, `${k} is in the document`).toBeDefined();
        const { action, url, body, contentType, keep } = await AUDITED[k]!();
        const before = await auditCount();
        const res = await ctx.app.inject({
          method: route!.method,
          url,
          headers: { ...bearer(tokens.admin), ...(contentType ? { 'content-type': contentType } : {}) },
          ...(body === undefined ? {} : { payload: body as never }),
        });
        expect(res.statusCode, `${k}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
        keep?.(res.json());
        const [row] = await ctx.db.query<{ actor_id: string; actor_role: string; action: string }>(
          'select actor_id::text, actor_role, action from audit_log order by id desc limit 1',
        );
        const wrote = (await auditCount()) - before;
        if (wrote !== 1 || row?.action !== action || row.actor_id !== users.admin.id || row.actor_role !== 'admin')
          missing.push(`${k}: ${wrote} rows, the last ${row?.action} by ${row?.actor_role}`);
      }
      expect(missing).toEqual([]);
      // What changes nothing really writes nothing.
      for (const k of Object.keys(CHANGES_NOTHING)) {
        const before = await auditCount();
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/blogs/preview/',
          headers: bearer(tokens.admin),
          payload: { content: '# Preview' },
        });
        expect(res.statusCode, k).toBe(200);
        expect(await auditCount()).toBe(before);
      }
    });
  });
});
