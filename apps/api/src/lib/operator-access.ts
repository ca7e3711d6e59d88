import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a reverse proxy adds: a request that carries one came through a proxy, whatever its socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * Whether a request comes straight from this machine: the real client address (request.ip, after TRUST_PROXY) is
 * loopback, and no proxy handled it. Behind a reverse proxy on the same host every socket is loopback, so the
 * socket address alone would let the whole internet in.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.ip) || !LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}
