import { DateTime } from 'luxon';
import { WEB_PATHS } from '@kindred/shared';
import { APPOINTMENT_MSG, OFFER_MINUTES } from '@kindred/shared/appointments.schemas';
import { inSavepoint, type Db, type Queryable } from '../../../db/db.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../../lib/errors.ts';
import { appointmentMail, line, link } from '../notices/appointment.templates.ts';
import type { AppointmentMail } from '../notices/appointment.mail.ts';
import { expireLapsedHolds, insertAppointment, isOverlapError } from '../booking/booking.repository.ts';
import { findClinic, listVisitTypes } from '../directory/directory.repository.ts';
import { checkSlot, type CheckedSlot } from '../directory/slot-check.ts';
import { localDateOf } from '../directory/slots.ts';
import * as repo from './waitlist.repository.ts';

/** A time that was freed: the slot and the visit that left it (its parent is never offered it back). */
export type FreedTime = {
  clinicReference: string;
  visitTypeId: string;
  clinicianId: string;
  startsAt: Date;
  /** The appointment that freed the time. */
  freedFrom: string;
  /** Its parent. */
  exceptUser: string | null;
};

/**
 * The waitlist (ADR 021): a parent waits for a clinic's day. When a live visit that day is cancelled or moved away,
 * the freed time is held for the first parent waiting (oldest first) for OFFER_MINUTES, in the transaction that
 * frees it, and mailed to them; declined or lapsed, the `waitlist-offers` job passes it to the next one; with nobody
 * left it is public. Each waitlist entry is offered one time.
 */
export function createWaitlistService(deps: { db: Db; clock: Clock; mail: AppointmentMail; publicUrl: string }) {
  const { clock } = deps;

  /** The slot if booking would accept it now (hours, notice, horizon, an active clinician), else null. */
  async function bookable(tx: Queryable, t: FreedTime, now: Date): Promise<CheckedSlot | null> {
    try {
      return await checkSlot(tx, {
        clinic: t.clinicReference,
        visitTypeId: t.visitTypeId,
        clinicianId: t.clinicianId,
        startsAt: t.startsAt,
        now,
      });
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  /**
   * In `tx`: holds the time for the next parent waiting for its day and mails them; false when nobody is waiting,
   * the time is no longer bookable, or something else already occupies it.
   */
  async function offer(tx: Queryable, t: FreedTime): Promise<boolean> {
    const now = clock.now();
    const c = await bookable(tx, t, now);
    if (!c) return false;
    const zone = c.clinic.time_zone;
    const onDate = localDateOf(c.slot.startsAt, zone);
    await expireLapsedHolds(tx, c.clinicianId, now);
    const expiresAt = new Date(now.getTime() + OFFER_MINUTES * 60_000);
    // A savepoint: should the time be occupied after all, the entry taken stays unoffered and the change goes on.
    let taken: { w: repo.WaitingParent; holdId: string } | null;
    try {
      taken = await inSavepoint(tx, 'waitlist_offer', async () => {
        const w = await repo.takeWaiting(tx, {
          clinicId: c.clinic.id,
          onDate,
          visitTypeId: c.visitType.id,
          exceptUser: t.exceptUser,
          at: now,
        });
        if (!w) return null;
        const holdId = await insertAppointment(tx, {
          userId: w.user_id,
          status: 'held',
          name: w.name,
          email: w.email,
          phoneNumber: null,
          reason: '',
          clinicRef: c.clinic.reference_id,
          clinicId: c.clinic.id,
          clinicianId: c.clinicianId,
          visitTypeId: c.visitType.id,
          donorReference: null,
          startsAt: c.slot.startsAt,
          endsAt: c.slot.endsAt,
          blockStart: c.slot.blockStart,
          blockEnd: c.slot.blockEnd,
          holdExpiresAt: expiresAt,
          timeZone: zone,
          sharedShortlist: false,
          now,
          waitlistId: w.id,
          offeredFrom: t.freedFrom,
        });
        return { w, holdId };
      });
    } catch (err) {
      if (!isOverlapError(err)) throw err;
      return false;
    }
    if (!taken) return false;
    const { w, holdId } = taken;
    const local = DateTime.fromJSDate(c.slot.startsAt, { zone });
    const until = DateTime.fromJSDate(expiresAt, { zone }).toFormat('HH:mm');
    const url =
      `${deps.publicUrl}${WEB_PATHS.bookAppointment}?clinic=${encodeURIComponent(c.clinic.reference_id)}` +
      `&date=${onDate}&offer=${holdId}`;
    await deps.mail.enqueue(
      tx,
      w.email,
      appointmentMail('appointment_waitlist_offer', `A time opened up at ${c.clinic.name}`, [
        line(`Hello ${w.first_name},`),
        line(
          `A consultation time opened up at ${c.clinic.name} on ${local.toFormat('cccc d LLLL yyyy')} at ` +
            `${local.toFormat('HH:mm')} (${zone} time), the day you waited for.`,
        ),
        line(
          `It is held for you until ${until} (${zone} time). After that it goes to the next person waiting; if you ` +
            'do not want it, you can let it go from the link.',
        ),
        link('Book this time', url),
      ]),
    );
    return true;
  }

  /** In `tx`: ends the locked offer `h` and offers its time to the next parent waiting. */
  async function passOn(tx: Queryable, h: NonNullable<Awaited<ReturnType<typeof repo.lockOffer>>>) {
    await repo.endOffer(tx, h.id, clock.now());
    if (!h.clinic || !h.visit_type_id || !h.clinician_id || !h.starts_at) return false;
    return offer(tx, {
      clinicReference: h.clinic,
      visitTypeId: h.visit_type_id,
      clinicianId: h.clinician_id,
      startsAt: h.starts_at,
      freedFrom: h.offered_from ?? h.id,
      exceptUser: await repo.freedBy(tx, h.offered_from),
    });
  }

  return {
    async join(userId: string, referenceId: string, body: { on_date: string; visit_type_id?: string }) {
      const clinic = await findClinic(deps.db, referenceId);
      if (!clinic) throw notFound(APPOINTMENT_MSG.clinicNotFound);
      const types = body.visit_type_id ? await listVisitTypes(deps.db, [clinic.id]) : [];
      if (body.visit_type_id && !types.some((v) => v.id === body.visit_type_id))
        throw notFound(APPOINTMENT_MSG.visitTypeNotFound);
      const today = DateTime.fromJSDate(clock.now(), { zone: clinic.time_zone }).toISODate()!;
      if (body.on_date < today) throw fieldError('on_date', APPOINTMENT_MSG.waitlistDateInPast);
      await repo.upsertWaitlist(deps.db, {
        userId,
        clinicId: clinic.id,
        onDate: body.on_date,
        visitTypeId: body.visit_type_id ?? null,
        at: clock.now(),
      });
    },

    /** In `tx`, right after a live visit left its time (cancelled or moved away): offer it to those waiting. */
    offerFreed: (tx: Queryable, t: FreedTime) => offer(tx, t),

    /** In `tx`: the parent lets their offer go (the hold is locked by the caller); the next parent is offered it. */
    async decline(tx: Queryable, holdId: string) {
      const h = await repo.lockOffer(tx, holdId);
      if (h?.status === 'held' && h.waitlist_id) await passOn(tx, h);
    },

    /**
     * Passes every lapsed offer on (the waitlist-offers job). Each in its own transaction on the locked hold, which
     * must still be a live offer past its time: two runs at once (two instances) pass each offer on once.
     */
    async passOnLapsed(): Promise<number> {
      const now = clock.now();
      let passed = 0;
      for (const { id } of await repo.lapsedOffers(deps.db, now)) {
        const done = await deps.mail.transaction(async (tx) => {
          const h = await repo.lockOffer(tx, id);
          if (h?.status !== 'held' || !h.waitlist_id || !h.hold_expires_at || h.hold_expires_at > now) return false;
          await passOn(tx, h);
          return true;
        });
        if (done) passed += 1;
      }
      return passed;
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
