import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pino from 'pino';
import type { Db } from './db/db.ts';
import { DEFAULT_SUPPORT_EMAIL, mailSender } from './lib/mail-sender.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createEventBus } from './lib/events.ts';
import { createAuthGuard } from './plugins/auth-guard.ts';
import { createRateLimits, type RateRule, type RateRuleName } from './plugins/rate-limit.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRecoveryService } from './modules/auth/recovery.service.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createCheckoutService } from './modules/payments/checkout.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createStripeWebhookService } from './modules/payments/stripe-webhook.service.ts';
import { createTestCheckoutProvider, createTestCheckoutSessions } from './modules/payments/test-checkout.provider.ts';
import { createStripeClient, createStripeProvider, type StripeConfig } from './modules/payments/stripe.provider.ts';
import { createPlansService } from './modules/subscriptions/plans.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createImportService } from './modules/catalogue/import.service.ts';
import { createPreferencesService } from './modules/matching/preferences.service.ts';
import { createMatchesService } from './modules/matching/matches.service.ts';
import { createRelaxService } from './modules/matching/relax.service.ts';
import { createRealtimeService } from './modules/realtime/realtime.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createMarkdownRenderer } from './modules/content/content.render.ts';
import { embeddedGeocoder, hostedGeocoder, type Geocoder } from './modules/geocoding/geocoding.service.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createFavouritesService } from './modules/favourites/favourites.service.ts';
import { createFamilyService } from './modules/family/family.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createJobEngine } from './jobs/engine.ts';
import { createJobsAdminService } from './modules/jobs/jobs-admin.service.ts';
import { createDeletionService } from './modules/account/deletion.service.ts';
import { createConsentService } from './modules/rights/consent.service.ts';
import { createParentScreenService } from './modules/genetics/parent-screen.service.ts';
import { createDataExportService } from './modules/rights/export.service.ts';
import { createRetentionService } from './modules/rights/retention.service.ts';
import { createClinicAccountsService } from './modules/clinic-portal/clinic-accounts.service.ts';
import { createClinicPortalService } from './modules/clinic-portal/portal.service.ts';
import type { AppointmentNotifier } from './modules/appointments/notices/appointment-notifier.ts';
import { createBookingService } from './modules/appointments/booking/booking.service.ts';
import { createClinicsService } from './modules/appointments/directory/directory.service.ts';
import { createAppointmentMail } from './modules/appointments/notices/appointment.mail.ts';
import { createManageLinks } from './modules/appointments/lifecycle/manage-link.ts';
import { createWaitlistService } from './modules/appointments/waitlist/waitlist.service.ts';
import { createLifecycleService } from './modules/appointments/lifecycle/lifecycle.service.ts';
import { createReminderService } from './modules/appointments/reminders/reminders.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createInboxService } from './modules/inbox/inbox.service.ts';
import { createConsoleUsersService } from './modules/console-users/console-users.service.ts';
import { createConsoleDonorsService } from './modules/console-donors/console-donors.service.ts';
import { createFamilyLedgerService } from './modules/family-ledger/family-ledger.service.ts';
import { tellParentsVia } from './modules/family-ledger/family-ledger.notify.ts';
import { createConsoleClinicsService } from './modules/console-clinics/console-clinics.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createDonorUpdatesService } from './modules/donor-updates/donor-updates.service.ts';
import { createPriceListsService } from './modules/price-lists/price-lists.service.ts';

/** What the services are built from: the ports and the configuration that picks their implementations. */
export type ServiceDeps = {
  db: Db;
  /**
   * DATABASE_URL (unused on PGlite): the events between instances listen on a connection of their own
   * (lib/events.ts), and the job engine (pg-boss) has a small pool of its own.
   */
  databaseUrl?: string;
  jwtSecret: string;
  publicUrl: string;
  redis?: Redis;
  clock?: Clock;
  /** Where services log (mail, payments, images, catalogue); silent when absent. */
  log?: FastifyBaseLogger;
  smtpUrl?: string;
  mailFrom?: string;
  rateRules?: Partial<Record<RateRuleName, RateRule>>;
  /** Prefix of shared Redis keys; lets several deployments (or test runs) share one Redis. */
  redisPrefix?: string;
  /** Stripe Checkout; without it the built-in test checkout is used. */
  stripe?: StripeConfig;
  /** Hosted autocomplete API (GEOCODER_URL); without it the embedded gazetteer answers. */
  geocoderUrl?: string;
  /** The geocoding port itself (tests); takes precedence over geocoderUrl. */
  geocoder?: Geocoder;
  /** Where contact-form messages are mailed (SUPPORT_EMAIL). */
  supportEmail?: string;
  /** Hosts besides PUBLIC_URL's whose https images an article may feature (CONTENT_IMAGE_HOSTS). */
  contentImageHosts?: string[];
  /** How often idle job workers poll, in seconds (tests shorten it). */
  jobPollingSeconds?: number;
  /** Catalogues from this many donors keep a snapshot of the matching index (default 10,000; tests lower it). */
  indexSnapshotMinDonors?: number;
  /** Told of every appointment change inside its transaction (mail with .ics); default: appointment.mail.ts. */
  appointmentNotifier?: AppointmentNotifier;
};

/**
 * The composition root: every service built once from explicit dependencies. The HTTP app (buildApp) and the
 * background jobs (jobs/) use the same instances, so a job and a request share caches such as the donor index.
 */
export function createServices(deps: ServiceDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? pino({ level: 'silent' });
  const limits = createRateLimits(deps.redis, deps.rateRules, deps.redisPrefix);
  const events = createEventBus({ db, databaseUrl: deps.databaseUrl, log });
  const tokens = createTokenService(deps.jwtSecret, clock);
  const audit = createAuditService({ db, clock });
  const priceLists = createPriceListsService({ db, clock, audit, events });
  // Built here, started by server.ts once the app is ready (jobs.start): until then nothing is queued.
  const jobs = createJobEngine({ db, log, databaseUrl: deps.databaseUrl, pollingSeconds: deps.jobPollingSeconds });
  const sender = mailSender(deps.mailFrom);
  const mail = createMailService({
    db,
    log,
    smtpUrl: deps.smtpUrl,
    from: sender.header,
    queue: jobs,
  });
  const stripe = deps.stripe ? createStripeClient(deps.stripe) : undefined;
  const provider = stripe ? createStripeProvider(stripe) : createTestCheckoutProvider({ db });
  // Account deletion (ADR 020): tables that reference users cascade at the purge (consents and exports too).
  const secret = deps.jwtSecret;
  const deletion = createDeletionService({
    db,
    clock,
    limits,
    mail,
    secret,
    publicUrl: deps.publicUrl,
    events,
    stripe,
    log,
  });
  const trialTombstoned = deletion.trialTombstoned;
  const checkout = createCheckoutService({
    db,
    clock,
    provider,
    mail,
    publicUrl: deps.publicUrl,
    log,
    trialTombstoned,
  });
  const subscriptionOf = async (userId: string) => (await checkout.entitlement(userId))?.active === true;
  const catalogue = createCatalogueService({
    db,
    clock,
    log,
    events,
    snapshotMinDonors: deps.indexSnapshotMinDonors,
  });
  const geocoder = deps.geocoder ?? (deps.geocoderUrl ? hostedGeocoder(deps.geocoderUrl, { log }) : embeddedGeocoder);
  const media = createMediaService({ db, log, clock, audit });
  const markdown = createMarkdownRenderer();
  const content = createContentService({
    db,
    clock,
    mail,
    limits,
    secret: deps.jwtSecret,
    supportEmail: deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    publicUrl: deps.publicUrl,
    log,
    media,
    audit,
    renderer: markdown,
    imageHosts: deps.contentImageHosts,
  });
  const imports = createImportService({ db, limits, upsert: (donors, within) => catalogue.upsert(donors, within) });
  // Appointments after booking (ADR 021): mails with .ics, the signed manage link, waitlist, reminders.
  const appointmentLinks = createManageLinks(deps.jwtSecret, deps.publicUrl);
  const appointmentMail = createAppointmentMail({
    db,
    mail,
    links: appointmentLinks,
    clock,
    publicUrl: deps.publicUrl,
    fromAddress: sender.address,
  });
  const waitlist = createWaitlistService({ db, clock, mail: appointmentMail, publicUrl: deps.publicUrl });
  const realtime = createRealtimeService({ catalogue, events, redis: deps.redis, redisPrefix: deps.redisPrefix, log });
  const consents = createConsentService({ db, clock });
  const parentScreens = createParentScreenService({ db, clock, consents });
  const lifecycle = createLifecycleService({
    db,
    clock,
    mail: appointmentMail,
    links: appointmentLinks,
    waitlist,
    limits,
  });
  // Starting an account's deletion ends at once what would keep sharing the parent's data (issue 25, ADR 020).
  deletion.onDeactivate((tx, userId) => consents.withdrawAllSharingWithin(tx, userId).then(() => undefined));
  deletion.onDeactivate((tx, userId) => lifecycle.endForAccountDeletion(tx, userId));
  const appointmentNotifier = deps.appointmentNotifier ?? appointmentMail.notify;
  const clinics = createClinicsService({ db, clock, geocoder });
  // Notifications (issue 28, ADR 025): the one path every module tells a parent or clinic staff through.
  const notifications = createNotificationsService({
    db,
    clock,
    mail,
    events,
    secret: deps.jwtSecret,
    publicUrl: deps.publicUrl,
  });
  /** Decide together (issue 29, ADR 028); the account's deletion unlinks and removes its notes and ratings. */
  const family = createFamilyService({
    db,
    clock,
    events,
    mail,
    consents,
    catalogue,
    parentScreens,
    priceLists,
    publicUrl: deps.publicUrl,
    notify: notifications.notify,
  });
  deletion.onDeactivate((tx, userId) => family.forAccountDeletion(tx, userId));
  /** Donor updates (ADR 025): posted by staff (and by the family ledger's holds), fanned out by a job. */
  const donorUpdates = createDonorUpdatesService({
    db,
    clock,
    audit,
    catalogue,
    notifications,
    parentScreens,
    queue: jobs,
  });
  return {
    clock,
    events,
    limits,
    tokens,
    guard: createAuthGuard({ db, tokens, clock, events }),
    mail,
    /** Stripe Checkout when configured (with its verified webhooks), else the built-in test checkout. */
    payment:
      stripe && deps.stripe
        ? { kind: 'stripe' as const, stripe, webhookSecret: deps.stripe.webhookSecret }
        : { kind: 'test' as const, sessions: createTestCheckoutSessions({ db }) },
    checkout,
    payments: createPaymentsService({ db, checkout }),
    stripeWebhooks: createStripeWebhookService({ db, clock, checkout, mail }),
    plans: createPlansService({ db, audit }),
    subscriptionOf,
    auth: createAuthService({
      db,
      clock,
      tokens,
      limits,
      mail,
      publicUrl: deps.publicUrl,
      subscriptionOf,
      events,
      deletion,
    }),
    deletion,
    recovery: createRecoveryService({ db, clock, tokens, limits, mail, secret: deps.jwtSecret, events }),
    profile: createProfileService({ db, clock, subscriptionOf, audit }),
    catalogue,
    imports,
    geocoder,
    preferences: createPreferencesService({ db, clock, geocoder }),
    matches: createMatchesService({ db, clock, catalogue, parentScreens, priceLists }),
    /** Banks' price lists and the cost estimates (issue 29, ADR 029). */
    priceLists,
    relax: createRelaxService({ db, clock }),
    realtime,
    favourites: createFavouritesService({ db, clock, catalogue, parentScreens, priceLists }),
    /** Saved-search alerts (issue 28, ADR 026): a parent's alerts and the job that matches them. */
    alerts: createAlertsService({ db, clock, parentScreens, notifications, consents }),
    family,
    media,
    content,
    health: createHealthService({ db, redis: deps.redis, jobs }),
    /** Background jobs on pg-boss (jobs/): started by server.ts, stopped at shutdown. */
    jobs,
    jobsAdmin: createJobsAdminService({ jobs, mail }),
    /** Data rights (ADR 019): recorded consents, data exports, retention purges. */
    consents,
    /** A parent's own carrier screening (issue 24, ADR 023): health data under the same consent. */
    parentScreens,
    /** Clinic appointments (ADR 021): public clinic search and availability; holds and bookings. */
    clinics,
    booking: createBookingService({
      db,
      clock,
      limits,
      consents,
      notifier: appointmentNotifier,
      waitlist,
      transaction: appointmentMail.transaction,
    }),
    dataExports: createDataExportService({ db, clock, mail, queue: jobs, publicUrl: deps.publicUrl, log }),
    retention: createRetentionService({ db, clock }),
    /** Clinic staff accounts (admin invitations, set-password links) and the clinic portal (issue 14). */
    clinicAccounts: createClinicAccountsService({ db, clock, limits, mail, publicUrl: deps.publicUrl, audit }),
    clinicPortal: createClinicPortalService({ db, clock }),
    /** Appointment mails (the notifier booking calls in its transaction: appointmentMail.notify). */
    appointmentMail,
    waitlist,
    lifecycle,
    reminders: createReminderService({ db, clock, mail: appointmentMail, waitlist, clinics }),
    /** The console's audit log (issue 15, ADR 022): `audit.change`/`audit.record` in the change's transaction. */
    audit,
    /** The console's inbox (issue 15): contact messages, replies e-mailed from the console, status and assignee. */
    inbox: createInboxService({ db, clock, mail, audit }),
    consoleUsers: createConsoleUsersService({
      db,
      clock,
      audit,
      deletion,
      mail,
      tokens,
      publicUrl: deps.publicUrl,
      events,
    }),
    consoleDonors: createConsoleDonorsService({ db, clock, audit, catalogue }),
    consoleClinics: createConsoleClinicsService({ db, clock, geocoder, audit }),
    /** Notifications (ADR 025): `notifications.notify(tx, input)` in the caller's transaction. */
    notifications,
    /** Donor updates (ADR 025): posted by staff, fanned out to every family that cares by a job. */
    donorUpdates,
    /** The family ledger across banks (issue 28, ADR 027): reports, confirmations, cross-bank links, holds. */
    familyLedger: createFamilyLedgerService({
      db,
      clock,
      audit,
      catalogue,
      donorUpdates,
      tellParents: tellParentsVia(notifications),
    }),
    /** Finishes background work: jobs, image variants being made, mail being delivered. */
    async close() {
      await jobs.stop();
      realtime.sockets.close();
      await imports.close();
      await markdown.close();
      await events.close();
      await media.close();
      await mail.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;
