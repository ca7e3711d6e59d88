import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, in the order it sets them, and the ones it removes. Helmet is still the
 * source of every value: it is run once, here, on a recording response. Our options hold no per-request directive
 * (no function, no nonce), so every response gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return { set, removed };
}

/** The refresh cookie's name (modules/auth/auth.routes.ts): a request carrying it is a signed-in browser's. */
const REFRESH_COOKIE = 'kindred_refresh';

/** Whether a response may be personal: the guard identified a user, or the request carries a credential. */
function isPersonal(request: FastifyRequest): boolean {
  if (request.authUser) return true;
  if (request.headers.authorization) return true;
  return (request.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${REFRESH_COOKIE}=`));
}

/**
 * Helmet's security headers on every response (API, pages, static files, errors, 404), computed once at start.
 * @fastify/helmet built and ran helmet's whole middleware chain (parsing the CSP directives again) on every request,
 * a few per cent of a small request's time. Set on the raw response in onRequest, as helmet did.
 *
 * Strict-Transport-Security only on a response that goes out over https (PUBLIC_URL is https, or the request came
 * over https, directly or per a trusted proxy's X-Forwarded-Proto): over plain http it means nothing and pins a
 * development host. Any response to a signed-in request (the guard set request.authUser, or it carries an
 * Authorization header or the refresh cookie) gets `Cache-Control: no-store`, whatever its route set, so no shared
 * or browser cache keeps personal data.
 */
export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance, options: { helmet: HelmetOptions; https: boolean }) {
    const { set, removed } = helmetHeaders(options.helmet);
    const overHttp = set.filter(([name]) => name.toLowerCase() !== 'strict-transport-security');
    app.addHook('onRequest', function applySecurityHeaders(request, reply, done) {
      const res = reply.raw;
      for (const [name, value] of options.https || request.protocol === 'https' ? set : overHttp)
        res.setHeader(name, value);
      for (const name of removed) res.removeHeader(name);
      done();
    });
    app.addHook('onSend', function personalNoStore(request, reply, payload, done) {
      if (isPersonal(request)) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
