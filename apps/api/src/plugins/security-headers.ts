import type { FastifyInstance } from 'fastify';
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

/**
 * Helmet's security headers on every response (API, pages, static files, errors, 404), computed once at start.
 * @fastify/helmet built and ran helmet's whole middleware chain (parsing the CSP directives again) on every request,
 * a few per cent of a small request's time. Set on the raw response in onRequest, as helmet did, so a route that
 * sets one of them itself (Swagger UI's own CSP) still replaces it.
 */
export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const { set, removed } = helmetHeaders(options);
    app.addHook('onRequest', function applySecurityHeaders(_request, reply, done) {
      const res = reply.raw;
      for (const [name, value] of set) res.setHeader(name, value);
      for (const name of removed) res.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
