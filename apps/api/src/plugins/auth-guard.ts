import type { FastifyRequest, RouteOptions } from 'fastify';
import { SERVER_MSG, type UserRole } from '@kindred/shared';
import type { Db } from '../db/db.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { EventBus } from '../lib/events.ts';
import { sessionRevokedSql } from '../modules/auth/auth.sql.ts';
import type { AccessClaims, TokenService } from '../modules/auth/tokens.ts';

export type AuthUser = { id: string; role: UserRole };
/**
 * What the token check needs of the user's row: the password it was issued under, the role, and whether the
 * token's sign-in has ended (`sessionRevokedSql` of the sid, read in the same statement).
 */
export type CredentialRow = { role: UserRole; password_hash: string; session_revoked: boolean };
/** Reads the signed-in user's row; `sid` is the token's sign-in (null for tokens issued before they carried it). */
export type CredentialLoader<R extends CredentialRow> = (userId: string, sid: string | null) => Promise<R | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
    /** The row `authenticateLoading` read for the signed-in user. */
    authRow?: unknown;
  }
}

/** Access tokens whose signature was checked, kept for their next use (one per signed-in tab, 15 minutes each). */
const MAX_VERIFIED = 10_000;

type GuardHook = (request: FastifyRequest) => Promise<void>;
/** Every hook the guard hands out, with the roles it requires (empty: any signed-in user); see `guardRoutes`. */
const guardHooks = new WeakMap<object, readonly UserRole[]>();
const mark = <H extends GuardHook>(hook: H, roles: readonly UserRole[] = []): H => (guardHooks.set(hook, roles), hook);

/**
 * Hooks for signed-in routes, run in `onRequest` (before any body is read or validated; `guardRoutes` puts them
 * there). The access token must be ours and unexpired, its user must still exist and not be disabled by an operator
 * (every credential read has `disabled_at is null` in its where, issue 15), it must have been issued under
 * the user's current password (so a change signs every old token out at once), and its sign-in must not have
 * ended (a logout refuses that sign-in's access tokens at once, on every instance).
 */
export function createAuthGuard(deps: {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  events: Pick<EventBus, 'subscribe'>;
}) {
  const verified = new Map<string, AccessClaims>();

  // A sign-in ended on any instance: its tokens' cached claims go, so nothing of it is reused here. The refusal
  // itself comes from the database (the credential read below), which is the truth on every instance, even one
  // that missed the event.
  deps.events.subscribe('kindred_revoke', (payload) => {
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    for (const [token, claims] of verified)
      if (claims.sub === payload.user && (sid === undefined || claims.sid === undefined || claims.sid === sid))
        verified.delete(token);
  });

  /**
   * The token's claims when it is ours and unexpired. The signature of a token already checked is not checked
   * again (the same bytes verify the same way): only its expiry, against the clock as jose does. Everything that
   * can change (the user, their role, their password, their sign-in) is read from the database on every request.
   */
  async function claimsOf(token: string): Promise<AccessClaims | null> {
    const hit = verified.get(token);
    if (hit) {
      if (hit.exp > Math.floor(deps.clock.now().getTime() / 1000)) return hit;
      verified.delete(token);
      return null;
    }
    const claims = await deps.tokens.verifyAccess(token);
    if (claims) {
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    }
    return claims;
  }

  const loadCredentials: CredentialLoader<CredentialRow> = async (id, sid) =>
    (
      await deps.db.query<CredentialRow>(
        `select role, password_hash, ${sessionRevokedSql('$2')} as session_revoked from users
          where id = $1 and disabled_at is null`,
        [id, sid],
        { name: 'user_credentials_session' },
      )
    )[0];

  /** The token's user and their row as `load` reads it, or null: the token check itself, whatever row is read. */
  async function verifyWith<R extends CredentialRow>(
    token: string,
    load: CredentialLoader<R>,
  ): Promise<{ user: AuthUser & { expiresAt: Date; sid: string | undefined }; row: R } | null> {
    const claims = await claimsOf(token);
    if (!claims) return null;
    const row = await load(claims.sub, claims.sid ?? null);
    if (!row || row.session_revoked || !deps.tokens.issuedUnderPassword(claims, row.password_hash)) return null;
    const user = { id: claims.sub, role: row.role, expiresAt: new Date(claims.exp * 1000), sid: claims.sid };
    return { user, row };
  }

  /**
   * The user a raw access token belongs to, or null: the one check behind every signed-in route and the realtime
   * socket (which carries its token in the query string, because browsers cannot set headers on a WebSocket).
   */
  const verifyAccessToken = async (token: string) => (await verifyWith(token, loadCredentials))?.user ?? null;

  /** The bearer token of the Authorization header; throws 401 when it is missing or malformed. */
  function bearerToken(request: FastifyRequest): string {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(SERVER_MSG.notAuthenticated);
    const [scheme, token, extra] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || extra !== undefined)
      throw unauthorized(SERVER_MSG.tokenInvalid);
    return token;
  }

  async function authenticateWith<R extends CredentialRow>(request: FastifyRequest, load: CredentialLoader<R>) {
    const verified = await verifyWith(bearerToken(request), load);
    if (!verified) throw unauthorized(SERVER_MSG.tokenInvalid);
    request.authUser = { id: verified.user.id, role: verified.user.role };
    return verified.row;
  }

  const authenticate = mark(async function authenticate(request: FastifyRequest) {
    await authenticateWith(request, loadCredentials);
  });

  /**
   * authenticate, reading the user with `load` (which must return the role, password hash and `session_revoked`
   * among its columns): a route that needs the user's row anyway gets it from the same query, as `request.authRow`.
   * With `roles`, a user without one of them is refused with 403, as `requireRole` does.
   */
  const authenticateLoading = <R extends CredentialRow>(load: CredentialLoader<R>, ...roles: UserRole[]) =>
    mark(async function authenticateLoadingHandler(request: FastifyRequest) {
      request.authRow = await authenticateWith(request, load);
      if (roles.length > 0 && !roles.includes(request.authUser!.role)) throw forbidden();
    }, roles);

  /** authenticate, then refuse with 403 unless the user has one of `roles`. */
  const requireRole = (...roles: UserRole[]) =>
    mark(async function requireRoleHandler(request: FastifyRequest) {
      await authenticate(request);
      if (!roles.includes(request.authUser!.role)) throw forbidden();
    }, roles);

  /**
   * The sign-in of the request's bearer token when it is still good, else null (never throws): how a logout that
   * brings no refresh token names the sign-in to end.
   */
  async function sessionOf(request: FastifyRequest): Promise<{ userId: string; sid: string } | null> {
    if (!request.headers.authorization) return null;
    try {
      const user = await verifyAccessToken(bearerToken(request));
      return user?.sid ? { userId: user.id, sid: user.sid } : null;
    } catch {
      return null;
    }
  }

  return { authenticate, authenticateLoading, requireRole, verifyAccessToken, sessionOf };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;

const LATER_PHASES = ['preParsing', 'preValidation', 'preHandler'] as const;
const hooksOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? [...value] : [value]);

/**
 * An `onRoute` hook that makes authentication come first on every protected route, so an anonymous or bad-token
 * call is answered 401 (and a signed-in user without the role 403) before any body is read, parsed or validated.
 * A route is protected when it uses a guard hook or declares `security: [{bearer: []}]` in its schema (what the
 * OpenAPI document shows); the two cannot disagree:
 * - guard hooks given as preParsing, preValidation or preHandler are moved to the front of onRequest;
 * - a route that declares bearer security without a guard hook gets `authenticate`;
 * - a guarded route is documented with bearer security, and with `x-roles` when a role is required.
 */
export function guardRoutes(guard: Pick<AuthGuard, 'authenticate'>) {
  return function placeGuard(route: RouteOptions) {
    const guards: unknown[] = [];
    for (const phase of LATER_PHASES) {
      const hooks = hooksOf(route[phase]);
      if (!hooks.some((h) => guardHooks.has(h as object))) continue;
      guards.push(...hooks.filter((h) => guardHooks.has(h as object)));
      route[phase] = hooks.filter((h) => !guardHooks.has(h as object)) as never;
    }
    const onRequest = hooksOf(route.onRequest);
    guards.unshift(...onRequest.filter((h) => guardHooks.has(h as object)));
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const declared =
      Array.isArray(schema.security) && schema.security.some((s) => typeof s === 'object' && s && 'bearer' in s);
    if (guards.length === 0 && !declared) return;
    if (guards.length === 0) guards.push(guard.authenticate);
    route.onRequest = [...guards, ...onRequest.filter((h) => !guardHooks.has(h as object))] as never;
    const roles = [...new Set(guards.flatMap((h) => guardHooks.get(h as object) ?? []))];
    route.schema = {
      ...schema,
      security: declared ? (schema.security as never) : [{ bearer: [] }],
      ...(roles.length > 0 ? { 'x-roles': roles } : {}),
    };
  };
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
