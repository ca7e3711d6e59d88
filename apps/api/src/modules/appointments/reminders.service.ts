import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppointmentMail } from './appointment.mail.ts';
import { insertAppointmentEvent } from './appointment.repository.ts';
import * as repo from './lifecycle.repository.ts';
import type { WaitlistService } from './waitlist.service.ts';

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
}) {
  const { db } = deps;

  async function due(now: Date): Promise<{ id: string; kind: ReminderKind }[]> {
    return db.query(
      `select a.id, k.kind from appointments a
       cross join (values ('24h', interval '24 hours'), ('2h', interval '2 hours')) as k(kind, ahead)
       where a.status in ('pending', 'confirmed') and a.starts_at > $1 and a.starts_at <= $1::timestamptz + k.ahead
         and (k.kind = '2h' or a.starts_at > $1::timestamptz + interval '2 hours')
         and not exists (select 1 from appointment_reminders r
                         where r.appointment_id = a.id and r.kind = k.kind and r.starts_at = a.starts_at)
       order by a.starts_at limit 500`,
      [now],
    );
  }

  /** Sends one reminder unless another run did (or the visit changed meanwhile); true when this run sent it. */
  async function sendOne(id: string, kind: ReminderKind, now: Date): Promise<boolean> {
    return deps.mail.transaction(async (tx) => {
      const row = await repo.findAppointment(tx, id, true);
      if (!row?.starts_at || !['pending', 'confirmed'].includes(row.status) || row.starts_at <= now) return false;
      const claimed = await tx.query(
        `insert into appointment_reminders (appointment_id, kind, starts_at, sent_at) values ($1, $2, $3, $4)
         on conflict do nothing returning appointment_id`,
        [id, kind, row.starts_at, now],
      );
      if (!claimed.length) return false;
      await deps.mail.remind(tx, row, kind);
      return true;
    });
  }

  /**
   * A request the clinic never confirmed whose time has come is cancelled by the system, with the usual mails, so
   * it does not stay pending with no action left to anyone.
   */
  async function closeUnconfirmed(now: Date): Promise<number> {
    const rows = await db.query<{ id: string }>(
      `select id from appointments where status = 'pending' and starts_at <= $1 order by starts_at limit 500`,
      [now],
    );
    let closed = 0;
    for (const { id } of rows) {
      const done = await deps.mail.transaction(async (tx) => {
        const row = await repo.findAppointment(tx, id, true);
        if (row?.status !== 'pending' || !row.starts_at || row.starts_at > now) return false;
        await repo.setStatus(tx, id, 'cancelled', { cancelledBy: 'system', bumpSequence: true });
        await insertAppointmentEvent(tx, { appointmentId: id, at: now, actor: 'system', action: 'cancelled' });
        await deps.mail.notify(tx, id, 'cancelled');
        // Its time has come, so this offers nothing today; kept so that every freed time goes the same way.
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
