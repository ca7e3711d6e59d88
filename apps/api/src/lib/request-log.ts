import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials: reset links (`?token=`), and any token, code or password. */
const SECRET_PARAM = /token|otp|code|password|secret|refresh|access|key|session/i;

/** The URL as it may be logged: values of secret-looking query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAM.test(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request log line, with the URL redacted (headers and bodies are never logged). */
function req(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger options for Fastify with the redacting request serializer added (false stays false). */
export function withSafeRequestLog(
  logger: boolean | Record<string, unknown> | undefined,
): boolean | Record<string, unknown> {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...(options.serializers as Record<string, unknown> | undefined), req } };
}
