import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionResponse,
  bulkDisableRequest,
  bulkDisableResponse,
  complimentaryRequest,
  consolePlansResponse,
  consoleUserParams,
  consoleUserResponse,
  consoleUsersQuery,
  consoleUsersResponse,
  reasonRequest,
  revealHealthResponse,
} from '@kindred/shared/console-users.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { ConsoleUsersService } from './console-users.service.ts';

const BASE = '/api/v1/admin/users';

/**
 * The console's Users page (issue 15, ADR 022). Deny by default: each route names its roles, checked in
 * `onRequest`. Support reads users, ends sessions and resends verification; money, health data and access
 * (disable, deletion, complimentary plans) are the admin's.
 */
export async function consoleUsersRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; consoleUsers: ConsoleUsersService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { consoleUsers } = opts;
  const staff = { onRequest: opts.guard.requireRole('support', 'admin') };
  const admin = { onRequest: opts.guard.requireRole('admin') };
  const security = [{ bearer: [] }];
  const tags = ['console'];
  const action = (summary: string) => ({
    tags,
    security,
    summary,
    params: consoleUserParams,
    body: reasonRequest,
    response: { 200: actionResponse },
  });

  app.get(
    `${BASE}/`,
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Users: search by name or e-mail, filter by role, plan and status, sorted and paged (staff)',
        querystring: consoleUsersQuery,
        response: { 200: consoleUsersResponse },
      },
    },
    async (request) => consoleUsers.list(request.query, currentUser(request).role === 'admin'),
  );

  app.get(
    `${BASE}/plans/`,
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The parent plans a user can be filtered by or granted (admin)',
        response: { 200: consolePlansResponse },
      },
    },
    async () => ({ success: true as const, plans: await consoleUsers.plans() }),
  );

  app.get(
    `${BASE}/:id/`,
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'One user: account, plan, payments (admin only), appointments, sign-ins; health data masked (staff)',
        params: consoleUserParams,
        response: { 200: consoleUserResponse },
      },
    },
    async (request) => ({
      success: true as const,
      user: await consoleUsers.detail(request.params.id, currentUser(request).role === 'admin'),
    }),
  );

  app.post(
    `${BASE}/:id/health/reveal/`,
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "Reveal a user's preference sets (health data) for a reason; audited (admin)",
        params: consoleUserParams,
        body: reasonRequest,
        response: { 200: revealHealthResponse },
      },
    },
    async (request) => consoleUsers.revealHealth(auditActor(request), request.params.id, request.body.reason),
  );

  app.post(
    `${BASE}/:id/resend-verification/`,
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Mail a new verification link to an unverified address (staff)',
        params: consoleUserParams,
        response: { 200: actionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: await consoleUsers.resendVerification(auditActor(request), request.params.id),
    }),
  );

  app.post(
    `${BASE}/:id/end-sessions/`,
    { ...staff, schema: action('End every sign-in of a user (staff)') },
    async (r) => ({
      success: true as const,
      message: await consoleUsers.endSessions(auditActor(r), r.params.id, r.body.reason),
    }),
  );

  app.post(
    `${BASE}/:id/disable/`,
    { ...admin, schema: action('Disable an account: no sign-in, tokens refused, sessions ended (admin)') },
    async (r) => ({
      success: true as const,
      message: await consoleUsers.disable(auditActor(r), r.params.id, r.body.reason),
    }),
  );

  app.post(`${BASE}/:id/enable/`, { ...admin, schema: action('Enable a disabled account (admin)') }, async (r) => ({
    success: true as const,
    message: await consoleUsers.enable(auditActor(r), r.params.id, r.body.reason),
  }));

  app.post(
    `${BASE}/:id/deletion/`,
    {
      ...admin,
      schema: action("Start the account's deletion: deactivated, cancel link mailed, purged after the grace (admin)"),
    },
    async (r) => ({
      success: true as const,
      message: await consoleUsers.startDeletion(auditActor(r), r.params.id, r.body.reason),
    }),
  );

  app.post(
    `${BASE}/:id/complimentary-plan/`,
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Grant a complimentary plan (price 0) for some days, for a reason (admin)',
        params: consoleUserParams,
        body: complimentaryRequest,
        response: { 200: actionResponse },
      },
    },
    async (r) => ({
      success: true as const,
      message: await consoleUsers.grantComplimentary(auditActor(r), r.params.id, r.body),
    }),
  );

  app.post(
    `${BASE}/bulk/disable/`,
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Disable up to 500 accounts; dry_run reports what would change without writing (admin)',
        body: bulkDisableRequest,
        response: { 200: bulkDisableResponse },
      },
    },
    async (r) => consoleUsers.bulkDisable(auditActor(r), r.body),
  );
}
