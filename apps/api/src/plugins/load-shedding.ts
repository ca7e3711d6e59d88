import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serviceUnavailable } from '../lib/dependency-faults.ts';

/** Requests one instance works on at once before it sheds load (MAX_IN_FLIGHT). */
export const DEFAULT_MAX_IN_FLIGHT = 256;

/** Paths never shed: the probes (a loaded instance must still say so) and the metrics scrape. */
const NEVER_SHED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A bounded queue per instance (issue 26): at most `maxInFlight` HTTP requests are being worked on at once; one
 * more is answered at once with the documented 503 and `Retry-After`, before its body is read, so a loaded
 * instance answers fast instead of late (a client then retries, or the load balancer tries another instance).
 * WebSocket connections are long-lived and are capped elsewhere (per user), so they do not count.
 */
export function registerLoadShedding(app: FastifyInstance, opts: { maxInFlight: number }) {
  let inFlight = 0;
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket' || NEVER_SHED.has(request.url.split('?')[0]!)) return;
    if (inFlight >= opts.maxInFlight) {
      request.log.warn({ inFlight }, 'instance at capacity; answering 503');
      throw serviceUnavailable();
    }
    inFlight += 1;
    // 'close' fires once the response is sent or the client has gone, whichever comes first.
    reply.raw.once('close', () => (inFlight -= 1));
  });
  return { inFlight: () => inFlight };
}
