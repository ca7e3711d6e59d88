import { randomBytes } from 'node:crypto';

export type Reply = {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
  /** Wall time of the request, ms. */
  ms: number;
};

/** A network failure (connection refused or reset, no answer in time) stands in as status 0. */
export const NO_ANSWER = 0;

/**
 * One HTTP request to a server process, as a client on `ip` (sent as X-Forwarded-For; the server trusts its
 * proxy). Never throws: a refused, reset or timed-out request is status 0, so a test can count what clients saw.
 */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; ip?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const started = performance.now();
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '198.51.100.1', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON (a page)
    }
    return { status: res.status, headers: res.headers, body, text, ms: performance.now() - started };
  } catch {
    return { status: NO_ANSWER, headers: new Headers(), body: {}, text: '', ms: performance.now() - started };
  }
}

let counter = 0;
/** A valid, unique sign-up body (the shared signup schema). */
export function signupBody(tag = 'fault') {
  counter += 1;
  return {
    first_name: 'Avery',
    last_name: 'Quinn',
    email: `${tag}${counter}.${randomBytes(4).toString('hex')}@example.com`,
    phone_number: '+12025550123',
    password: 'Tulip-garden-42',
    password_confirm: 'Tulip-garden-42',
    date_of_birth: '1990-05-17',
    relationship_to_child: 'mother',
    highest_education: 'masters',
    race: 'asian',
    ethnicity: 'hispanic_latino',
  };
}

export type Account = { id: string; email: string; password: string; access: string };

/**
 * A request sent as a well-behaved client of a server under load: a documented 503 is sent again after its
 * Retry-After, up to three tries, each refusal printed. For a test's setup (its accounts), never for what the test
 * asserts: a server on a saturated machine may shed or fail closed for a moment, and the test is about what comes
 * after. `send` builds the request anew each time (a sign-up takes a fresh address).
 */
async function asClient<T extends { reply: Reply }>(label: string, send: () => Promise<T>): Promise<T> {
  let sent = await send();
  for (let attempt = 1; attempt < 3 && sent.reply.status === 503; attempt++) {
    const wait = Number(sent.reply.headers.get('retry-after') ?? 1);
    console.warn(`${label}: 503 ${sent.reply.text}; trying again in ${wait} s (Retry-After)`);
    await new Promise((r) => setTimeout(r, wait * 1000));
    sent = await send();
  }
  return sent;
}

/** Signs up and signs in a new parent, as a client that honours Retry-After (`asClient`). */
export async function newAccount(baseUrl: string, ip?: string): Promise<Account> {
  const { body, reply: s } = await asClient('sign-up', async () => {
    const body = signupBody();
    return { body, reply: await call(baseUrl, 'POST', '/api/v1/auth/parent/signup/', { body, ip }) };
  });
  if (s.status !== 201) throw new Error(`signup failed: ${s.status} ${s.text}`);
  const { reply: l } = await asClient('sign-in', async () => ({
    reply: await call(baseUrl, 'POST', '/api/v1/auth/login/', {
      body: { email: body.email, password: body.password },
      ip,
    }),
  }));
  if (l.status !== 200) throw new Error(`login failed: ${l.status} ${l.text}`);
  const json = l.body as { user: { id: string }; tokens: { access: string } };
  return { id: json.user.id, email: body.email, password: body.password, access: json.tokens.access };
}
