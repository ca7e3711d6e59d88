import { API_BASE, apiPaths } from './paths.ts';
import { ApiError } from './api-error.ts';
import { clearSession, getToken, setToken } from './session.ts';

/**
 * The one HTTP client of the web app. It attaches the bearer token, turns every failure into an ApiError, retries
 * an authenticated call once after a silent token refresh, and ends the session when the profile, appointment or
 * payment calls are refused (spec section 8).
 */
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob or File goes as it is, with its own type as Content-Type (image uploads). */
  body?: unknown;
  query?: Record<string, string>;
  /** Send the access token and handle 401 by refreshing once. */
  auth?: boolean;
  signal?: AbortSignal;
};

/** Calls whose 401 means the session is over (spec: "401 on profile, appointments, payments"). */
const SESSION_CALLS: readonly string[] = [apiPaths.profile, apiPaths.myAppointments, apiPaths.payments];

let onSessionExpired: () => void = () => window.location.assign('/login');

/** The router registers a client-side redirect here so the client stays free of React. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export function buildUrl(path: string, query?: Record<string, string>): string {
  const qs = query ? new URLSearchParams(query).toString() : '';
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text };
  }
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const raw = opts.body instanceof Blob ? opts.body : null;
  if (raw) headers['Content-Type'] = raw.type || 'application/octet-stream';
  else if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = opts.auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body: raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    credentials: 'include',
    signal: opts.signal,
  });
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the httpOnly refresh cookie for a new access token. Concurrent callers share one request, because the
 * server rotates refresh tokens and treats a reused one as theft.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(buildUrl(apiPaths.refresh), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
        credentials: 'include',
      });
      if (!res.ok) return false;
      const body = (await parseBody(res)) as { access?: unknown } | null;
      if (typeof body?.access !== 'string') return false;
      setToken(body.access);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(path, opts);
    if (res.status === 401 && opts.auth && (await refreshAccessToken())) res = await send(path, opts);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { message: 'Could not reach the server. Check your connection and try again.' });
  }
  const body = await parseBody(res);
  if (res.ok) return body as T;
  if (res.status === 401 && opts.auth && SESSION_CALLS.includes(path)) {
    clearSession();
    onSessionExpired();
  }
  throw new ApiError(res.status, body, retryAfterOf(res));
}

function retryAfterOf(res: Response): number | undefined {
  const value = Number(res.headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
