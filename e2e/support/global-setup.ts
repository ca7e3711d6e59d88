import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  readFileSync,
  mkdtempSync,
  mkdirSync,
  writeFileSync,
  renameSync,
  rmSync,
  createWriteStream,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { webDistStamp } from './web-dist.ts';
import { scaled } from './time.ts';

/**
 * Starts the two real processes the browser tests talk to:
 *  - an SMTP sink on 127.0.0.1 that writes every message as a JSON file {to, raw} into MAIL_DIR;
 *  - the Kindred server itself (`node apps/api/src/server.ts`) on a free port, with a fresh data directory,
 *    delivering mail to the sink.
 * BASE_URL and MAIL_DIR reach the workers through process.env. The returned function is the teardown.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startSmtpSink(mailDir: string) {
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString('utf8');
        // Sortable name: receive time, then a sequence number for messages in the same millisecond.
        const name = `${Date.now().toString().padStart(15, '0')}-${String(seq++).padStart(6, '0')}.json`;
        // Written under a dot name and renamed, so readers (which skip dot files) never see half a message.
        const tmp = path.join(mailDir, `.${name}.tmp`);
        writeFileSync(tmp, JSON.stringify({ to, raw }));
        renameSync(tmp, path.join(mailDir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { server, port };
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number, logFile: string) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} before it was ready; see ${logFile}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      lastError = `status ${res.status}`;
    } catch (err) {
      lastError = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server was not ready at ${url} within ${timeoutMs} ms (${lastError}); see ${logFile}`);
}

export default async function globalSetup() {
  // The server serves the built web app and registers its files once, at start.
  const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(webIndex))
    throw new Error(`${webIndex} is missing: build the web app first (npm run build), or use npm run test:e2e`);
  process.env.E2E_WEB_DIST_STAMP = webDistStamp(webIndex);

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const dataDir = path.join(workDir, 'data');
  for (const d of [mailDir, dataDir]) mkdirSync(d, { recursive: true });

  const sink = await startSmtpSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const log = createWriteStream(logFile);

  // The demo editor's password is random per run; the specs read it from the environment (demoAdmin in fixtures).
  const adminPassword = `E2e-${randomBytes(9).toString('base64url')}`;
  // NODE_ENV is left unset, as `npm start` leaves it: the server must not depend on it (infrastructure.spec.ts).
  const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      PUBLIC_URL: baseUrl,
      TRUST_PROXY: '1',
      // info: the start phases (database open, migrations, catalogue, listening) are in the log that a failed
      // start prints, so a slow start names the phase it was in.
      LOG_LEVEL: 'info',
      DEMO_DATA: 'true',
      // POST /dev/jobs/:name/run (test servers only; support/jobs.ts): a spec runs a scheduled job at once instead
      // of waiting for the real clock (the every-minute reminder job).
      TEST_JOB_TRIGGER: 'true',
      DEMO_ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: '',
      REDIS_URL: '',
      CORS_ORIGINS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);

  try {
    await waitForReady(`${baseUrl}/readyz`, child, scaled(120_000), logFile);
  } catch (err) {
    child.kill('SIGKILL');
    sink.server.close(() => undefined);
    await new Promise((r) => log.end(r));
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n--- server log (last lines) ---\n${tail}`, {
      cause: err,
    });
  }

  process.env.BASE_URL = baseUrl;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  process.env.MAIL_DIR = mailDir;
  process.env.E2E_SERVER_LOG = logFile;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => sink.server.close(() => resolve()));
    log.end();
    if (!process.env.E2E_KEEP_TMP) rmSync(workDir, { recursive: true, force: true });
  };
}
