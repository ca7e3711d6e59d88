/**
 * GET /api/v1/admin/audit/ (the operator console's audit log, ADR 022) against 100,000 audit rows: the newest
 * page, a page filtered by action, and a page deep in the log (keyset: as cheap as the first). Target: p99 ≤ 300 ms
 * with 10 connections. PostgreSQL only: the rows are written into the server's database while it runs, which the
 * embedded PGlite (one process) does not allow.
 */
import pg from 'pg';
import {
  ENGINES,
  fmt,
  header,
  line,
  median,
  round,
  scratchDatabase,
  signedInParent,
  startServer,
} from '../bench-api-lib.ts';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);

header(`GET admin/audit/ over ${ROWS.toLocaleString('en-US')} rows (10 connections)`);
if (!ENGINES.includes('postgres')) line('audit log', 'skipped', 'p99 ≤ 300 ms', 'PostgreSQL only');
else {
  const db = await scratchDatabase('postgres');
  const server = await startServer({ ...db.env, DEMO_DATA: 'false' });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const staff = await signedInParent(server.base);
    await client.query("update users set role = 'admin' where email = $1", [staff.email]);
    const login = await fetch(`${server.base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: 'Tulip-garden-42' }),
    });
    const access = ((await login.json()) as { tokens: { access: string } }).tokens.access;
    const actor = (
      (await client.query('select id from users where email = $1', [staff.email])).rows[0] as { id: string }
    ).id;
    // A year of changes by this admin: eight actions over five target types, one row every five minutes.
    await client.query(
      `insert into audit_log (at, actor_id, actor_role, action, target_type, target_id, diff, client_ip)
       select now() - (g * interval '5 minutes'), $1, 'admin',
              (array['article.update','team.update','user.disable','plan.update','donor.availability',
                     'inbox.reply','image.upload','clinic.staff_invite'])[1 + g % 8],
              (array['article','team_member','user','plan','donor'])[1 + g % 5], (g % 5000)::text,
              jsonb_build_object('status', jsonb_build_array('old', 'new')), '203.0.113.7'
         from generate_series(1, $2::int) g`,
      [actor, ROWS],
    );
    await client.query('analyze audit_log');
    const midRow = await client.query<{ mid: string }>('select (max(id) / 2)::text as mid from audit_log');
    const mid = midRow.rows[0]!.mid;
    const headers = { authorization: `Bearer ${access}` };
    const base = `${server.base}/api/v1/admin/audit/`;
    for (const [name, url] of [
      ['newest page', base],
      ['filtered by action', `${base}?action=user.disable`],
      ['deep page (keyset)', `${base}?before=${mid}`],
    ] as const) {
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
      await round(url, { headers }); // warm-up
      const r = await median(() => round(url, { headers }));
      line(`audit log ${name} postgres`, fmt(r), 'p99 ≤ 300 ms', r.p99 <= 300 ? 'met' : 'NOT MET');
    }
  } finally {
    await client.end();
    await server.stop();
    await db.drop();
  }
}
