import type { Queryable } from '../../../db/db.ts';

/** A change to an appointment that its parent and its clinic are told about (by mail, with an .ics). */
export type AppointmentChange =
  'booked' | 'confirmed' | 'meeting_link' | 'rescheduled' | 'cancelled' | 'completed' | 'no_show';

/**
 * Called inside the transaction that makes the change, after the appointment row is written, so that the mails
 * are written to the outbox with it (ADR 013) and a rolled-back change sends nothing.
 */
export type AppointmentNotifier = (
  tx: Queryable,
  appointmentId: string,
  change: AppointmentChange,
  detail?: { previousStartsAt?: Date; reason?: string; nextTimes?: Date[] },
) => Promise<void>;

/** Tells no one: for tests of booking rules that do not look at mail. */
export const silentNotifier: AppointmentNotifier = async () => {};
