import path from 'node:path';
import pino from 'pino';
import { Redis } from 'ioredis';
import { loadEnv, type Env } from './env.ts';
import { openPglite, openPostgres, withLongStatements, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { resolveDemoAdminPassword, resolveJwtSecret } from './lib/secrets.ts';
import { restrictToOwner } from './lib/private-files.ts';
import { releaseFreedHeap } from './lib/memory.ts';
import { buildApp } from './app.ts';
import { createServices, type Services } from './services.ts';
import { JOBS } from './jobs/runner.ts';
import { seedDemoData } from './seed/demo.ts';

/**
 * The process (started by server.ts): configuration, database, migrations, demo data, listen, and a graceful
 * shutdown.
 */
async function main() {
  // Everything this process writes (the embedded database, generated secrets) is for its own user only: files
  // 0600, folders 0700, whatever the shell's umask.
  process.umask(0o077);
  const env = loadEnv();
  const loggerOptions = {
    level: env.logLevel,
    // Credentials never reach the log, whatever a handler logs.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.old_password',
        '*.otp',
        '*.token',
        '*.refresh',
      ],
      censor: '[redacted]',
    },
  };
  // One asynchronous stdout writer for every log line (the app's and the services'): a synchronous write per line
  // was 6.5 % of a loaded instance's busy time (issue 26). Flushed before any exit.
  const destination = pino.destination({ dest: 1, sync: false });
  const log = pino(loggerOptions, destination);
  const exit = (code: number) => {
    try {
      destination.flushSync();
    } catch {
      // nothing more can be written; exit anyway
    }
    process.exit(code);
  };
  for (const warning of env.warnings) log.warn(warning);
  // Background work (jobs, timers, listeners) has no request to fail: what escapes it is logged, never silent.
  // A rejection leaves the process consistent, so it keeps serving; an uncaught exception may not, so it exits
  // (the supervisor restarts it) after saying why.
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection in background work'));
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception; exiting');
    exit(1);
  });

  log.info(env.databaseUrl ? 'connecting to postgresql' : 'opening the embedded database (PGlite)');
  const db: Db = env.databaseUrl
    ? await openPostgres(env.databaseUrl, {
        queryTimeoutMs: env.databaseQueryTimeoutMs,
        longQueryTimeoutMs: env.databaseLongQueryTimeoutMs,
      })
    : await openPglite(path.join(env.dataDir, 'pglite'));
  log.info(
    {
      database:
        db.kind === 'postgres' ? 'postgresql (DATABASE_URL)' : `embedded PGlite in ${path.join(env.dataDir, 'pglite')}`,
    },
    'database open',
  );
  const applied = await withLongStatements(() => migrate(db));
  if (applied.length) log.info({ applied }, 'migrations applied');

  const redis = env.redisUrl ? await connectRedis(env.redisUrl, log) : undefined;
  const jwtSecret = await resolveJwtSecret(env.jwtSecret, env.dataDir);
  // The embedded database sets its own file modes; the whole data folder becomes this user's only (0700/0600).
  await restrictToOwner(env.dataDir);
  const config = {
    db,
    databaseUrl: env.databaseUrl,
    redis,
    redisPrefix: env.redisPrefix,
    jwtSecret,
    publicUrl: env.publicUrl,
    publicUrlConfigured: env.publicUrlConfigured,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    supportEmail: env.supportEmail,
    stripe: env.stripe,
    geocoderUrl: env.geocoderUrl,
    contentImageHosts: env.contentImageHosts,
  };
  // The composition root: one set of services for the HTTP app and the background jobs.
  const services = createServices({ ...config, log });
  // The demo data and the catalogue's index load while the app is built: the index's pages are read from the
  // database while this process registers routes (ADR 015, start to healthy).
  const catalogueLoaded = withLongStatements(async () => {
    if (env.demoData) await seedDemo(env, db, services, log);
    await services.catalogue.current();
  });
  catalogueLoaded.catch(() => undefined); // awaited after the build; not an unhandled rejection meanwhile
  const app = await buildApp({
    ...config,
    services,
    corsOrigins: env.corsOrigins,
    logger: { ...loggerOptions, stream: destination },
    trustProxy: env.trustProxy,
    devOutbox: env.devOutbox,
    testJobs: env.testJobTrigger ? JOBS : undefined,
    metricsToken: env.metricsToken,
    maxInFlight: env.maxInFlight,
  });
  app.log.info(
    env.stripe
      ? 'payments: Stripe Checkout'
      : 'payments: built-in TEST checkout (no card is charged; ' +
          'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)',
  );

  await catalogueLoaded;
  // Reading the catalogue's rows left the pages its garbage filled resident (hundreds of MiB at 100,000s of
  // donors); they are handed back once, before serving (ADR 015, memory). An index loaded from its snapshot made
  // no such garbage, and the full collection would be CPU spent for nothing (issue 26).
  if (services.catalogue.loadedFrom() !== 'snapshot') {
    const released = releaseFreedHeap();
    app.log.info(
      {
        ms: Math.round(released.ms),
        cpuMs: Math.round(released.cpuMs),
        rssBeforeMiB: Math.round(released.rssBefore / 2 ** 20),
        rssAfterMiB: Math.round(released.rssAfter / 2 ** 20),
      },
      'memory freed by the catalogue load returned to the system',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => exit(1), 10_000).unref();
    try {
      // Stop taking jobs and let running ones finish (a mail attempt gives up within its SMTP timeouts); mail
      // not yet sent stays pending in the outbox for the next process.
      await services.jobs.stop();
      await app.close();
      // Article views still queued in memory (counted apart from the cached page) are counted before the end.
      await services.content.flushViews().catch(() => undefined);
      // Quitting needs Redis to answer; a Redis that is down is simply dropped.
      await redis?.quit().catch(() => redis.disconnect());
      // A snapshot of the index still being written is finished (it spares the next start the rows).
      await services.catalogue.snapshotWritten();
      await db.close();
      clearTimeout(force);
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
  app.log.info(
    `Kindred is running at ${env.publicUrl} (API docs at ${env.publicUrl}/api/docs` +
      (services.mail.transport === 'outbox' && env.devOutbox
        ? `, mail outbox at ${env.publicUrl}/dev/outbox from this machine`
        : '') +
      ')',
  );
  if (services.mail.transport === 'outbox' && !env.devOutbox)
    app.log.warn('mail is not delivered (no SMTP_URL); set DEV_OUTBOX=true to read it at /dev/outbox on this machine');
  // Renewals and expiries, unused uploads, mail delivery, and catalogue changes made elsewhere (jobs/, pg-boss),
  // started once the instance serves: nothing a request does waits for the engine (mail is attempted at once and
  // swept at the engine's start, an export not queued is prepared in the process, the catalogue catches up by
  // version). A database that fails the engine's start is retried with backoff, /readyz saying not ready
  // meanwhile: nothing a dependency does ends a serving process (issue 26).
  await services.jobs.startRetrying(services, JOBS);
}

/** The demo accounts and fictional donors (DEMO_DATA): created on the first start, found on the next ones. */
async function seedDemo(env: Env, db: Db, services: Services, log: pino.Logger) {
  const adminPassword = await resolveDemoAdminPassword(env.demoAdminPassword, env.dataDir);
  const demo = await seedDemoData(db, adminPassword);
  const seeded = await services.catalogue.seedDemo();
  const priced = await services.priceLists.seedDemo();
  if (priced) log.info(`Seeded ${priced} demo price lists`);
  if (seeded) log.info(`Seeded ${seeded} fictional demo donors`);
  log.info(`Demo parent account: ${demo.parent.email} / ${demo.parent.password}`);
  const where = env.demoAdminPassword ? 'DEMO_ADMIN_PASSWORD' : path.join(env.dataDir, 'demo-admin-password');
  log.info(
    `Demo editor account (articles and team at /admin/articles): ${demo.admin.email}, password in ${where}` +
      (demo.admin.created && !env.demoAdminPassword ? `: ${adminPassword}` : ''),
  );
  log.info(`Demo support account (operator console at /admin/users): ${demo.support.email}, the editor's password`);
}

/**
 * Redis is an accelerator, not a single point of failure (docs/decisions/014-surviving-faults.md): every command
 * answers or fails within 500 ms, nothing queues while disconnected, and the client reconnects by itself with a
 * capped backoff. The start waits up to 2 s for it, then goes on without it.
 */
async function connectRedis(url: string, log: pino.Logger) {
  const redis = new Redis(url, {
    commandTimeout: 500,
    connectTimeout: 2000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2000),
  });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    // One line per 10 s: a reconnecting client reports every failed attempt.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    log.warn({ err: err.message }, 'redis unavailable; per-IP limits fall back to this process');
  });
  redis.on('ready', () => {
    if (lastWarning) log.info('redis available again');
    lastWarning = 0;
  });
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
  ]);
  if (!ready) log.warn('redis not reachable at start; continuing without it until it answers');
  return redis;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
