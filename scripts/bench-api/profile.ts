/**
 * GET /api/v1/auth/profile/ (the signed-in user) against its anchor: bare Fastify + a database read + jose
 * verifying the same token and reading the same row (scripts/bench-api-anchor.ts). Target: ≥ 60% of the anchor.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  ENGINES,
  fmt,
  freePort,
  header,
  line,
  median,
  round,
  scratchDatabase,
  signedInParent,
  startServer,
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

header('GET profile (10 connections)');
for (const engine of ENGINES) {
  const db = await scratchDatabase(engine);
  const server = await startServer({ ...db.env, DEMO_DATA: 'false' });
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
      await round(`${server.base}/api/v1/auth/profile/`, { headers }); // warm-up
      const app = await median(() => round(`${server.base}/api/v1/auth/profile/`, { headers }));
      await round(anchor.url, { headers });
      const bare = await median(() => round(anchor.url, { headers }));
      line(
        `profile ${engine}`,
        `${Math.round((100 * app.rps) / bare.rps)}% (${fmt(app)})`,
        '≥ 60% of anchor',
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
