import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@kindred/shared';
import type { Clock } from '../../lib/clock.ts';

const ISSUER = 'kindred';
const AUDIENCE = 'kindred-web';

export type AccessClaims = { sub: string; role: string; iat: number; exp: number };
export type TokenPurpose = 'access' | 'reset';

/** Signs and verifies short-lived JWTs (HS256). Refresh tokens are opaque and live in the database. */
export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function sign(purpose: TokenPurpose, sub: string, ttlSeconds: number, extra: Record<string, unknown> = {}) {
    const iat = nowSeconds();
    return new SignJWT({ ...extra, typ: purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .setJti(randomUUID())
      .sign(key);
  }

  /** The payload when the token is ours, unexpired and of this purpose; null otherwise (never throws). */
  async function verify(purpose: TokenPurpose, token: string): Promise<Record<string, unknown> & { sub: string; iat: number; exp: number } | null> {
    if (token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: clock.now(),
      });
      if (payload.typ !== purpose || typeof payload.sub !== 'string') return null;
      return payload as Record<string, unknown> & { sub: string; iat: number; exp: number };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  return {
    signAccess: (userId: string, role: string) => sign('access', userId, ACCESS_TOKEN_TTL_SECONDS, { role }),
    verifyAccess: async (token: string) => {
      const p = await verify('access', token);
      return p && typeof p.role === 'string' ? (p as unknown as AccessClaims) : null;
    },
    signReset: (resetId: string, ttlSeconds: number) => sign('reset', resetId, ttlSeconds),
    verifyReset: async (token: string) => (await verify('reset', token))?.sub ?? null,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** A new opaque refresh token and the hash that is stored for it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
