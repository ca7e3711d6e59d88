import { DateTime } from 'luxon';
import { WEB_PATHS } from '@kindred/shared';
import type { Db, Queryable } from '../../../db/db.ts';
import type { Clock } from '../../../lib/clock.ts';
import { WITHHELD, type MailService, type QueuedMail } from '../../mail/mail.service.ts';
import type { MailTemplate } from '../../mail/mail.templates.ts';
import type { AppointmentChange, AppointmentNotifier } from './appointment-notifier.ts';
import { appointmentIcs, calendarMethod } from './appointment.ics.ts';
import {
  appointmentMail,
  clinicHeadline,
  line,
  link,
  parentHeadline,
  visitFacts,
  whenText,
  type MailPart,
} from './appointment.templates.ts';
import * as repo from '../lifecycle/lifecycle.repository.ts';
import type { ManageLinks } from '../lifecycle/manage-link.ts';

/** Mail kinds that carry the manage link (withheld from the stored copy, derived again after a restart). */
const LINKED_KINDS = ['booked', 'confirmed', 'meeting_link', 'rescheduled', 'reminder_24h', 'reminder_2h'];
const kindOf = (change: string) => `appointment_${change}`;
/** Changes nobody is mailed about (the visit is over). */
const SILENT: AppointmentChange[] = ['completed', 'no_show'];

/**
 * Appointment mails through the outbox (ADR 013, 021): to the parent (the booking's address) and to the clinic (its
 * address and its staff), each with an .ics, written in the transaction of the change. Mails written in a
 * transaction run by `transaction` here (booking, lifecycle, reminders) are dispatched once it has committed;
 * anything not dispatched is delivered by the outbox sweeper within seconds.
 */
export function createAppointmentMail(deps: {
  db: Db;
  mail: MailService;
  links: ManageLinks;
  clock: Clock;
  publicUrl: string;
  fromAddress: string;
}) {
  const { mail, links } = deps;
  /** The mails each transaction run by `transaction` below has written, dispatched once it has committed. */
  const queues = new WeakMap<Queryable, QueuedMail[]>();

  /**
   * Writes a mail in `tx`'s outbox; a transaction run by `transaction` dispatches it after its commit, any other
   * leaves it to the outbox sweeper (ADR 013's backstop).
   */
  async function enqueue(tx: Queryable, to: string, t: MailTemplate, o: { ref?: string; aboutUserId?: string } = {}) {
    const m = await mail.enqueue(tx, to, t, o);
    if (m) queues.get(tx)?.push(m);
  }

  const ics = (row: repo.LifecycleRow, cancelled: boolean) => [
    {
      filename: 'consultation.ics',
      contentType: `text/calendar; charset=utf-8; method=${calendarMethod(row, cancelled)}`,
      content: appointmentIcs(row, { cancelled, fromAddress: deps.fromAddress }),
    },
  ];

  /** Free times offered when a request is closed unconfirmed, each with its booking link (issue 25). */
  function nextTimeParts(row: repo.LifecycleRow, times: readonly Date[]): MailPart[] {
    if (!row.clinic_reference || times.length === 0) return [];
    const zone = row.time_zone ?? 'UTC';
    const book = (at: Date) =>
      `${deps.publicUrl}${WEB_PATHS.bookAppointment}?clinic=${encodeURIComponent(row.clinic_reference!)}` +
      `&date=${DateTime.fromJSDate(at, { zone }).toISODate()}`;
    return [
      line(`The next free times at ${row.clinic_name ?? 'the clinic'}:`),
      ...times.map((at) => link(whenText(at, zone), book(at))),
    ];
  }

  /** The parent's mail of a change; with the manage link while the visit is live and ahead. */
  function parentMail(
    row: repo.LifecycleRow,
    change: string,
    o: { previous?: Date; nextTimes?: readonly Date[] } = {},
  ): MailTemplate {
    const h = parentHeadline(change, row, o.previous, deps.clock.now());
    const withLink = LINKED_KINDS.includes(change) && row.status !== 'cancelled';
    const parts: MailPart[] = [line(`Hello ${row.name},`), line(h.lead), ...visitFacts(row)];
    if (withLink) parts.push(link('See, move or cancel your appointment', links.url(row)));
    if (change === 'cancelled') parts.push(...nextTimeParts(row, o.nextTimes ?? []));
    parts.push(line('Kindred passes your request to the clinic; the clinic provides the consultation.'));
    return appointmentMail(kindOf(change), h.subject, parts, {
      attachments: ics(row, row.status === 'cancelled'),
      ...(withLink ? { secrets: [links.token(row)] } : {}),
    });
  }

  function clinicMail(row: repo.LifecycleRow, change: string, previous?: Date): MailTemplate {
    const h = clinicHeadline(change, row, previous);
    const parts = [
      line(h.lead),
      ...visitFacts(row),
      link('Open the clinic portal', `${deps.publicUrl}${WEB_PATHS.clinicPortal}`),
    ];
    return appointmentMail(`clinic_${kindOf(change)}`, h.subject, parts, {
      attachments: ics(row, row.status === 'cancelled'),
    });
  }

  // A parent mail delivered after a restart: its token derives from the appointment (ref) again.
  for (const change of LINKED_KINDS)
    mail.onRefresh(kindOf(change), async (ref, stored) => {
      const row = await repo.findAppointment(deps.db, ref);
      if (!row) return null;
      // The current link: a mail written before the visit moved carries the link that works now.
      const token = links.token(row);
      const fill = (s: string) => s.split(WITHHELD).join(token);
      return {
        kind: kindOf(change),
        subject: fill(stored.subject),
        text: fill(stored.text),
        html: fill(stored.html),
        secrets: [token],
      };
    });

  const notify: AppointmentNotifier = async (tx, appointmentId, change, detail) => {
    if (SILENT.includes(change)) return;
    const row = await repo.findAppointment(tx, appointmentId);
    if (!row?.starts_at || !row.ends_at) return;
    const previous = detail?.previousStartsAt;
    await enqueue(tx, row.account_email, parentMail(row, change, { previous, nextTimes: detail?.nextTimes }), {
      ref: row.id,
    });
    if (row.clinic_id)
      for (const to of await repo.clinicAddresses(tx, row.clinic_id))
        await enqueue(tx, to, clinicMail(row, change, previous), { aboutUserId: row.user_id });
  };

  /**
   * The clinic's notice that a visit is off because the parent is closing their account (issue 25): the time and
   * clinician only, no name, contact, reason or visit type. Stored as mail about the parent (purged with them).
   */
  async function accountClosedNotice(tx: Queryable, row: repo.LifecycleRow): Promise<QueuedMail[]> {
    if (!row.clinic_id || !row.starts_at) return [];
    const when = whenText(row.starts_at, row.time_zone ?? 'UTC');
    const t = appointmentMail('clinic_appointment_withdrawn', `Consultation cancelled: ${when}`, [
      line(`The consultation on ${when}${row.clinician_name ? ` with ${row.clinician_name}` : ''} is cancelled.`),
      line('The parent withdrew it; the time is free again.'),
      link('Open the clinic portal', `${deps.publicUrl}${WEB_PATHS.clinicPortal}`),
    ]);
    const queued: QueuedMail[] = [];
    for (const to of await repo.clinicAddresses(tx, row.clinic_id)) {
      const m = await mail.enqueue(tx, to, t, { aboutUserId: row.user_id });
      if (m) queued.push(m);
    }
    return queued;
  }

  return {
    notify,
    accountClosedNotice,
    /** The reminder to the parent (`kind` 24h or 2h), written in `tx`. */
    async remind(tx: Queryable, row: repo.LifecycleRow, kind: '24h' | '2h') {
      await enqueue(tx, row.account_email, parentMail(row, `reminder_${kind}`), { ref: row.id });
    },
    /** Any mail of the appointment flow written in `tx` (a waitlist offer). */
    enqueue,
    /** Runs `fn` in a transaction and dispatches the mails it wrote once it has committed. */
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const queue: QueuedMail[] = [];
      const result = await deps.db.transaction((tx) => {
        queues.set(tx, queue);
        return fn(tx);
      });
      mail.dispatch(...queue);
      return result;
    },
  };
}
export type AppointmentMail = ReturnType<typeof createAppointmentMail>;
