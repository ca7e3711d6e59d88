import { DateTime } from 'luxon';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import type { Db } from '../../../db/db.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AppointmentMail } from '../notices/appointment.mail.ts';
import type { ClinicsService } from '../directory/directory.service.ts';
import { insertAppointmentEvent } from '../appointment.repository.ts';
import * as repo from '../lifecycle/lifecycle.repository.ts';
import * as reminders from './reminders.repository.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';

export type ReminderKind = '24h' | '2h';

/**
 * Reminders 24 h and 2 h before a pending or confirmed visit (ADR 021), sent by the `appointment-reminders` job.
 * Each is one transaction: the appointment_reminders row (its primary key: appointment, kind, start time) and the
 * mail, so any number of runs on any number of instances send each reminder once; a moved visit gets its
 * reminders again for its new time, a cancelled one none. A visit booked inside 2 h of its start gets only the 2 h
 * one (the 24 h one would arrive after it).
 */
export function createReminderService(deps: {
  db: Db;
  clock: Clock;
  mail: AppointmentMail;
  waitlist: WaitlistService;
  clinics: Pick<ClinicsService, 'availability'>;
}) {
  const { db } = deps;

  const due = (now: Date) => reminders.dueReminders(db, now);

  /** Sends one reminder unless another run did (or the visit changed meanwhile); true when this run sent it. */
  async function sendOne(id: string, kind: ReminderKind, now: Date): Promise<boolean> {
    return deps.mail.transaction(async (tx) => {
      const row = await repo.findAppointment(tx, id, true);
      if (!row?.starts_at || !['pending', 'confirmed'].includes(row.status) || row.starts_at <= now) return false;
      if (row.status === 'pending' && (row.confirm_by ?? row.starts_at) <= now) return false;
      if (!(await reminders.claimReminder(tx, { appointmentId: id, kind, startsAt: row.starts_at, at: now })))
        return false;
      await deps.mail.remind(tx, row, kind);
      return true;
    });
  }

  /** The next free times of the visit's type at its clinic (at most 3), for the mail that closes a request. */
  async function nextTimes(
    row: { clinic_reference: string | null; visit_type_id: string | null; time_zone: string | null },
    now: Date,
  ) {
    if (!row.clinic_reference || !row.visit_type_id) return [];
    try {
      const from = DateTime.fromJSDate(now, { zone: row.time_zone ?? 'UTC' }).toISODate()!;
      const { slots } = await deps.clinics.availability(row.clinic_reference, {
        visit_type: row.visit_type_id,
        from,
        days: 14,
      });
      const starts = [...new Set(slots.map((s) => s.starts_at))].sort().slice(0, 3);
      return starts.map((s) => new Date(s));
    } catch {
      // A clinic or visit type gone since: the mail still closes the request, with no times to offer.
      return [];
    }
  }

  /**
   * A request the clinic did not confirm by its deadline (`confirm_by`, ADR 021 "Confirmation") is cancelled by
   * the system with a reason the parent reads, and a mail that offers the next free times, so it does not stay
   * pending with no action left to anyone.
   */
  async function closeUnconfirmed(now: Date): Promise<number> {
    const rows = await reminders.unconfirmedPastDeadline(db, now);
    let closed = 0;
    for (const { id } of rows) {
      const before = await repo.findAppointment(db, id);
      if (!before) continue;
      const offers = await nextTimes(before, now);
      const done = await deps.mail.transaction(async (tx) => {
        const row = await repo.findAppointment(tx, id, true);
        if (row?.status !== 'pending' || !row.starts_at || (row.confirm_by ?? row.starts_at) > now) return false;
        const reason = APPOINTMENT_MSG.notConfirmedInTime;
        await repo.setStatus(tx, id, 'cancelled', { cancelledBy: 'system', reason, bumpSequence: true });
        await insertAppointmentEvent(tx, { appointmentId: id, at: now, actor: 'system', action: 'cancelled', reason });
        await deps.mail.notify(tx, id, 'cancelled', { nextTimes: offers });
        // The freed time goes the same way as every other (the waitlist first), when booking would still take it.
        if (row.clinic_reference && row.visit_type_id && row.clinician_id)
          await deps.waitlist.offerFreed(tx, {
            clinicReference: row.clinic_reference,
            visitTypeId: row.visit_type_id,
            clinicianId: row.clinician_id,
            startsAt: row.starts_at,
            freedFrom: row.id,
            exceptUser: row.user_id,
          });
        return true;
      });
      if (done) closed += 1;
    }
    return closed;
  }

  return {
    closeUnconfirmed: () => closeUnconfirmed(deps.clock.now()),
    /** Sends every reminder due now; returns how many this run sent. */
    async runDue(): Promise<number> {
      const now = deps.clock.now();
      let sent = 0;
      for (const r of await due(now)) if (await sendOne(r.id, r.kind, now)) sent += 1;
      return sent;
    },
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;
