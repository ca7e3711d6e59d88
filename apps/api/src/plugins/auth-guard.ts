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
  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(SERVER_MSG.notAuthenticated);
    const [scheme, token, extra] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || extra !== undefined) throw unauthorized(SERVER_MSG.tokenInvalid);
    const claims = await deps.tokens.verifyAccess(token);
    if (!claims) throw unauthorized(SERVER_MSG.tokenInvalid);
    const rows = await deps.db.query<{ role: UserRole; password_hash: string }>('select role, password_hash from users where id = $1', [claims.sub]);
    const user = rows[0];
    if (!user || !deps.tokens.issuedUnderPassword(claims, user.password_hash)) throw unauthorized(SERVER_MSG.tokenInvalid);
    request.authUser = { id: claims.sub, role: user.role };
  }

  /** authenticate, then refuse with 403 unless the user has one of `roles`. */
  const requireRole = (...roles: UserRole[]) =>
    async function requireRoleHandler(request: FastifyRequest) {
      await authenticate(request);
      if (!roles.includes(request.authUser!.role)) throw forbidden();
    };

  return { authenticate, requireRole };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
