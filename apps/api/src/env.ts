import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_MAX_IN_FLIGHT } from './plugins/load-shedding.ts';
import { DEFAULT_MAIL_FROM, DEFAULT_SUPPORT_EMAIL } from './lib/mail-sender.ts';

/**
 * Configuration, parsed once at boot. Every value is optional so that `npm start` works with nothing set;
 * nothing else in the server reads process.env.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((u) => protocols.some((p) => u.startsWith(`${p}:`)), {
        error: `must start with ${protocols.join(': or ')}:`,
      })
      .optional(),
  );

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_QUERY_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).default(5_000)),
  DATABASE_LONG_QUERY_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).default(120_000)),
  MAX_IN_FLIGHT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(DEFAULT_MAX_IN_FLIGHT)),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  REDIS_PREFIX: z.preprocess(emptyToUndefined, z.string().default('kindred')),
  DEMO_ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  ),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_MAIL_FROM)),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  CORS_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  DEMO_DATA: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z.string().startsWith('sk_', { error: 'must start with sk_' }).optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().startsWith('whsec_', { error: 'must start with whsec_' }).optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')),
  DEV_OUTBOX: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  TEST_JOB_TRIGGER: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),
  GEOCODER_URL: optionalUrl(['https', 'http']),
  CONTENT_IMAGE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.:-]+(,\s*[a-z0-9.:-]+)*$/i, { error: 'must be a comma-separated list of host names' })
      .optional(),
  ),
});

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  demoAdminPassword: string | undefined;
  databaseUrl?: string;
  /** A request's PostgreSQL statement unanswered for this long fails (503) and its connection is discarded. */
  databaseQueryTimeoutMs: number;
  /** The same for jobs, imports and the start's loads (`withLongStatements`). */
  databaseLongQueryTimeoutMs: number;
  /** Requests one instance works on at once; one more is answered 503 with Retry-After at once. */
  maxInFlight: number;
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set; without it, checkout return links follow the origin the browser opened. */
  publicUrlConfigured: boolean;
  corsOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoData: boolean;
  /** Which peers may name the client in X-Forwarded-For: a hop count, proxy addresses/CIDRs, or none (false). */
  trustProxy: TrustProxy;
  /** /dev/outbox is served (mail recorded in the outbox, readable from this machine): DEV_OUTBOX=true only. */
  devOutbox: boolean;
  /**
   * Test servers only (TEST_JOB_TRIGGER=true; the e2e suite): `POST /dev/jobs/:name/run` runs a background job at
   * once for a request made on this machine, so a test need not wait for its schedule. Refused with an https
   * PUBLIC_URL or NODE_ENV=production.
   */
  testJobTrigger: boolean;
  /** Bearer token for /metrics; without it only a direct request from this machine is answered. */
  metricsToken?: string;
  /** What the server should say at start about the configuration (a deprecated value it accepted). */
  warnings: string[];
  supportEmail: string;
  stripe?: { secretKey: string; webhookSecret: string };
  geocoderUrl?: string;
  contentImageHosts: string[];
};

export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: `false` (default, the socket address is the client), a hop count (`1` behind one proxy such as nginx
 * on this host: the client is the entry that proxy appended, whatever the client wrote before it), or a comma list of
 * proxy addresses or CIDRs. `true` used to trust the left-most, client-written entry; it now means one hop, with a
 * warning. Semantics are proxy-addr's (Fastify's trustProxy).
 */
function parseTrustProxy(raw: string, warnings: string[]): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    warnings.push(
      'TRUST_PROXY=true is read as TRUST_PROXY=1 (one proxy in front of the server); set the hop count or the ' +
        "proxies' addresses explicitly",
    );
    return 1;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'a hop count must be between 0 and 10';
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => !isProxyAddress(entry));
  if (!list.length || bad.length)
    return `must be false, a hop count (1, 2) or a comma list of proxy addresses or CIDRs (not ${bad.join(', ')})`;
  return list;
}

/** Parses and validates the environment; throws one error that lists every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const warnings: string[] = [];
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, warnings);
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY: ${trustProxy}`);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const https = publicUrl.startsWith('https:');
  // The dev outbox shows every code it recorded: never on a deployment people reach over https.
  if (https && e.DEV_OUTBOX === 'true')
    problems.push('DEV_OUTBOX=true is refused when PUBLIC_URL is https (the outbox would show reset codes)');
  // The job trigger lets anyone on the machine run jobs at will: test servers only.
  if (e.TEST_JOB_TRIGGER === 'true' && (https || source.NODE_ENV === 'production'))
    problems.push('TEST_JOB_TRIGGER=true is for test servers: refused when PUBLIC_URL is https or NODE_ENV=production');
  // Production-like (https, no demo data): mail must really go out, not into an outbox nobody reads.
  if (https && e.DEMO_DATA === 'false' && !e.SMTP_URL)
    problems.push('SMTP_URL is required when PUBLIC_URL is https and DEMO_DATA=false (mail would not be delivered)');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    databaseLongQueryTimeoutMs: e.DATABASE_LONG_QUERY_TIMEOUT_MS,
    maxInFlight: e.MAX_IN_FLIGHT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [new URL(publicUrl).origin],
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA === 'true',
    trustProxy: trustProxy as TrustProxy,
    devOutbox: e.DEV_OUTBOX === 'true',
    testJobTrigger: e.TEST_JOB_TRIGGER === 'true',
    metricsToken: e.METRICS_TOKEN,
    warnings,
    supportEmail: e.SUPPORT_EMAIL,
    geocoderUrl: e.GEOCODER_URL,
    contentImageHosts: (e.CONTENT_IMAGE_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
  };
}
