/**
 * `npm test`: every check, in the order that fails fastest. Type checks, the import-direction rules, ESLint and the
 * Prettier check first, then unit tests, the API suite on embedded PGlite and (when reachable) on PostgreSQL, the
 * fault suite (real server processes, PostgreSQL and Redis behind TCP proxies it cuts), then the browser
 * end-to-end suite against the built app.
 */
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import os from 'node:os';
import { TEST_WORKERS, TIME_FACTOR } from './time-factor.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n━━ ${title} ━━ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const bin = (name: string) => `node_modules/.bin/${name}`;
console.log(
  `Time limits × ${TIME_FACTOR.toFixed(2)} (TEST_TIME_FACTOR=${process.env.TEST_TIME_FACTOR ?? 'unset'}, ` +
    `load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores); ` +
    `${TEST_WORKERS} Vitest worker${TEST_WORKERS === 1 ? '' : 's'} (TEST_WORKERS=${process.env.TEST_WORKERS ?? 'unset'})`,
);
const STAGES = ['static', 'unit', 'faults', 'e2e'] as const;
const only = process.argv[2];
if (only !== undefined && !(STAGES as readonly string[]).includes(only)) {
  console.error(`Unknown stage "${only}". Stages: ${STAGES.join(', ')} (none runs them all).`);
  process.exit(2);
}

type Check = { title: string; command: string; args: string[] };
const running = new Set<ReturnType<typeof spawn>>();

/** One check with its output held back and printed whole when it ends; a failure stops the others and the run. */
function runQuiet({ title, command, args }: Check): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env, shell: false });
    running.add(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('error', (e) => (output += `${String(e)}\n`));
    child.on('close', (code) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code !== 0) {
        console.error(`\n✗ ${title} failed after ${seconds}s`);
        for (const other of running) other.kill();
        process.exit(code ?? 1);
      }
      console.log(`✓ ${title} (${seconds}s)`);
      resolve();
    });
  });
}

/** Lanes side by side, each lane's checks one after another. */
async function inLanes(lanes: Check[][]) {
  console.log(`\n━━ ${lanes.map((lane) => lane.map((c) => c.title).join(' → ')).join(' ∥ ')} ━━`);
  await Promise.all(
    lanes.map(async (lane) => {
      for (const check of lane) await runQuiet(check);
    }),
  );
}

if (!only || only === 'static') {
  // Each check is one busy process and the machine has two cores: two lanes at a time, about half the wall time.
  const checkTypes = (title: string, project: string): Check => ({
    title,
    command: bin('tsc'),
    args: ['-p', project, '--noEmit'],
  });
  await inLanes([
    [checkTypes('type check (server, packages, tests)', 'tsconfig.json')],
    [checkTypes('type check (web)', 'apps/web/tsconfig.json')],
  ]);
  await inLanes([
    [{ title: 'lint (ESLint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] }],
    [
      {
        title: 'import direction',
        command: bin('depcruise'),
        args: ['--config', '.dependency-cruiser.cjs', 'packages', 'apps', 'e2e', 'scripts'],
      },
      {
        title: 'format (Prettier check; `npm run format` rewrites)',
        command: bin('prettier'),
        args: ['--check', '--log-level', 'warn', '.'],
      },
    ],
  ]);
}
if (!only || only === 'unit') {
  const projects = [
    '--project',
    'unit',
    '--project',
    'web',
    '--project',
    'api-pglite',
    '--project',
    'api-pglite-timed',
  ];
  if (await postgresReachable()) projects.push('--project', 'api-postgres', '--project', 'api-postgres-timed');
  else if (process.env.CI) {
    console.error(`PostgreSQL is not reachable at ${PG_URL}; CI must run the API suite on it.`);
    process.exit(1);
  } else console.warn(`! PostgreSQL not reachable at ${PG_URL}: API suite runs on PGlite only.`);
  // The workers the run started with (TEST_WORKERS, else one per core), passed on to the config.
  run('unit and API tests', bin('vitest'), ['run', ...projects], { TEST_WORKERS: String(TEST_WORKERS) });
}
if (!only || only === 'faults') {
  if ((await postgresReachable()) && (await redisReachable()))
    run('fault suite (PostgreSQL and Redis cut and stalled)', bin('vitest'), ['run', '--project', 'faults']);
  else if (process.env.CI) {
    console.error(`The fault suite needs PostgreSQL at ${PG_URL} and Redis at ${REDIS_URL}; CI must run it.`);
    process.exit(1);
  } else console.warn(`! PostgreSQL or Redis not reachable: fault suite skipped.`);
}
if (!only || only === 'e2e') {
  run('build web app', 'npm', ['run', 'build']);
  run('end-to-end (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
}
console.log('\nAll checks passed.');
