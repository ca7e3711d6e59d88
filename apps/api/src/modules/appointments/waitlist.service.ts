import { DateTime } from 'luxon';
import { WEB_PATHS } from '@kindred/shared';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { appointmentMail, line, link } from './appointment.templates.ts';
import type { AppointmentMail } from './appointment.mail.ts';
import { findClinic, listVisitTypes } from './clinics.repository.ts';
import * as repo from './waitlist.repository.ts';

/** How many waiting parents a freed time is offered to at once (first come, first booked). */
export const WAITLIST_OFFERS = 3;

/**
 * The waitlist (ADR 021): a parent waits for a clinic's day; when a live visit that day is cancelled or moved
 * away, the first waiting parents (oldest first) are mailed a link to book, each once, in the transaction that
 * frees the time.
 */
export function createWaitlistService(deps: { db: Db; clock: Clock; mail: AppointmentMail; publicUrl: string }) {
  return {
    async join(userId: string, referenceId: string, body: { on_date: string; visit_type_id?: string }) {
      const clinic = await findClinic(deps.db, referenceId);
      if (!clinic) throw notFound(APPOINTMENT_MSG.clinicNotFound);
      const types = body.visit_type_id ? await listVisitTypes(deps.db, [clinic.id]) : [];
      if (body.visit_type_id && !types.some((v) => v.id === body.visit_type_id))
        throw notFound(APPOINTMENT_MSG.visitTypeNotFound);
      const today = DateTime.fromJSDate(deps.clock.now(), { zone: clinic.time_zone }).toISODate()!;
      if (body.on_date < today) throw fieldError('on_date', APPOINTMENT_MSG.waitlistDateInPast);
      await repo.upsertWaitlist(deps.db, {
        userId,
        clinicId: clinic.id,
        onDate: body.on_date,
        visitTypeId: body.visit_type_id ?? null,
        at: deps.clock.now(),
      });
    },

    /** In `tx`: a live visit at `freedStart` was cancelled or moved away; offer its day to those waiting. */
    async offerFreed(
      tx: Queryable,
      a: {
        clinicId: string;
        clinicReference: string;
        clinicName: string;
        zone: string;
        visitTypeId: string | null;
        userId: string;
        freedStart: Date;
      },
    ) {
      const now = deps.clock.now();
      if (a.freedStart.getTime() <= now.getTime()) return;
      const onDate = DateTime.fromJSDate(a.freedStart, { zone: a.zone }).toISODate()!;
      const waiting = await repo.takeWaiting(tx, {
        clinicId: a.clinicId,
        onDate,
        visitTypeId: a.visitTypeId,
        exceptUser: a.userId,
        at: now,
        limit: WAITLIST_OFFERS,
      });
      const day = DateTime.fromISO(onDate).toFormat('cccc d LLLL yyyy');
      const url =
        `${deps.publicUrl}${WEB_PATHS.bookAppointment}?clinic=${encodeURIComponent(a.clinicReference)}` +
        `&date=${onDate}`;
      for (const w of waiting)
        await deps.mail.enqueue(
          tx,
          w.email,
          appointmentMail('appointment_waitlist_offer', `A time opened up at ${a.clinicName}`, [
            line(`Hello ${w.first_name},`),
            line(`A consultation time opened up at ${a.clinicName} on ${day} (${a.zone}), the day you waited for.`),
            link('Book it before someone else does', url),
          ]),
        );
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
