import { call, signupBody, type Account, type Reply } from './http.ts';

export type Sample = {
  worker: number;
  kind: 'read' | 'public' | 'update' | 'signup';
  /** When the request started and how long it took, ms since the load started. */
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
};

/** One profile update attempt: the value sent and whether the server acknowledged it (2xx). */
export type Update = { account: Account; lastName: string; acked: boolean };

/**
 * Clients under load, as a site sees them: each worker is one signed-in parent who reads their profile, reads the
 * public plans, renames themselves and now and then signs a new parent up, each from their own address. Every
 * answer is recorded with its timing; every write attempt is recorded with whether it was acknowledged.
 */
export function startLoad(baseUrl: string, accounts: Account[], opts: { pauseMs?: number } = {}) {
  const t0 = performance.now();
  const samples: Sample[] = [];
  const updates: Update[] = [];
  const signups: { email: string; acked: boolean }[] = [];
  let running = true;

  const record = (worker: number, kind: Sample['kind'], at: number, r: Reply) =>
    samples.push({
      worker,
      kind,
      at,
      ms: r.ms,
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      body: r.body,
    });

  const worker = async (i: number, account: Account) => {
    const ip = `203.0.113.${i + 10}`;
    for (let n = 0; running; n++) {
      const at = performance.now() - t0;
      const step = n % 8;
      if (step === 0 || step === 4) {
        record(i, 'read', at, await call(baseUrl, 'GET', '/api/v1/auth/profile/', { token: account.access, ip }));
      } else if (step === 1 || step === 5) {
        record(i, 'public', at, await call(baseUrl, 'GET', '/api/v1/subscriptions/plans/', { ip }));
      } else if (step === 7 && n % 16 === 7) {
        const body = signupBody('load');
        // Each sign-up from an address of its own: the per-IP sign-up limit is 10 an hour.
        const from = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
        const r = await call(baseUrl, 'POST', '/api/v1/auth/parent/signup/', { body, ip: from });
        signups.push({ email: body.email, acked: r.status >= 200 && r.status < 300 });
        record(i, 'signup', at, r);
      } else {
        const lastName = `Load${letters(i)}x${letters(n)}`;
        const r = await call(baseUrl, 'PUT', `/api/v1/admin/parent/${account.id}/update/`, {
          token: account.access,
          ip,
          body: { first_name: 'Avery', last_name: lastName, phone_number: '+12025550123' },
        });
        updates.push({ account, lastName, acked: r.status >= 200 && r.status < 300 });
        record(i, 'update', at, r);
      }
      await new Promise((r) => setTimeout(r, opts.pauseMs ?? 25));
    }
  };
  const done = Promise.all(accounts.map((a, i) => worker(i, a)));

  return {
    samples,
    updates,
    signups,
    /** ms since the load started. */
    now: () => performance.now() - t0,
    async stop() {
      running = false;
      await done;
    },
  };
}
export type Load = ReturnType<typeof startLoad>;

/**
 * Writes the server acknowledged that the database does not hold. A profile's stored name must be its last
 * acknowledged one, or one sent after it whose answer was lost (it may have committed before the connection went).
 */
export function lostWrites(
  load: Load,
  stored: { users: { email: string; id: string; last_name: string }[] },
): string[] {
  const lost: string[] = [];
  const emails = new Set(stored.users.map((u) => u.email));
  for (const s of load.signups) if (s.acked && !emails.has(s.email)) lost.push(`sign-up ${s.email}`);
  const byId = new Map(stored.users.map((u) => [u.id, u.last_name]));
  const perAccount = new Map<string, Update[]>();
  for (const u of load.updates) perAccount.set(u.account.id, [...(perAccount.get(u.account.id) ?? []), u]);
  for (const [id, attempts] of perAccount) {
    const lastAck = attempts.map((a) => a.acked).lastIndexOf(true);
    if (lastAck < 0) continue;
    const allowed = new Set(attempts.slice(lastAck).map((a) => a.lastName));
    if (!allowed.has(byId.get(id) ?? ''))
      lost.push(`profile ${id}: ${byId.get(id)} (acked ${attempts[lastAck]!.lastName})`);
  }
  return lost;
}

/** A number written in letters (names accept letters only): 0 → a, 27 → bb. */
const letters = (n: number): string =>
  (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

/** The largest value of a list (0 when empty). */
export const max = (xs: number[]) => xs.reduce((m, x) => Math.max(m, x), 0);
