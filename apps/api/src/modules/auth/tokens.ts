import { createHash, createHmac, createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@kindred/shared';
import type { Clock } from '../../lib/clock.ts';

const ISSUER = 'kindred';
const AUDIENCE = 'kindred-web';

/** `sid`: the sign-in (refresh-token family) the token was issued for, so a logout can end that sign-in's sockets. */
export type AccessClaims = { sub: string; role: string; iat: number; exp: number; pwd: string; sid?: string };
export type TokenPurpose = 'access' | 'reset' | 'device' | 'verify_email';

/** Signs and verifies short-lived JWTs (HS256). Refresh tokens are opaque and live in the database. */
export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  // The HMAC key imported once: createHmac imports raw key bytes again on every call, several times the cost of the
  // HMAC itself, and the guard computes a password stamp on every signed-in request.
  const hmacKey = createSecretKey(key);
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
  async function verify(
    purpose: TokenPurpose,
    token: string,
  ): Promise<(Record<string, unknown> & { sub: string; iat: number; exp: number }) | null> {
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

  /**
   * A keyed fingerprint of the password hash the token was issued under. Any password change makes a new hash (new
   * salt), so every earlier token stops matching at once, even one issued in the same second as the change.
   */
  const passwordStamp = (passwordHash: string) =>
    createHmac('sha256', hmacKey).update(`pwd:${passwordHash}`).digest('base64url').slice(0, 22);

  /** Binds a verification link to the address it was sent to. */
  const emailStamp = (email: string) =>
    createHmac('sha256', hmacKey).update(`em:${email.toLowerCase()}`).digest('base64url').slice(0, 22);

  return {
    signAccess: (userId: string, role: string, passwordHash: string, sid?: string) =>
      sign('access', userId, ACCESS_TOKEN_TTL_SECONDS, { role, pwd: passwordStamp(passwordHash), sid }),
    verifyAccess: async (token: string) => {
      const p = await verify('access', token);
      return p && typeof p.role === 'string' && typeof p.pwd === 'string' ? (p as unknown as AccessClaims) : null;
    },
    /** True when `claims` were issued under the user's current password. */
    issuedUnderPassword: (claims: AccessClaims, passwordHash: string) => claims.pwd === passwordStamp(passwordHash),
    signReset: (resetId: string, ttlSeconds: number) => sign('reset', resetId, ttlSeconds),
    /**
     * The refresh token that replaces `token` when it is rotated: derived from it with the server's key, so a
     * second use within the grace (two tabs refreshing together) can be given the same one without it being
     * stored anywhere. Unguessable without both the old token and the key.
     */
    successorRefreshToken: (token: string) =>
      `rt_${createHmac('sha256', hmacKey).update(`successor:${token}`).digest('base64url')}`,
    verifyReset: async (token: string) => (await verify('reset', token))?.sub ?? null,
    /** A keyed hash of `value` (hex): names an address or a device in a store without revealing it. */
    keyed: (label: string, value: string) => createHmac('sha256', hmacKey).update(`${label}:${value}`).digest('hex'),
    /** The "remembered device" token of a successful sign-in: which account, and this device's id (jti). */
    signDevice: (userId: string, ttlSeconds: number) => sign('device', userId, ttlSeconds),
    verifyDevice: async (token: string) => {
      const p = await verify('device', token);
      return p && typeof p.jti === 'string' ? { userId: p.sub, deviceId: p.jti } : null;
    },
    /** An e-mail verification link's token: for this account and this address. */
    signEmailVerification: (userId: string, email: string, ttlSeconds: number) =>
      sign('verify_email', userId, ttlSeconds, { em: emailStamp(email) }),
    verifyEmailVerification: async (token: string) => {
      const p = await verify('verify_email', token);
      return p && typeof p.em === 'string' ? { userId: p.sub, emailStamp: p.em, issuedAt: p.iat } : null;
    },
    emailStamp,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** A new opaque refresh token and the hash that is stored for it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
