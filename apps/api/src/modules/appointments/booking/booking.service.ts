import {
  APPOINTMENT_MSG,
  confirmDeadline,
  HOLD_MINUTES,
  type AppointmentDto,
  type BookAppointmentRequest,
  type HeldTime,
  type HoldRequest,
} from '@kindred/shared/appointments.schemas';
import type { Db, Queryable } from '../../../db/db.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, conflict, fieldError, notFound, unauthorized } from '../../../lib/errors.ts';
import type { RateLimits } from '../../../plugins/rate-limit.ts';
import type { ConsentService } from '../../rights/consent.service.ts';
import type { AppointmentNotifier } from '../notices/appointment-notifier.ts';
import { toAppointmentDto } from '../appointment.mapper.ts';
import { findAppointment, insertAppointmentEvent, listUserAppointments } from '../appointment.repository.ts';
import {
  convertHold,
  expireLapsedHolds,
  findContact,
  insertAppointment,
  isOverlapError,
  lockHold,
  releaseUserHolds,
  type NewAppointment,
} from './booking.repository.ts';
import { checkSlot, type CheckedSlot } from '../directory/slot-check.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';

/**
 * The parent's account, which must have a verified address: the appointment's mails (times, the manage link,
 * reminders) go to it, and mail to an unverified address is held (ADR 004), so an unverified booking would hear
 * nothing until verification and then everything at once.
 */
async function verifiedContact(q: Queryable, userId: string) {
  const contact = await findContact(q, userId);
  if (!contact) throw unauthorized();
  if (!contact.verified) throw new AppError('email_unverified', APPOINTMENT_MSG.verifyEmailFirst, 403);
  return contact;
}

/** Inserts, turning the exclusion constraint's refusal into 409 slotTaken. */
async function insertOrTaken(tx: Queryable, a: NewAppointment): Promise<string> {
  try {
    return await insertAppointment(tx, a);
  } catch (err) {
    if (isOverlapError(err)) throw conflict(APPOINTMENT_MSG.slotTaken);
    throw err;
  }
}

const slotFields = (c: CheckedSlot) => ({
  clinicRef: c.clinic.reference_id,
  clinicId: c.clinic.id,
  clinicianId: c.clinicianId,
  visitTypeId: c.visitType.id,
  startsAt: c.slot.startsAt,
  endsAt: c.slot.endsAt,
  blockStart: c.slot.blockStart,
  blockEnd: c.slot.blockEnd,
  timeZone: c.clinic.time_zone,
});

/**
 * Holds and bookings (ADR 021). Every write runs in one transaction: the slot is checked against the clinician's
 * hours at this moment, lapsed holds of the clinician are marked expired, then the row is written; an overlap with
 * a live appointment is refused by the database (409 slotTaken), however many requests race for it.
 */
export function createBookingService(deps: {
  db: Db;
  clock: Clock;
  limits: RateLimits;
  consents: ConsentService;
  notifier: AppointmentNotifier;
  /** Passes a declined waitlist offer on to the next parent waiting. */
  waitlist: Pick<WaitlistService, 'decline'>;
  /**
   * Runs a booking's transaction; the appointment mail's runner dispatches the mails the notifier wrote once it has
   * committed (services.ts). Defaults to a plain transaction (tests of booking rules that send nothing).
   */
  transaction?: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;
  const transaction = deps.transaction ?? ((fn) => db.transaction(fn));
  /** In the writing transaction: the parent (read once, verified) and the slot as booking would accept it now. */
  async function prepare(tx: Queryable, userId: string, r: HoldRequest, now: Date) {
    const contact = await verifiedContact(tx, userId);
    const slot = await checkSlot(tx, {
      clinic: r.clinic,
      visitTypeId: r.visit_type_id,
      clinicianId: r.clinician_id,
      startsAt: new Date(r.starts_at),
      now,
    });
    return { contact, c: slot };
  }

  /** Converts the parent's own live hold for exactly this slot. */
  async function convert(tx: Queryable, userId: string, holdId: string, c: CheckedSlot, now: Date) {
    const hold = await lockHold(tx, holdId);
    if (!hold || hold.user_id !== userId || !['held', 'expired'].includes(hold.status))
      throw notFound(APPOINTMENT_MSG.appointmentNotFound);
    if (hold.status === 'expired' || (hold.hold_expires_at && new Date(hold.hold_expires_at) <= now))
      throw conflict(APPOINTMENT_MSG.holdExpired);
    const same =
      hold.clinician_id === c.clinicianId &&
      hold.visit_type_id === c.visitType.id &&
      hold.starts_at !== null &&
      new Date(hold.starts_at).getTime() === c.slot.startsAt.getTime();
    if (!same) throw fieldError('hold_id', APPOINTMENT_MSG.slotUnavailable);
  }

  return {
    /** Holds a slot for HOLD_MINUTES (the parent's earlier live holds end). */
    async hold(userId: string, r: HoldRequest): Promise<{ hold_id: string; expires_at: string }> {
      await deps.limits.consume('booking_account', userId);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
      return transaction(async (tx) => {
        const { contact, c } = await prepare(tx, userId, r, now);
        await expireLapsedHolds(tx, c.clinicianId, now);
        await releaseUserHolds(tx, userId, now);
        const id = await insertOrTaken(tx, {
          ...slotFields(c),
          userId,
          status: 'held',
          name: contact.name,
          email: contact.email,
          phoneNumber: null,
          reason: '',
          donorReference: null,
          holdExpiresAt: expiresAt,
          sharedShortlist: false,
          now,
        });
        return { hold_id: id, expires_at: expiresAt.toISOString() };
      });
    },

    /**
     * Ends the parent's own hold (the modal was cancelled); 404 for anyone else's or a booked one. Letting a
     * waitlist offer go passes its time on to the next parent waiting at once.
     */
    async release(userId: string, holdId: string): Promise<void> {
      const now = clock.now();
      await transaction(async (tx) => {
        const hold = await lockHold(tx, holdId);
        if (!hold || hold.user_id !== userId || !['held', 'expired'].includes(hold.status))
          throw notFound(APPOINTMENT_MSG.appointmentNotFound);
        if (hold.waitlist_id) await deps.waitlist.decline(tx, holdId);
        else await releaseUserHolds(tx, userId, now, holdId);
      });
    },

    /**
     * The parent's own live hold (a waitlist offer's link opens the modal on it): its time and until when it is
     * held. 404 for anyone else's, or one that is booked; 409 holdExpired once it has ended.
     */
    async held(userId: string, holdId: string): Promise<HeldTime> {
      const now = clock.now();
      const hold = await lockHold(db, holdId, false);
      if (!hold || hold.user_id !== userId || !['held', 'expired'].includes(hold.status))
        throw notFound(APPOINTMENT_MSG.appointmentNotFound);
      const live = hold.status === 'held' && hold.hold_expires_at !== null && hold.hold_expires_at > now;
      if (!live || !hold.starts_at || !hold.ends_at || !hold.clinician_id || !hold.visit_type_id)
        throw conflict(APPOINTMENT_MSG.holdExpired);
      return {
        hold_id: hold.id,
        expires_at: hold.hold_expires_at!.toISOString(),
        clinic: hold.clinic ?? '',
        time_zone: hold.time_zone ?? 'UTC',
        offer: hold.waitlist_id !== null,
        slot: {
          clinician_id: hold.clinician_id,
          visit_type_id: hold.visit_type_id,
          starts_at: hold.starts_at.toISOString(),
          ends_at: hold.ends_at.toISOString(),
        },
      };
    },

    /**
     * Books (from the parent's hold when hold_id is given): a pending request the clinic is told about, or a
     * confirmed visit when the visit type confirms instantly (issue 25).
     */
    async book(userId: string, r: BookAppointmentRequest): Promise<AppointmentDto> {
      await deps.limits.consume('booking_account', userId);
      const now = clock.now();
      return transaction(async (tx) => {
        const { c } = await prepare(tx, userId, r, now);
        const instant = c.visitType.confirmation === 'instant';
        const status = instant ? ('confirmed' as const) : ('pending' as const);
        const confirmBy = instant ? null : confirmDeadline(now, c.slot.startsAt);
        const details = {
          name: r.name,
          email: r.email,
          phoneNumber: r.phone_number || null,
          reason: r.reason_for_consultation,
          donorReference: r.doner || null,
          sharedShortlist: r.share_shortlist === true,
          now,
          confirmBy,
        };
        let id: string;
        if (r.hold_id) {
          await convert(tx, userId, r.hold_id, c, now);
          await convertHold(tx, r.hold_id, { ...details, status });
          id = r.hold_id;
        } else {
          await expireLapsedHolds(tx, c.clinicianId, now);
          id = await insertOrTaken(tx, {
            ...slotFields(c),
            ...details,
            userId,
            status,
            holdExpiresAt: null,
          });
        }
        await insertAppointmentEvent(tx, { appointmentId: id, at: now, actor: 'parent', action: 'booked' });
        if (details.sharedShortlist)
          await deps.consents.grantWithin(tx, userId, 'shortlist_sharing', c.clinic.reference_id, 'api');
        await deps.notifier(tx, id, 'booked');
        return toAppointmentDto((await findAppointment(tx, id))!, now);
      });
    },

    /** The parent's appointments (never holds), newest first. */
    async mine(userId: string): Promise<AppointmentDto[]> {
      const now = clock.now();
      return (await listUserAppointments(db, userId)).map((row) => toAppointmentDto(row, now));
    },
  };
}
export type BookingService = ReturnType<typeof createBookingService>;
