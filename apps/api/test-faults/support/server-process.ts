import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server.ts');
export const FAULTS_JWT_SECRET = 'faults-secret-'.padEnd(48, 'x');

export type ServerOptions = {
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  /** Extra environment (LOG_LEVEL, REDIS_PREFIX …); DEMO_DATA is false unless set here. */
  env?: Record<string, string>;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** Servers of this test process still running: killed if the test process exits first (a crash, a timeout). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A real server process (`node apps/api/src/server.ts`), as an operator runs it, on a port of the suite's range
 * and its own DATA_DIR. Its log lines (pino JSON) are kept in `lines` for assertions. TRUST_PROXY is on so a test
 * can speak for many clients through X-Forwarded-For, as a load balancer would.
 */
export type ServerProcess = {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** stdout and stderr of every run so far. */
  readonly lines: string[];
  /** The current run's exit, once it has exited. */
  readonly exited: Exit | undefined;
  /** Resolves when the current run exits (now, if it already has). */
  exit(): Promise<Exit>;
  /** SIGKILL: no shutdown, no flush. */
  kill9(): Promise<Exit>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<Exit>;
  /** Starts the same server again (same port, data and environment) and waits until it is healthy. */
  restart(): Promise<void>;
  /** Stops it if running and removes its DATA_DIR. */
  dispose(): Promise<void>;
};

/**
 * Waits until the server's /readyz says `ready`: healthy is not enough for a test that starts from a fully started
 * instance, since the job engine may still be starting (`jobs: down`, slow on a busy machine).
 */
export async function untilReady(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.text(),
      (e: unknown) => String(e),
    );
    if (last.includes('"status":"ready"')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms: ${last}`);
}

export async function startServer(opts: ServerOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindred-faults-'));
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: FAULTS_JWT_SECRET,
    TRUST_PROXY: 'true',
    DATABASE_URL: opts.databaseUrl ?? '',
    REDIS_URL: opts.redisUrl ?? '',
    SMTP_URL: opts.smtpUrl ?? '',
    ...opts.env,
  };
  const lines: string[] = [];
  let child: ChildProcess;
  let exited: Exit | undefined;
  let exitPromise: Promise<Exit>;

  const spawnOnce = () => {
    exited = undefined;
    child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const current = child;
    running.add(current);
    const collect = (buf: Buffer) => lines.push(...buf.toString('utf8').split('\n').filter(Boolean));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    exitPromise = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => {
        running.delete(current);
        exited = { code, signal };
        resolve(exited);
      }),
    );
  };

  const waitHealthy = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`server exited (${JSON.stringify(exited)}) before it was healthy:\n${tail(lines)}`);
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server not healthy within ${timeoutMs} ms:\n${tail(lines)}`);
  };

  const signal = async (sig: NodeJS.Signals) => {
    if (!exited) child.kill(sig);
    return exitPromise;
  };

  const stop = async () => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const result = await signal('SIGTERM');
    clearTimeout(timer);
    return result;
  };

  spawnOnce();
  await waitHealthy();
  return {
    url,
    port,
    dataDir,
    lines,
    get exited() {
      return exited;
    },
    exit: () => exitPromise,
    kill9: () => signal('SIGKILL'),
    stop,
    async restart() {
      if (!exited) await signal('SIGKILL');
      spawnOnce();
      await waitHealthy();
    },
    async dispose() {
      if (!exited) await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The last lines of a server's output, for a failure message. */
export const tail = (lines: string[], n = 30) => lines.slice(-n).join('\n');
