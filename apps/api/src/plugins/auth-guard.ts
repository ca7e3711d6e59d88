import type { FastifyRequest } from 'fastify';
import { SERVER_MSG, type UserRole } from '@kindred/shared';
import type { Db } from '../db/db.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

export type AuthUser = { id: string; role: UserRole };

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
  }
}

/**
 * preHandlers for signed-in routes. The access token must be ours and unexpired, its user must still exist,
 * and it must have been issued under the user's current password (so a change signs every old token out at once).
 */
export function createAuthGuard(deps: { db: Db; tokens: TokenService }) {
  /**
   * The user a raw access token belongs to, or null: the one check behind every signed-in route and the realtime
   * socket (which carries its token in the query string, because browsers cannot set headers on a WebSocket).
   */
  async function verifyAccessToken(
    token: string,
  ): Promise<(AuthUser & { expiresAt: Date; sid: string | undefined }) | null> {
    const claims = await deps.tokens.verifyAccess(token);
    if (!claims) return null;
    const rows = await deps.db.query<{ role: UserRole; password_hash: string }>(
      'select role, password_hash from users where id = $1',
      [claims.sub],
    );
    const user = rows[0];
    if (!user || !deps.tokens.issuedUnderPassword(claims, user.password_hash)) return null;
    return { id: claims.sub, role: user.role, expiresAt: new Date(claims.exp * 1000), sid: claims.sid };
  }

  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(SERVER_MSG.notAuthenticated);
    const [scheme, token, extra] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || extra !== undefined)
      throw unauthorized(SERVER_MSG.tokenInvalid);
    const user = await verifyAccessToken(token);
    if (!user) throw unauthorized(SERVER_MSG.tokenInvalid);
    request.authUser = { id: user.id, role: user.role };
  }

  /** authenticate, then refuse with 403 unless the user has one of `roles`. */
  const requireRole = (...roles: UserRole[]) =>
    async function requireRoleHandler(request: FastifyRequest) {
      await authenticate(request);
      if (!roles.includes(request.authUser!.role)) throw forbidden();
    };

  return { authenticate, requireRole, verifyAccessToken };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
