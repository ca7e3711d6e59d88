import { DateTime } from 'luxon';
import { APPOINTMENT_MSG, confirmDeadline } from '@kindred/shared/appointments.schemas';
import type { Db, Queryable } from '../../../db/db.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { AppointmentChange } from '../notices/appointment-notifier.ts';
import type { AppointmentMail } from '../notices/appointment.mail.ts';
import { toAppointmentDto } from '../appointment.mapper.ts';
import { insertAppointmentEvent } from '../appointment.repository.ts';
import { expireLapsedHolds, isOverlapError } from '../booking/booking.repository.ts';
import { isLive, parentMayChange, toClinicDto } from './lifecycle.dto.ts';
import { checkSlot } from '../directory/slot-check.ts';
import * as repo from './lifecycle.repository.ts';
import type { RateLimits } from '../../../plugins/rate-limit.ts';
import type { ManageLinks } from './manage-link.ts';
import type { QueuedMail } from '../../mail/mail.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';

/** Who is making a change: the parent (signed in or by the mail's link) or the clinic's staff. */
export type Actor = { kind: 'parent'; userId: string } | { kind: 'link' } | { kind: 'clinic'; clinicId: string };

/**
 * An appointment's life after booking (ADR 021), in one place: held → pending → confirmed → completed | no_show;
 * cancelled from pending or confirmed; rescheduled in place (new times, SEQUENCE + 1). Every change is one
 * transaction on the locked row that writes an appointment_events row, the mails (outbox) and any waitlist offers.
 */
export function createLifecycleService(deps: {
  db: Db;
  clock: Clock;
  mail: AppointmentMail;
  links: ManageLinks;
  waitlist: WaitlistService;
  limits: RateLimits;
}) {
  const { db, clock } = deps;

  /** The row if `actor` may see it; anything else is 404 (another parent's, another clinic's, a hold). */
  async function visible(tx: Queryable, id: string, actor: Actor, lock: boolean) {
    const row = await repo.findAppointment(tx, id, lock);
    const mine =
      row &&
      !['held', 'expired'].includes(row.status) &&
      (actor.kind === 'link' ||
        (actor.kind === 'parent' && row.user_id === actor.userId) ||
        (actor.kind === 'clinic' && row.clinic_id === actor.clinicId));
    if (!mine) throw notFound(APPOINTMENT_MSG.appointmentNotFound);
    return row;
  }

  /** May `actor` cancel or move it now? Parents until the notice window; the clinic until the start. */
  function assertChangeable(row: repo.LifecycleRow, actor: Actor) {
    const now = clock.now();
    if (!isLive(row.status) || !row.starts_at) throw conflict(APPOINTMENT_MSG.notChangeable);
    if (actor.kind === 'clinic') {
      if (now.getTime() >= row.starts_at.getTime()) throw conflict(APPOINTMENT_MSG.notChangeable);
    } else if (!parentMayChange(row, now)) throw conflict(APPOINTMENT_MSG.tooLateToChange);
  }

  /** The appointment's history: one row per change (appointment_events). */
  const event = (
    tx: Queryable,
    e: {
      id: string;
      actor: 'parent' | 'clinic';
      action: string;
      from?: Date | null;
      to?: Date;
      reason?: string | null;
    },
  ) =>
    insertAppointmentEvent(tx, {
      appointmentId: e.id,
      at: clock.now(),
      actor: e.actor,
      action: e.action,
      fromStartsAt: e.from,
      toStartsAt: e.to,
      reason: e.reason,
    });

  const actorName = (a: Actor): 'parent' | 'clinic' => (a.kind === 'clinic' ? 'clinic' : 'parent');

  /** One change: lock, apply, record, mail; then the appointment as it now is. */
  async function change(
    id: string,
    actor: Actor,
    apply: (
      tx: Queryable,
      row: repo.LifecycleRow,
    ) => Promise<{ change: AppointmentChange; previousStartsAt?: Date } | null>,
  ) {
    if (actor.kind !== 'clinic') await deps.limits.consume('appointment_change', id);
    await deps.mail.transaction(async (tx) => {
      const row = await visible(tx, id, actor, true);
      const done = await apply(tx, row);
      if (done) await deps.mail.notify(tx, id, done.change, { previousStartsAt: done.previousStartsAt });
    });
    return read(id, actor);
  }

  async function read(id: string, actor: Actor) {
    const row = await visible(db, id, actor, false);
    if (actor.kind === 'clinic') return toClinicDto(row, clock.now());
    const dto = toAppointmentDto(row, clock.now());
    // A mail link can be forwarded: without a sign-in it shows no health detail (the reason, the donor, the visit's
    // name, which may name a donor type), nor the clinic's note or the shortlist choice (the mails do not either).
    return actor.kind === 'link'
      ? {
          ...dto,
          reason_for_consultation: '',
          donor_reference: null,
          visit_type_name: null,
          cancel_reason: null,
          shared_shortlist: false,
        }
      : dto;
  }

  /** Holds the time a live visit leaves for the first parent on the clinic's waitlist for that day (ADR 021). */
  async function offerFreed(tx: Queryable, row: repo.LifecycleRow) {
    if (!row.clinic_reference || !row.starts_at || !row.visit_type_id || !row.clinician_id) return;
    await deps.waitlist.offerFreed(tx, {
      clinicReference: row.clinic_reference,
      visitTypeId: row.visit_type_id,
      clinicianId: row.clinician_id,
      startsAt: row.starts_at,
      freedFrom: row.id,
      exceptUser: row.user_id,
    });
  }

  async function cancel(id: string, actor: Actor, reason: string | undefined) {
    return change(id, actor, async (tx, row) => {
      assertChangeable(row, actor);
      const by = actorName(actor);
      await repo.setStatus(tx, id, 'cancelled', { cancelledBy: by, reason: reason || null, bumpSequence: true });
      await event(tx, { id, actor: by, action: 'cancelled', from: row.starts_at, reason: reason || null });
      await offerFreed(tx, row);
      return { change: 'cancelled' };
    });
  }

  async function reschedule(id: string, actor: Actor, body: { starts_at: string; clinician_id?: string }) {
    return change(id, actor, async (tx, row) => {
      assertChangeable(row, actor);
      const clinicianId = body.clinician_id ?? row.clinician_id;
      if (!clinicianId || !row.clinic_reference || !row.visit_type_id) throw conflict(APPOINTMENT_MSG.notChangeable);
      const startsAt = new Date(body.starts_at);
      // The new time must be one booking would offer now (hours, notice, horizon); overlaps are the constraint's.
      const { slot } = await checkSlot(tx, {
        clinic: row.clinic_reference,
        visitTypeId: row.visit_type_id,
        clinicianId,
        startsAt,
        now: clock.now(),
      });
      const place = { endsAt: slot.endsAt, blockStart: slot.blockStart, blockEnd: slot.blockEnd };
      // A parent's new time waits for the clinic's confirmation again (unless the type confirms instantly); the
      // clinic's own move keeps its status. A request still pending gets a new confirmation deadline from now.
      const status = actor.kind === 'clinic' ? row.status : row.confirmation === 'instant' ? 'confirmed' : 'pending';
      const confirmBy = status === 'pending' ? confirmDeadline(clock.now(), startsAt) : null;
      // A lapsed hold still counts for the constraint until it is marked expired (as booking does first).
      await expireLapsedHolds(tx, clinicianId, clock.now());
      try {
        await repo.moveAppointment(tx, id, { status, clinicianId, startsAt, confirmBy, ...place });
      } catch (err) {
        if (isOverlapError(err)) throw conflict(APPOINTMENT_MSG.slotTaken);
        throw err;
      }
      const by = actorName(actor);
      await event(tx, { id, actor: by, action: 'rescheduled', from: row.starts_at, to: startsAt });
      if (row.starts_at && row.starts_at.getTime() !== startsAt.getTime()) await offerFreed(tx, row);
      return { change: 'rescheduled', previousStartsAt: row.starts_at ?? undefined };
    });
  }

  /**
   * The signed link's appointment, or linkInvalid: forged, junk, its visit has started, or the link was replaced
   * (the visit moved, or the account's deletion started: issue 25).
   */
  async function linked(token: string): Promise<string> {
    const id = deps.links.idOf(token);
    const row = id ? await repo.findAppointment(db, id) : undefined;
    if (
      !id ||
      !row?.starts_at ||
      !deps.links.verify(token, row) ||
      ['held', 'expired'].includes(row.status) ||
      clock.now() >= row.starts_at
    )
      throw new AppError('link_invalid', APPOINTMENT_MSG.linkInvalid, 404);
    return id;
  }

  /** A clinic's status change after or before the visit (confirm, complete, no-show). */
  async function clinicStatus(
    id: string,
    clinicId: string,
    to: 'confirmed' | 'completed' | 'no_show',
    meetingLink?: string,
  ) {
    const actor: Actor = { kind: 'clinic', clinicId };
    return change(id, actor, async (tx, row) => {
      const now = clock.now();
      if (to === 'confirmed') {
        if (row.status !== 'pending' || !row.starts_at || now >= row.starts_at)
          throw conflict(APPOINTMENT_MSG.notChangeable);
        const link = meetingLink ?? row.meeting_link ?? undefined;
        if (row.mode === 'video' && !link) throw fieldError('meeting_link', APPOINTMENT_MSG.meetingLinkRequired);
        await repo.setStatus(tx, id, 'confirmed', { meetingLink: link, bumpSequence: true });
      } else {
        if (row.status !== 'confirmed') throw conflict(APPOINTMENT_MSG.notChangeable);
        if (!row.starts_at || now < row.starts_at) throw conflict(APPOINTMENT_MSG.notStartedYet);
        await repo.setStatus(tx, id, to);
      }
      await event(tx, { id, actor: 'clinic', action: to });
      return { change: to };
    });
  }

  return {
    /**
     * In the transaction that starts the account's deletion (issue 25): cancels the live visits ahead (each clinic
     * is told the time only; a freed time goes to its waitlist) and ends every manage link. A cancelled deletion
     * restores none of it. Returns the clinic notices to dispatch after the commit.
     */
    async endForAccountDeletion(tx: Queryable, userId: string): Promise<QueuedMail[]> {
      const queued: QueuedMail[] = [];
      for (const row of await repo.lockLiveAheadOfUser(tx, userId, clock.now())) {
        await repo.setStatus(tx, row.id, 'cancelled', { cancelledBy: 'parent', bumpSequence: true });
        await event(tx, { id: row.id, actor: 'parent', action: 'cancelled', from: row.starts_at });
        await offerFreed(tx, row);
        queued.push(...(await deps.mail.accountClosedNotice(tx, row)));
      }
      await repo.endLinksOfUser(tx, userId);
      return queued;
    },

    /** The parent's own: cancel, move, rate. */
    parentCancel: (userId: string, id: string, reason?: string) => cancel(id, { kind: 'parent', userId }, reason),
    parentReschedule: (userId: string, id: string, body: { starts_at: string; clinician_id?: string }) =>
      reschedule(id, { kind: 'parent', userId }, body),
    async rate(userId: string, id: string, stars: number) {
      return change(id, { kind: 'parent', userId }, async (tx, row) => {
        if (row.status !== 'completed' || !row.clinic_id) throw conflict(APPOINTMENT_MSG.ratingOnlyAfterVisit);
        await repo.upsertRating(tx, { appointmentId: id, userId, clinicId: row.clinic_id, stars });
        return null;
      });
    },

    /** The signed link from the mail (no sign-in): see, cancel, move. */
    manageGet: async (token: string) => read(await linked(token), { kind: 'link' }),
    manageCancel: async (token: string, reason?: string) => cancel(await linked(token), { kind: 'link' }, reason),
    /** Moves by the link; the move ends that link, so the answer carries its replacement (issue 25). */
    async manageReschedule(token: string, body: { starts_at: string; clinician_id?: string }) {
      const id = await linked(token);
      const appointment = await reschedule(id, { kind: 'link' }, body);
      const row = await repo.findAppointment(db, id);
      return { appointment, manageToken: row ? deps.links.token(row) : undefined };
    },

    /** The clinic's side; `clinicId` is the staff account's clinic. */
    clinicOf: (userId: string) => repo.clinicOfUser(db, userId),
    async clinicList(clinic: { id: string; time_zone: string }, from?: string, to?: string) {
      const zone = clinic.time_zone;
      const start = from ? DateTime.fromISO(from, { zone }) : DateTime.fromJSDate(clock.now(), { zone }).startOf('day');
      const end = to ? DateTime.fromISO(to, { zone }).plus({ days: 1 }) : start.plus({ days: 14 });
      if (end <= start) throw fieldError('to', 'The end date must not be before the start date.');
      if (end.diff(start, 'days').days > 93) throw fieldError('to', 'Ask for at most 93 days at a time.');
      const rows = await repo.listClinicAppointments(db, clinic.id, start.toJSDate(), end.toJSDate());
      return rows.map((r) => toClinicDto(r, clock.now()));
    },
    clinicConfirm: (clinicId: string, id: string, meetingLink?: string) =>
      clinicStatus(id, clinicId, 'confirmed', meetingLink),
    clinicComplete: (clinicId: string, id: string) => clinicStatus(id, clinicId, 'completed'),
    clinicNoShow: (clinicId: string, id: string) => clinicStatus(id, clinicId, 'no_show'),
    async clinicMeetingLink(clinicId: string, id: string, link: string) {
      return change(id, { kind: 'clinic', clinicId }, async (tx, row) => {
        if (!isLive(row.status) || !row.starts_at || clock.now() >= row.starts_at)
          throw conflict(APPOINTMENT_MSG.notChangeable);
        await repo.setMeetingLink(tx, id, link);
        await event(tx, { id, actor: 'clinic', action: 'meeting_link' });
        return { change: 'meeting_link' };
      });
    },
    clinicCancel: (clinicId: string, id: string, reason: string) => cancel(id, { kind: 'clinic', clinicId }, reason),
    clinicReschedule: (clinicId: string, id: string, body: { starts_at: string; clinician_id?: string }) =>
      reschedule(id, { kind: 'clinic', clinicId }, body),
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
