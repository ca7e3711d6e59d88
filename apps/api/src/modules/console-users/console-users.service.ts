import {
  CONSOLE_USERS_MSG,
  COUNT_CAP,
  type BulkDisableRequest,
  type BulkDisableResponse,
  type ComplimentaryRequest,
  type ConsoleUserDetail,
  type ConsoleUsersQuery,
  type ConsoleUsersResponse,
  type RevealHealthResponse,
} from '@kindred/shared/console-users.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { DeletionService } from '../account/deletion.service.ts';
import { endAllSessions } from '../auth/auth.service.ts';
import { emailVerificationLink } from '../auth/auth.service.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import { emailVerificationMail } from '../auth/auth.mail.ts';
import { recordComplimentaryCheckout } from '../payments/checkout.service.ts';
import { grantComplimentary, listPayments, replaceHeldSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { lockOtherActiveAdmin } from '../account/deletion-records.service.ts';
import * as repo from './console-users.repository.ts';

export type ConsoleUsersDeps = {
  db: Db;
  clock: Clock;
  audit: AuditService;
  deletion: Pick<DeletionService, 'requestByOperator'>;
  mail: MailService;
  tokens: TokenService;
  publicUrl: string;
  /** Closes the account's realtime sockets on every instance (the same event as a sign-out). */
  events: Pick<EventBus, 'publish'>;
};

const accounts = (n: number) => `${n} ${n === 1 ? 'account' : 'accounts'}`;
const iso = (d: Date) => new Date(d).toISOString();
const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

/**
 * The console's Users page (issue 15, ADR 022): staff read; every change is made with its audit row in one
 * transaction. Support never gets payments (the field is left out) and cannot reveal health data or change an
 * account's access or money; the routes' guards and `canSeeMoney` enforce it.
 */
export function createConsoleUsersService(deps: ConsoleUsersDeps) {
  const { db, clock, audit } = deps;

  async function existing(q: Queryable, id: string) {
    const user = await repo.findUser(q, id);
    if (!user) throw notFound(CONSOLE_USERS_MSG.notFound);
    return user;
  }
  const notSelf = (actor: AuditActor, id: string) => {
    if (actor.id === id) throw new AppError('forbidden_self', CONSOLE_USERS_MSG.notYourself, 403);
  };

  /** Ends every sign-in of the account (the auth module's one way: refresh families, access tokens, sockets). */
  const endSessions = (tx: Queryable, id: string, now: Date) => endAllSessions(deps, tx, id, now);

  return {
    /**
     * One page of users. Support sees each plan's status and end date only; the plan itself (its name carries its
     * price) and a filter by plan are an admin's (issue 25).
     */
    async list(q: ConsoleUsersQuery, isAdmin: boolean): Promise<ConsoleUsersResponse> {
      if (!isAdmin && q.plan && q.plan !== 'none')
        throw new AppError('forbidden_plan_filter', CONSOLE_USERS_MSG.planFilterAdminsOnly, 403);
      const { rows, total } = await repo.listUsers(db, {
        q: q.q || undefined,
        role: q.role,
        plan: q.plan,
        status: q.status,
        sort: q.sort,
        dir: q.dir,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
        countCap: COUNT_CAP,
      });
      return {
        success: true,
        users: rows.map(({ plan_name, plan_current_period_end, ...r }) => ({
          ...r,
          ...(isAdmin ? { plan_name } : {}),
          plan_current_period_end: isoOrNull(plan_current_period_end),
          created_at: iso(r.created_at),
          last_sign_in_at: isoOrNull(r.last_sign_in_at),
        })),
        total: Math.min(total, COUNT_CAP),
        total_capped: total > COUNT_CAP,
        page: q.page,
        per_page: q.per_page,
      };
    },

    plans: () =>
      repo.parentPlans(db).then((plans) => plans.map(({ id, name, duration_days }) => ({ id, name, duration_days }))),

    /**
     * One user's page. `isAdmin` adds the plan, its billing, the payments and the appointments (clinic, visit type);
     * support's answer has none of them (issue 25): the plan's status and end date and a count of visits ahead.
     */
    async detail(id: string, isAdmin: boolean): Promise<ConsoleUserDetail> {
      const u = await existing(db, id);
      const now = clock.now();
      const [sub, payments, appointments, upcoming, signIns] = await Promise.all([
        repo.latestSubscription(db, id),
        isAdmin ? listPayments(db, id) : Promise.resolve(null),
        isAdmin ? repo.listAppointments(db, id) : Promise.resolve(null),
        repo.countUpcomingAppointments(db, id, now),
        repo.listSignIns(db, id, now),
      ]);
      return {
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        phone_number: u.phone_number,
        role: u.role,
        status: u.status,
        email_verified: u.email_verified_at !== null,
        disabled_at: isoOrNull(u.disabled_at),
        disabled_reason: u.disabled_reason,
        deletion_purge_after: isoOrNull(u.purge_after),
        created_at: iso(u.created_at),
        last_sign_in_at: isoOrNull(u.last_sign_in_at),
        subscription: !sub
          ? null
          : isAdmin
            ? { ...sub, started_at: iso(sub.started_at), current_period_end: iso(sub.current_period_end) }
            : { status: sub.status, current_period_end: iso(sub.current_period_end) },
        ...(payments
          ? {
              payments: payments.map((p) => ({
                id: p.id,
                created_at: iso(p.created_at),
                plan_name: p.plan_name,
                amount: String(p.plan_price),
                currency: p.currency,
                status: p.payment_status,
                kind: p.kind,
              })),
            }
          : {}),
        upcoming_appointments: upcoming,
        ...(appointments
          ? { appointments: appointments.map((a) => ({ ...a, starts_at: isoOrNull(a.starts_at) })) }
          : {}),
        sign_ins: signIns.map((s) => ({ ...s, started_at: iso(s.started_at), last_used_at: iso(s.last_used_at) })),
        health: { preference_sets: u.preference_sets, masked: true },
      };
    },

    /** Admin only: the preference sets in full, for a reason; the reveal itself is audited (`health.reveal`). */
    async revealHealth(actor: AuditActor, id: string, reason: string): Promise<RevealHealthResponse> {
      return audit.change(actor, async (tx) => {
        await existing(tx, id);
        const sets = await repo.listPreferenceSets(tx, id);
        return {
          result: {
            success: true as const,
            preference_sets: sets.map((s) => ({
              id: s.id,
              donor_type_preference: s.donor_type_preference,
              location: s.location,
              answers: s.raw,
              updated_at: iso(s.updated_at),
            })),
          },
          audit: {
            action: 'health.reveal',
            targetType: 'user',
            targetId: id,
            after: { preference_sets: sets.length },
            reason,
          },
        };
      });
    },

    async disable(actor: AuditActor, id: string, reason: string) {
      notSelf(actor, id);
      const now = clock.now();
      await audit.change(actor, async (tx) => {
        const u = await existing(tx, id);
        if (u.role === 'admin' && !(await lockOtherActiveAdmin(tx, [id])))
          throw new AppError('last_admin', CONSOLE_USERS_MSG.lastAdmin, 409);
        if (!(await repo.disableUser(tx, id, reason, now)))
          throw new AppError('conflict', CONSOLE_USERS_MSG.alreadyDisabled, 409);
        await endSessions(tx, id, now);
        return {
          result: null,
          audit: {
            action: 'user.disable',
            targetType: 'user',
            targetId: id,
            before: { disabled: false },
            after: { disabled: true },
            reason,
          },
        };
      });
      return CONSOLE_USERS_MSG.disabled;
    },

    async enable(actor: AuditActor, id: string, reason: string) {
      await audit.change(actor, async (tx) => {
        await existing(tx, id);
        if (!(await repo.enableUser(tx, id, clock.now())))
          throw new AppError('conflict', CONSOLE_USERS_MSG.notDisabled, 409);
        return {
          result: null,
          audit: {
            action: 'user.enable',
            targetType: 'user',
            targetId: id,
            before: { disabled: true },
            after: { disabled: false },
            reason,
          },
        };
      });
      return CONSOLE_USERS_MSG.enabled;
    },

    async endSessions(actor: AuditActor, id: string, reason: string) {
      await audit.change(actor, async (tx) => {
        const u = await existing(tx, id);
        // Support may sign out users, not the admins above them (an admin's access is the admin's business).
        if (actor.role !== 'admin' && u.role === 'admin')
          throw new AppError('forbidden', CONSOLE_USERS_MSG.adminsOnly, 403);
        await endSessions(tx, id, clock.now());
        return { result: null, audit: { action: 'user.end_sessions', targetType: 'user', targetId: id, reason } };
      });
      return CONSOLE_USERS_MSG.sessionsEnded;
    },

    /** A new verification link, mailed through the outbox in the transaction of its audit row. */
    async resendVerification(actor: AuditActor, id: string) {
      const queued = await audit.change(actor, async (tx) => {
        const u = await existing(tx, id);
        if (u.email_verified_at) throw new AppError('verify_done', CONSOLE_USERS_MSG.alreadyVerified, 400);
        const link = await emailVerificationLink(deps, { id: u.id, email: u.email });
        const mail = await deps.mail.enqueue(tx, u.email, emailVerificationMail(u.first_name, link));
        return { result: mail, audit: { action: 'user.resend_verification', targetType: 'user', targetId: id } };
      });
      deps.mail.dispatch(queued);
      return CONSOLE_USERS_MSG.verificationSent;
    },

    /** The owner's deletion flow (deactivate, grace, cancel link mailed), started by an admin with a reason. */
    async startDeletion(actor: AuditActor, id: string, reason: string) {
      notSelf(actor, id);
      await existing(db, id);
      await deps.deletion.requestByOperator(id, (tx) =>
        audit.record(tx, actor, {
          action: 'user.deletion_start',
          targetType: 'user',
          targetId: id,
          before: { deletion_pending: false },
          after: { deletion_pending: true },
          reason,
        }),
      );
      return CONSOLE_USERS_MSG.deletionStarted;
    },

    /**
     * A complimentary plan: a subscription to an existing parent plan at price 0 for `days`, with a checkout of
     * provider 'complimentary' and no payment. The plan's price is not touched; what the user held before is
     * replaced, and a Stripe one is flagged so its billing stops (as when a parent changes plan).
     */
    async grantComplimentary(actor: AuditActor, id: string, input: ComplimentaryRequest) {
      const now = clock.now();
      await audit.change(actor, async (tx) => {
        const u = await existing(tx, id);
        const plan = (await repo.parentPlans(tx)).find((p) => p.id === input.plan_id);
        if (!plan) throw fieldError('plan_id', CONSOLE_USERS_MSG.planNotFound);
        if (u.role !== 'parent') throw fieldError('plan_id', CONSOLE_USERS_MSG.parentsOnly);
        const replaced = await replaceHeldSubscriptions(tx, id, now);
        const checkoutId = await recordComplimentaryCheckout(tx, { userId: id, plan, now });
        const subscriptionId = await grantComplimentary(tx, { userId: id, plan, checkoutId, days: input.days, now });
        return {
          result: null,
          audit: {
            action: 'user.complimentary_plan',
            targetType: 'user',
            targetId: id,
            before: { subscriptions_replaced: replaced.map((r) => r.id) },
            after: { subscription_id: subscriptionId, plan_id: plan.id, days: input.days, price: 0 },
            reason: input.reason,
          },
        };
      });
      return CONSOLE_USERS_MSG.complimentaryGranted;
    },

    /** Disables up to 500 accounts; a dry run reports what would change and writes nothing. */
    async bulkDisable(actor: AuditActor, input: BulkDisableRequest): Promise<BulkDisableResponse> {
      const ids = [...new Set(input.ids)];
      const now = clock.now();
      const plan = async (q: Queryable) => {
        const found = new Set(await repo.existingAmong(q, ids));
        const enabled = new Set(await repo.enabledAmong(q, ids));
        const skipped: { id: string; reason: string }[] = [];
        const targets: string[] = [];
        for (const id of ids) {
          if (!found.has(id)) skipped.push({ id, reason: CONSOLE_USERS_MSG.notFound });
          else if (id === actor.id) skipped.push({ id, reason: CONSOLE_USERS_MSG.notYourself });
          else if (!enabled.has(id)) skipped.push({ id, reason: CONSOLE_USERS_MSG.alreadyDisabled });
          else targets.push(id);
        }
        return { targets, skipped };
      };
      if (input.dry_run) {
        const { targets, skipped } = await plan(db);
        const message = `${accounts(targets.length)} would be disabled; ${skipped.length} left alone.`;
        return { success: true, dry_run: true, disabled: targets, skipped, message };
      }
      const { disabled, skipped } = await audit.change(actor, async (tx) => {
        const p = await plan(tx);
        // Admins among the targets (or the actor, disabled meanwhile): some admin must still be able to sign in.
        if (p.targets.length && !(await lockOtherActiveAdmin(tx, p.targets)))
          throw new AppError('last_admin', CONSOLE_USERS_MSG.lastAdmin, 409);
        const done = p.targets.length ? await repo.disableMany(tx, p.targets, input.reason, now) : [];
        for (const id of done) await endSessions(tx, id, now);
        return {
          result: { disabled: done, skipped: p.skipped },
          audit: done.map((id) => ({
            action: 'user.disable',
            targetType: 'user',
            targetId: id,
            before: { disabled: false },
            after: { disabled: true, bulk: true },
            reason: input.reason,
          })),
        };
      });
      const message = `${accounts(disabled.length)} disabled; ${skipped.length} left alone.`;
      return { success: true, dry_run: false, disabled, skipped, message };
    },
  };
}
export type ConsoleUsersService = ReturnType<typeof createConsoleUsersService>;
