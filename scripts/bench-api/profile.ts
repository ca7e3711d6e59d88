/**
 * GET /api/v1/auth/profile/ (the signed-in user) against its anchor: bare Fastify + a database read + jose
 * verifying the same token and reading the same row (scripts/bench-api-anchor.ts). Target: ≥ 75% of the anchor
 * (issue 26), the median ratio of ROUNDS rounds, each the app then the anchor.
 *
 * The app counts its limits in Redis as a deployment of several instances does (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379; `none`: in memory), under a key prefix of its own.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  ENGINES,
  fmt,
  freePort,
  header,
  line,
  round,
  ROUNDS,
  scratchDatabase,
  signedInParent,
  startServer,
  type Round,
} from '../bench-api-lib.ts';

async function startAnchor(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../bench-api-anchor.ts')], {
    env: { ...process.env, ...env, PORT: String(port), JWT_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('anchor ready') && resolve());
    child.once('exit', (code) => reject(new Error(`anchor exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/profile`,
    stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
  };
}

const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const limiterEnv = (): Record<string, string> =>
  REDIS === 'none' ? {} : { REDIS_URL: REDIS, REDIS_PREFIX: `bench-api-${randomBytes(4).toString('hex')}` };

const byEngine: Partial<Record<string, Round>> = {};
header(`GET profile (10 connections, limits counted ${REDIS === 'none' ? 'in memory' : 'in Redis'})`);
for (const engine of ENGINES) {
  const db = await scratchDatabase(engine);
  const server = await startServer({ ...db.env, DEMO_DATA: 'false', ...limiterEnv() });
  try {
    const parent = await signedInParent(server.base);
    const sub = JSON.parse(Buffer.from(parent.access.split('.')[1]!, 'base64url').toString()).sub as string;
    const anchor = await startAnchor(
      engine === 'postgres'
        ? { ANCHOR_DB: db.url! }
        : {
            ANCHOR_DB: 'pglite',
            ANCHOR_ROW: JSON.stringify({
              id: sub,
              email: parent.email,
              first_name: 'Avery',
              last_name: 'Quinn',
              role: 'parent',
              password_hash: 'x'.repeat(97),
            }),
          },
    );
    try {
      const headers = { authorization: `Bearer ${parent.access}` };
      const check = await parent.call('GET', '/api/v1/auth/profile/');
      if (check.status !== 200) throw new Error(`profile: ${check.text}`);
      const appUrl = `${server.base}/api/v1/auth/profile/`;
      await round(appUrl, { headers }); // warm-up
      await round(anchor.url, { headers });
      // The app and the anchor take turns, round by round, so that load from elsewhere on the machine weighs on
      // both alike; the figure is the median of the rounds' ratios.
      const pairs: { app: Round; bare: Round; ratio: number }[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const app = await round(appUrl, { headers });
        const bare = await round(anchor.url, { headers });
        pairs.push({ app, bare, ratio: app.rps / bare.rps });
      }
      pairs.sort((a, b) => a.ratio - b.ratio);
      const { app, bare, ratio } = pairs[Math.floor(pairs.length / 2)]!;
      byEngine[engine] = app;
      line(
        `profile ${engine}`,
        `${Math.round(100 * ratio)}% (${fmt(app)})`,
        '≥ 75% of anchor',
        `bare Fastify+${engine === 'postgres' ? 'pg' : 'PGlite'}+jose ${fmt(bare)}`,
      );
    } finally {
      await anchor.stop();
    }
  } finally {
    await server.stop();
    await db.drop();
  }
}
if (byEngine.postgres && byEngine.pglite)
  line(
    'profile: PGlite / PostgreSQL',
    `${(byEngine.pglite.rps / byEngine.postgres.rps).toFixed(2)}×`,
    '(information)',
    `PostgreSQL ${Math.round(byEngine.postgres.rps)} req/s, PGlite ${Math.round(byEngine.pglite.rps)} req/s`,
  );
