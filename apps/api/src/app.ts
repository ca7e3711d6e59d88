import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts';
import { DEFAULT_MAX_IN_FLIGHT, registerLoadShedding } from './plugins/load-shedding.ts';
import { withSafeRequestLog } from './lib/request-log.ts';
import { openapiTransform } from './lib/openapi-errors.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { guardRoutes } from './plugins/auth-guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { testJobTriggerRoutes } from './jobs/test-trigger.ts';
import type { Job } from './jobs/job.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { testCheckoutRoutes } from './modules/payments/test-checkout.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { preferencesRoutes } from './modules/matching/preferences.routes.ts';
import { matchesRoutes } from './modules/matching/matches.routes.ts';
import { relaxRoutes } from './modules/matching/relax.routes.ts';
import { importRoutes } from './modules/catalogue/import.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { REALTIME_LIMITS } from '@kindred/shared/realtime.schemas';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { favouritesRoutes } from './modules/favourites/favourites.routes.ts';
import { familyRoutes } from './modules/family/family.routes.ts';
import { deletionRoutes } from './modules/account/deletion.routes.ts';
import { jobsAdminRoutes } from './modules/jobs/jobs-admin.routes.ts';
import { rightsRoutes } from './modules/rights/rights.routes.ts';
import { parentScreenRoutes } from './modules/genetics/parent-screen.routes.ts';
import { clinicAccountsRoutes } from './modules/clinic-portal/clinic-accounts.routes.ts';
import { clinicPortalRoutes } from './modules/clinic-portal/portal.routes.ts';
import { consoleDonorsRoutes } from './modules/console-donors/console-donors.routes.ts';
import { priceListsRoutes } from './modules/price-lists/price-lists.routes.ts';
import { consoleClinicsRoutes } from './modules/console-clinics/console-clinics.routes.ts';
import { familyLedgerRoutes } from './modules/family-ledger/family-ledger.routes.ts';
import { clinicsRoutes } from './modules/appointments/directory/directory.routes.ts';
import { bookingRoutes } from './modules/appointments/booking/booking.routes.ts';
import { lifecycleRoutes } from './modules/appointments/lifecycle/lifecycle.routes.ts';
import { clinicAppointmentsRoutes } from './modules/appointments/lifecycle/clinic-appointments.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { consoleUsersRoutes } from './modules/console-users/console-users.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { donorUpdatesRoutes } from './modules/donor-updates/donor-updates.routes.ts';
import { createServices, type ServiceDeps, type Services } from './services.ts';
import { createOriginResolver } from './lib/public-origin.ts';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** JSON bodies larger than this are refused with 413: no request of ours needs more. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type AppDeps = Omit<ServiceDeps, 'log'> & {
  /** The services to serve (server.ts shares them with the background jobs); built here when absent. */
  services?: Services;
  corsOrigins?: string[];
  /**
   * False when PUBLIC_URL was not configured (publicUrl is then the default http://localhost:PORT): return links
   * follow the origin the browser opened, when it names this server (lib/public-origin.ts). Default true.
   */
  publicUrlConfigured?: boolean;
  logger?: boolean | Record<string, unknown>;
  /** TRUST_PROXY as env.ts parses it: none (false), a hop count, or the proxies' addresses (proxy-addr semantics). */
  trustProxy?: boolean | number | string[];
  /** Serve /dev/outbox (DEV_OUTBOX=true) when mail goes to the outbox; default false. */
  devOutbox?: boolean;
  /**
   * Test servers only (TEST_JOB_TRIGGER=true, server.ts): the jobs `POST /dev/jobs/:name/run` may run at once
   * (jobs/test-trigger.ts). Absent: the route does not exist.
   */
  testJobs?: readonly Job[];
  /** METRICS_TOKEN: /metrics answers this bearer token (from anywhere) and nothing else. */
  metricsToken?: string;
  /** MAX_IN_FLIGHT: requests worked on at once before one more gets a 503 with Retry-After (load-shedding.ts). */
  maxInFlight?: number;
  webDistDir?: string;
};

export type App = FastifyInstance;

/**
 * A hop count as Fastify applies a number (proxy-addr: the socket and the n-1 entries nearest it are proxies; the
 * next entry to the left is the client), written as the function its types accept.
 */
function trustProxyOption(
  value: AppDeps['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value ?? false;
  return (_address, hop) => hop < value;
}

/** The path a request is routed by: the matched route's pattern, else the percent-decoded path of its URL. */
function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url !== undefined) return request.routeOptions.url;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Builds the whole server from explicit dependencies; never listens (server.ts does). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: withSafeRequestLog(deps.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.trustProxy),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    // One line per request (below), not Fastify's two ('incoming request' and 'request completed').
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  });
  // First of the request hooks: a request past the instance's capacity is refused before anything else runs.
  registerLoadShedding(app, { maxInFlight: deps.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT });

  await app.register(securityHeaders, {
    https: deps.publicUrl.startsWith('https:'),
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Articles may feature images from the hosts in CONTENT_IMAGE_HOSTS (https only).
          imgSrc: ["'self'", 'data:', 'blob:', ...(deps.contentImageHosts ?? []).map((h) => `https://${h}`)],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: deps.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // The same as the CSP's frame-ancestors 'none' for browsers that only read the older header.
      xFrameOptions: { action: 'deny' },
    },
  });
  await app.register(cors, { origin: deps.corsOrigins ?? [new URL(deps.publicUrl).origin], credentials: true });
  await app.register(cookie);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kindred API',
        version: '1.0.0',
        description:
          'Errors: 400 {message, code, <field>: [..]}; 401 {detail, message, code}; others {success: false, message, ' +
          'code}. code is one stable value of the shared list (packages/shared/src/errors.ts ERROR_CODES).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform,
  });
  // The documentation page loads only its own scripts and styles, so it runs under the site's CSP (no CSP of its
  // own); the validator badge (an image from validator.swagger.io) is off.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { validatorUrl: null } });
  await app.register(websocket, {
    // A larger frame closes the connection with 1009 before it is buffered.
    options: { maxPayload: REALTIME_LIMITS.maxMessageBytes, perMessageDeflate: false },
    // The library closes the socket itself (with 1009, 1002 …) before reporting; a failure of ours closes with 1011.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'websocket error');
      if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
    },
  });

  const services = deps.services ?? createServices({ ...deps, log: app.log });
  const { guard, limits, clock } = services;
  // Every protected route authenticates in onRequest, before its body is read or validated (plugins/auth-guard.ts).
  app.addHook('onRoute', guardRoutes(guard));
  const secureCookies = deps.publicUrl.startsWith('https:');
  // Counted by the route the router matched (it decodes the path: `/%61pi/v1/…` is `/api/v1/…`), or by the decoded
  // path when no route matched; never by the raw URL.
  app.addHook('onRequest', async (request) => {
    if (routedPath(request).startsWith('/api/v1/')) await limits.consume('api_ip', request.ip);
  });

  await app.register(healthRoutes, { health: services.health });
  await app.register(fp(metricsRoutes), { jobs: services.jobsAdmin, token: deps.metricsToken });
  const { auth, recovery, subscriptionOf } = services;
  await app.register(authRoutes, { auth, recovery, guard, secureCookies, subscriptionOf });
  await app.register(profileRoutes, { guard, profile: services.profile });
  const { checkout, plans, preferences, matches } = services;
  await app.register(subscriptionsRoutes, { guard, checkout, plans });
  const { consents } = services;
  await app.register(preferencesRoutes, { guard, checkout, preferences, consents });
  await app.register(matchesRoutes, { guard, matches, consents });
  await app.register(importRoutes, {
    guard,
    imports: services.imports,
    audit: services.audit,
    ledger: services.familyLedger,
  });
  await app.register(realtimeRoutes, {
    guard,
    limits,
    clock,
    realtime: services.realtime,
    unreadCount: (userId) => services.notifications.unreadCount(userId),
  });
  await app.register(notificationsRoutes, { guard, notifications: services.notifications });
  await app.register(donorUpdatesRoutes, { guard, donorUpdates: services.donorUpdates });
  await app.register(geocodingRoutes, { geocoder: services.geocoder });
  await app.register(relaxRoutes, { guard, relax: services.relax, consents });
  await app.register(favouritesRoutes, { guard, favourites: services.favourites });
  await app.register(alertsRoutes, { guard, alerts: services.alerts });
  await app.register(familyRoutes, { guard, family: services.family, limits });
  await app.register(deletionRoutes, { guard, deletion: services.deletion });
  const originOf = createOriginResolver({
    publicUrl: deps.publicUrl,
    configured: deps.publicUrlConfigured ?? true,
  });
  await app.register(paymentsRoutes, { guard, checkout, payments: services.payments, originOf });
  const { payment } = services;
  if (payment.kind === 'stripe')
    await app.register(stripeWebhookRoutes, {
      stripe: payment.stripe,
      webhookSecret: payment.webhookSecret,
      webhooks: services.stripeWebhooks,
    });
  else await app.register(testCheckoutRoutes, { sessions: payment.sessions, originOf });
  if (services.mail.transport === 'outbox' && deps.devOutbox) await app.register(outboxRoutes, { mail: services.mail });
  if (deps.testJobs) await app.register(testJobTriggerRoutes, { jobs: deps.testJobs, services });
  await app.register(mediaRoutes, { guard, media: services.media });
  await app.register(jobsAdminRoutes, { guard, jobs: services.jobsAdmin });
  await app.register(rightsRoutes, { guard, consents, exports: services.dataExports });
  await app.register(parentScreenRoutes, { guard, parentScreens: services.parentScreens });
  await app.register(clinicAccountsRoutes, { guard, clinicAccounts: services.clinicAccounts });
  await app.register(clinicPortalRoutes, { guard, portal: services.clinicPortal });
  await app.register(consoleUsersRoutes, { guard, consoleUsers: services.consoleUsers });
  await app.register(consoleDonorsRoutes, { guard, consoleDonors: services.consoleDonors });
  await app.register(consoleClinicsRoutes, { guard, consoleClinics: services.consoleClinics });
  await app.register(familyLedgerRoutes, { guard, ledger: services.familyLedger });
  await app.register(priceListsRoutes, { guard, priceLists: services.priceLists });
  await app.register(clinicsRoutes, { clinics: services.clinics });
  await app.register(bookingRoutes, { guard, booking: services.booking });
  const { lifecycle } = services;
  await app.register(lifecycleRoutes, { guard, lifecycle, waitlist: services.waitlist });
  await app.register(clinicAppointmentsRoutes, { guard, lifecycle });
  await app.register(contentRoutes, { guard, content: services.content, secureCookies });
  await app.register(inboxRoutes, { guard, inbox: services.inbox });
  await app.register(auditRoutes, { guard, audit: services.audit, clock });
  await app.register(webRoutes, {
    distDir: deps.webDistDir ?? DEFAULT_WEB_DIST,
    plans,
    content: services.content,
    publicUrl: deps.publicUrl,
    secureCookies,
    clock,
    limits,
  });

  app.addHook('onClose', () => services.close());
  return app;
}
