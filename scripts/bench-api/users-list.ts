/**
 * The operator console's users list (issue 15) at 100,000 users: p50/p95 of GET /api/v1/admin/users/ for several
 * queries (search by name and by address, filters, sorts, a deep page), one request at a time over HTTP against
 * the real server, on PostgreSQL and PGlite. Target: p95 ≤ 300 ms. Anchor, measured in the same run on the same
 * database just before the server opens it: the bare SQL of the same query (the repository's `listUsers`, page
 * and count) called in-process, without HTTP, the guard or JSON.
 * BENCH_USERS (default 100,000) and BENCH_SAMPLES (requests per query, default 60) change the size.
 */
import path from 'node:path';
import { consoleUsersQuery, COUNT_CAP } from '@kindred/shared/console-users.schemas';
import { openPglite, openPostgres, type Db } from '../../apps/api/src/db/db.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/password.ts';
import { listUsers } from '../../apps/api/src/modules/console-users/console-users.repository.ts';
import { ENGINES, header, line, scratchDatabase, startServer } from '../bench-api-lib.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const ADMIN = { email: 'bench.admin@example.com', password: 'Tulip-garden-42' };
const FIRST = ['Ada', 'Bea', 'Cleo', 'Dana', 'Eve', 'Farah', 'Gita', 'Hana', 'Ines', 'Jo', 'Kai', 'Lena', 'Mira'];
const LAST = ['Quinn', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Novak', 'Silva', 'Haddad', 'Kowalski', 'Reyes'];
const sqlList = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(', ')}]`;

/** USERS users in one statement (generate_series): roles, statuses, sign-ins and plans spread over them. */
async function generate(db: Db) {
  await db.query(
    `insert into users (email, password_hash, first_name, last_name, phone_number, date_of_birth,
       relationship_to_child, highest_education, race, ethnicity, role, created_at, updated_at, password_changed_at,
       email_verified_at, last_sign_in_at, disabled_at)
     select 'user' || n || '.' || lower(l) || '@example.com', 'bench-no-sign-in', f, l || case when n % 7 = 0 then '-Hart' else '' end,
       '+12025550123', date '1980-01-01' + (n % 7000), 'mother', 'masters', 'asian', 'hispanic_latino',
       case when n % 100 = 0 then 'clinic' when n % 997 = 0 then 'support' else 'parent' end,
       now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute', now(), now(),
       case when n % 10 <> 0 then now() end,
       case when n % 3 <> 0 then now() - (n % 90) * interval '1 day' - (n % 997) * interval '1 minute' end,
       case when n % 200 = 0 then now() end
     from generate_series(1, $1::int) n,
       lateral (select (${sqlList(FIRST)})[1 + n % ${FIRST.length}] as f,
                       (${sqlList(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] as l) names`,
    [USERS],
  );
  // A fifth of them hold the Starter plan now.
  await db.query(
    `with chosen as (select id from users where role = 'parent' and abs(hashtext(id::text)) % 5 = 0),
       plan as (select id, price, currency from plans where subscription_type = 'starter'),
       co as (insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, status, provider_status,
                created_at, completed_at)
              select 'bench_' || c.id, c.id, p.id, 'test', p.price, p.currency, 'completed', 'paid', now(), now()
                from chosen c, plan p returning id, user_id, plan_id)
     insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, match_credits_total,
       started_at, current_period_end, updated_at)
     select user_id, plan_id, id, 'active', 'test', 3, now(), now() + interval '30 days', now() from co`,
  );
  await db.query(
    `insert into users (email, password_hash, first_name, last_name, phone_number, date_of_birth,
       relationship_to_child, highest_education, race, ethnicity, role, email_verified_at)
     values ($1, $2, 'Bench', 'Admin', '+12025550123', '1980-01-01', 'other', 'masters', 'asian', 'hispanic_latino',
       'admin', now())`,
    [ADMIN.email, await hashPassword(ADMIN.password)],
  );
  await db.query('analyze');
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)}`;

/** The lists an operator asks for: the first page, searches, filters, sorts and a page deep in the list. */
function queries(starterId: string): [string, string][] {
  return [
    ['newest first', ''],
    ['search name "quinn"', 'q=quinn'],
    ['search address "user4242"', 'q=user4242'],
    ['search "hart" by name', 'q=hart&sort=name&dir=asc'],
    ['active parents on Starter', `role=parent&status=active&plan=${starterId}`],
    ['disabled, by last sign-in', 'status=disabled&sort=last_sign_in'],
    ['sort by name', 'sort=name&dir=asc'],
    ['deep page (email, page 2,000)', 'sort=email&dir=asc&page=2000'],
  ];
}

/** The repository's query for a list query string, as the service builds it. */
async function bare(db: Db, qs: string) {
  const q = consoleUsersQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
  return listUsers(db, {
    q: q.q || undefined,
    role: q.role,
    plan: q.plan,
    status: q.status,
    sort: q.sort,
    dir: q.dir,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
    countCap: COUNT_CAP,
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

header(`users list at ${USERS.toLocaleString('en-US')} users (1 client, ${SAMPLES} requests per query)`);
for (const engine of ENGINES) {
  const scratch = await scratchDatabase(engine);
  try {
    // Where server.ts keeps PGlite's files under DATA_DIR.
    const db =
      engine === 'postgres'
        ? await openPostgres(scratch.url!, 2)
        : await openPglite(path.join(scratch.env.DATA_DIR!, 'pglite'));
    const started = performance.now();
    await migrate(db);
    await generate(db);
    const genSeconds = (performance.now() - started) / 1000;
    const starterId = (await db.query<{ id: string }>(`select id from plans where subscription_type = 'starter'`))[0]!
      .id;
    const list = queries(starterId);
    // Anchor first, on the same database, then the server opens it (PGlite: one process at a time).
    const anchors = new Map<string, number[]>();
    for (const [name, qs] of list) anchors.set(name, await timed(() => bare(db, qs)));
    await db.close();

    const server = await startServer({ ...scratch.env, DEMO_DATA: 'false' });
    try {
      const login = await fetch(`${server.base}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (login.status !== 200) throw new Error(`admin sign-in: ${await login.text()}`);
      const token = ((await login.json()) as { tokens: { access: string } }).tokens.access;
      console.log(
        `(${engine}: ${USERS.toLocaleString('en-US')} users generated and migrated in ${genSeconds.toFixed(1)} s)`,
      );
      for (const [name, qs] of list) {
        let total = 0;
        const times = await timed(async () => {
          const res = await fetch(`${server.base}/api/v1/admin/users/?${qs}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
          total = ((await res.json()) as { total: number }).total;
        });
        const a = anchors.get(name)!;
        line(
          `users ${engine}: ${name}`,
          `p50 ${ms(pct(times, 0.5))} p95 ${ms(pct(times, 0.95))} ms (${total.toLocaleString('en-US')})`,
          'p95 ≤ 300 ms',
          `bare SQL p50 ${ms(pct(a, 0.5))} p95 ${ms(pct(a, 0.95))} ms`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}
