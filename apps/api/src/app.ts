import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Db } from './db/db.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts';
import { withSafeRequestLog } from './lib/request-log.ts';
import { createAuthGuard } from './plugins/auth-guard.ts';
import { createRateLimits, type RateRule, type RateRuleName } from './plugins/rate-limit.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRecoveryService } from './modules/auth/recovery.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createMailService, type MailService } from './modules/mail/mail.service.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { createCheckoutService, type CheckoutService } from './modules/payments/checkout.service.ts';
import { createTestCheckoutProvider } from './modules/payments/test-checkout.provider.ts';
import { createStripeClient, createStripeProvider, type StripeConfig } from './modules/payments/stripe.provider.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { testCheckoutRoutes } from './modules/payments/test-checkout.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { createCatalogueService, type CatalogueService } from './modules/catalogue/catalogue.service.ts';
import { preferencesRoutes } from './modules/matching/preferences.routes.ts';
import { createPreferencesService } from './modules/matching/preferences.service.ts';
import { createMatchesService } from './modules/matching/matches.service.ts';
import { matchesRoutes } from './modules/matching/matches.routes.ts';
import { relaxRoutes } from './modules/matching/relax.routes.ts';
import { createRelaxService } from './modules/matching/relax.service.ts';
import { importRoutes } from './modules/catalogue/import.routes.ts';
import { createRealtimeService } from './modules/realtime/realtime.service.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { REALTIME_LIMITS } from '@kindred/shared/realtime.schemas';
import { embeddedGeocoder, hostedGeocoder, type Geocoder } from './modules/geocoding/geocoding.service.ts';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes.ts';
import { createMediaService, type MediaService } from './modules/media/media.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { favouritesRoutes } from './modules/favourites/favourites.routes.ts';
import { createFavouritesService } from './modules/favourites/favourites.service.ts';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** JSON bodies larger than this are refused with 413: no request of ours needs more. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type AppDeps = {
  db: Db;
  jwtSecret: string;
  publicUrl: string;
  corsOrigins?: string[];
  redis?: Redis;
  clock?: Clock;
  smtpUrl?: string;
  mailFrom?: string;
  logger?: boolean | Record<string, unknown>;
  trustProxy?: boolean;
  rateRules?: Partial<Record<RateRuleName, RateRule>>;
  webDistDir?: string;
  /** Stripe Checkout; without it the built-in test checkout is used. */
  stripe?: StripeConfig;
  /** Prefix of shared Redis keys; lets several deployments (or test runs) share one Redis. */
  redisPrefix?: string;
  /** Hosted autocomplete API (GEOCODER_URL); without it the embedded gazetteer answers. */
  geocoderUrl?: string;
  /** The geocoding port itself (tests); takes precedence over geocoderUrl. */
  geocoder?: Geocoder;
  /** Where contact-form messages are mailed (SUPPORT_EMAIL). */
  supportEmail?: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail port; tests and shutdown await `mail.flush()`. */
    mail: MailService;
    /** Checkout and subscription lifecycle; server.ts runs `checkout.runDueJobs()` on a schedule. */
    checkout: CheckoutService;
    /** The donor catalogue and its in-memory matching index; server.ts seeds it and polls for changes. */
    catalogue: CatalogueService;
    /** Uploaded images (tests read its encode count). */
    media: MediaService;
  }
}
export type App = FastifyInstance;

/** Builds the whole server from explicit dependencies; never listens (server.ts does). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: withSafeRequestLog(deps.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: deps.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: deps.corsOrigins ?? [new URL(deps.publicUrl).origin], credentials: true });
  await app.register(cookie);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kindred API',
        version: '1.0.0',
        description: 'Errors: 400 {message, <field>: [..]}; 401 {detail, message}; others {success: false, message}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });
  await app.register(websocket, {
    // A larger frame closes the connection with 1009 before it is buffered.
    options: { maxPayload: REALTIME_LIMITS.maxMessageBytes, perMessageDeflate: false },
    // The library closes the socket itself (with 1009, 1002 …) before reporting; a failure of ours closes with 1011.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'websocket error');
      if (socket.readyState === socket.OPEN) socket.close(1011, 'internal error');
    },
  });

  const limits = createRateLimits(deps.redis, deps.rateRules, deps.redisPrefix);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/v1/')) await limits.consume('api_ip', request.ip);
  });

  const tokens = createTokenService(deps.jwtSecret, clock);
  const mail = createMailService({
    db: deps.db,
    log: app.log,
    smtpUrl: deps.smtpUrl,
    from: deps.mailFrom ?? 'Kindred <no-reply@kindred.local>',
  });
  const stripe = deps.stripe ? createStripeClient(deps.stripe) : undefined;
  const provider = stripe
    ? createStripeProvider(stripe)
    : createTestCheckoutProvider({ db: deps.db, publicUrl: deps.publicUrl });
  const checkout = createCheckoutService({
    db: deps.db,
    clock,
    provider,
    mail,
    publicUrl: deps.publicUrl,
    log: app.log,
  });
  const subscriptionOf = async (userId: string) => (await checkout.entitlement(userId))?.active === true;
  const guard = createAuthGuard({ db: deps.db, tokens });
  const auth = createAuthService({
    db: deps.db,
    clock,
    tokens,
    limits,
    mail,
    publicUrl: deps.publicUrl,
    subscriptionOf,
  });
  const recovery = createRecoveryService({ db: deps.db, clock, tokens, limits, mail, secret: deps.jwtSecret });

  await app.register(healthRoutes, { db: deps.db, redis: deps.redis });
  await app.register(fp(metricsRoutes));
  await app.register(authRoutes, {
    auth,
    recovery,
    guard,
    secureCookies: deps.publicUrl.startsWith('https:'),
    subscriptionOf,
  });
  await app.register(profileRoutes, { db: deps.db, guard, subscriptionOf });
  const catalogue = createCatalogueService({ db: deps.db, clock, log: app.log });
  const matches = createMatchesService({ db: deps.db, clock, catalogue, checkout });
  await app.register(subscriptionsRoutes, { db: deps.db, guard, checkout });
  const geocoder =
    deps.geocoder ?? (deps.geocoderUrl ? hostedGeocoder(deps.geocoderUrl, { log: app.log }) : embeddedGeocoder);
  await app.register(preferencesRoutes, {
    guard,
    checkout,
    preferences: createPreferencesService({ db: deps.db, clock, geocoder }),
  });
  await app.register(matchesRoutes, {
    db: deps.db,
    clock,
    guard,
    matches,
    donorByReference: async (ref) => (await catalogue.current()).donors.get(ref),
  });
  await app.register(importRoutes, { guard, deps: { db: deps.db, upsert: (donors) => catalogue.upsert(donors) } });
  await app.register(realtimeRoutes, { guard, limits, clock, realtime: createRealtimeService({ catalogue }) });
  await app.register(geocodingRoutes, { geocoder });
  await app.register(relaxRoutes, { guard, relax: createRelaxService({ db: deps.db, clock }) });
  await app.register(favouritesRoutes, {
    db: deps.db,
    clock,
    guard,
    favourites: createFavouritesService({ db: deps.db, catalogue }),
  });
  await app.register(paymentsRoutes, { db: deps.db, guard, checkout });
  if (stripe && deps.stripe)
    await app.register(stripeWebhookRoutes, {
      stripe,
      webhookSecret: deps.stripe.webhookSecret,
      db: deps.db,
      clock,
      checkout,
    });
  else await app.register(testCheckoutRoutes, { db: deps.db, publicUrl: deps.publicUrl });
  if (mail.transport === 'outbox') await app.register(outboxRoutes, { db: deps.db });
  const media = createMediaService({ db: deps.db, log: app.log, clock });
  await app.register(mediaRoutes, { guard, media });
  const content = createContentService({
    db: deps.db,
    clock,
    mail,
    limits,
    secret: deps.jwtSecret,
    supportEmail: deps.supportEmail ?? 'support@kindred.local',
    publicUrl: deps.publicUrl,
    log: app.log,
    media,
  });
  await app.register(contentRoutes, {
    db: deps.db,
    guard,
    content,
    secureCookies: deps.publicUrl.startsWith('https:'),
  });
  await app.register(webRoutes, {
    distDir: deps.webDistDir ?? DEFAULT_WEB_DIST,
    db: deps.db,
    content,
    publicUrl: deps.publicUrl,
    secureCookies: deps.publicUrl.startsWith('https:'),
  });

  app.addHook('onClose', async () => {
    await media.close();
    await mail.flush();
  });
  app.decorate('mail', mail);
  app.decorate('checkout', checkout);
  app.decorate('catalogue', catalogue);
  app.decorate('media', media);
  return app;
}
