import { AppError } from './errors.ts';

/**
 * Failures that mean "a service we depend on is not answering", not "this request is wrong" nor "our code is
 * wrong": the client should retry shortly. docs/decisions/014-surviving-faults.md.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (57P01-03), query_canceled by a statement timeout
 * (57014), too_many_connections (53300), and every connection_exception (class 08).
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
const MESSAGES = [
  /^Connection terminated/, // pg: the socket closed under a query or a client
  /^Query read timeout$/, // pg: query_timeout
  /timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis
  /is not queryable/, // pg: a client whose connection already failed
  /^Client was closed and is not queryable/,
  /^PGlite is closed/,
  /^Command timed out$/, // ioredis: commandTimeout
  /^Connection is closed\.$/, // ioredis
  /enableOfflineQueue options is false/, // ioredis: not connected
];

/** Whether `err` (or what caused it) is a dependency that failed to answer. */
export function isDependencyFault(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  // PGlite: its file system (emscripten's ErrnoError: disk full, read-only, I/O error) or the WASM engine aborted.
  if (err.name === 'ErrnoError' || err instanceof WebAssembly.RuntimeError) return true;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  if (MESSAGES.some((m) => m.test(err.message))) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDependencyFault(e, depth + 1))) return true;
  return isDependencyFault(err.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again after a dependency fault. */
export const RETRY_AFTER_SECONDS = 5;

/** The documented 503: `{success: false, message}` with Retry-After. */
export const serviceUnavailable = () =>
  new AppError('unavailable', 'Service temporarily unavailable. Please try again shortly.', 503, {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
