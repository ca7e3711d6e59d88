import { DateTime } from 'luxon';
import { escapeHtml, layout, type MailTemplate } from '../../mail/mail.templates.ts';
import { placeOf } from './appointment.ics.ts';
import type { LifecycleRow } from '../lifecycle/lifecycle.repository.ts';

/**
 * The texts of appointment mails (ADR 021). No health detail in any of them: never the reason for consultation,
 * the donor, the visit type's name (it can name a donor type) or a free-text cancellation note; the visit is "a
 * consultation". Times are in the clinic's zone, named, and in UTC.
 */

/** "Wednesday 2 December 2026, 09:00 (America/Chicago time; 15:00 UTC)", the UTC date added when it differs. */
export function whenText(at: Date, zone: string): string {
  const local = DateTime.fromJSDate(at, { zone });
  const utc = DateTime.fromJSDate(at, { zone: 'utc' });
  const utcDay = utc.toISODate() === local.toISODate() ? '' : ` on ${utc.toFormat('d LLLL yyyy')}`;
  return `${local.toFormat('cccc d LLLL yyyy, HH:mm')} (${zone} time; ${utc.toFormat('HH:mm')} UTC${utcDay})`;
}

/**
 * The gap to a visit as a reminder says it (issue 25): "in 40 minutes" under 90 minutes, else "today at 14:30 CST",
 * "tomorrow at 09:00 CST" or "on Friday 4 December at 09:00 CST", by the dates of the clinic's zone (the zone every
 * appointment mail names), never "tomorrow" for a visit today.
 */
export function gapText(at: Date, now: Date, zone: string): string {
  const minutes = Math.max(1, Math.round((at.getTime() - now.getTime()) / 60_000));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const local = DateTime.fromJSDate(at, { zone }).setLocale('en-US');
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const days = Math.round(local.startOf('day').diff(today, 'days').days);
  const time = local.toFormat('HH:mm ZZZZ');
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  return `on ${local.toFormat('cccc d LLLL')} at ${time}`;
}

export type MailPart = { text: string; html?: string };
const line = (text: string): MailPart => ({ text });
const link = (label: string, url: string): MailPart => ({
  text: `${label}: ${url}`,
  html: `${escapeHtml(label)}: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`,
});

/** A mail of parts: the text joins them, the HTML escapes each (or uses its html). */
export function appointmentMail(
  kind: string,
  subject: string,
  parts: MailPart[],
  extra: Pick<MailTemplate, 'secrets' | 'attachments'> = {},
): MailTemplate {
  return {
    kind,
    subject,
    text: parts.map((p) => p.text).join('\n\n'),
    html: layout(
      subject,
      parts.map((p) => p.html ?? escapeHtml(p.text)),
    ),
    ...extra,
  };
}

/** When, where and with whom, as both sides read it. */
export function visitFacts(row: LifecycleRow): MailPart[] {
  const zone = row.time_zone ?? 'UTC';
  const parts = [
    line(`When: ${whenText(row.starts_at!, zone)}`),
    line(`Where: ${placeOf(row)}${row.mode === 'video' ? '' : ` (${row.clinic_name ?? 'the clinic'})`}`),
  ];
  if (row.clinician_name) parts.push(line(`With: ${row.clinician_name}`));
  if (row.mode === 'video' && row.meeting_link && row.status !== 'cancelled')
    parts.push(link('Join the video call', row.meeting_link));
  return parts;
}

export type Headline = { subject: string; lead: string };

/** What each change says to the parent. */
export function parentHeadline(change: string, row: LifecycleRow, previous?: Date, now = new Date()): Headline {
  const clinic = row.clinic_name ?? 'the clinic';
  const zone = row.time_zone ?? 'UTC';
  switch (change) {
    case 'booked':
      if (row.status === 'confirmed')
        return {
          subject: `Your consultation at ${clinic} is confirmed`,
          lead: `Your consultation at ${clinic} is booked and confirmed.`,
        };
      return {
        subject: `Your consultation request at ${clinic}`,
        lead: `Your request for a consultation at ${clinic} has been sent. The clinic will confirm it.`,
      };
    case 'confirmed':
      return { subject: `Your consultation at ${clinic} is confirmed`, lead: `${clinic} confirmed your consultation.` };
    case 'meeting_link':
      return { subject: `The video link for your consultation at ${clinic}`, lead: 'The clinic added the video link.' };
    case 'rescheduled':
      return {
        subject: `Your consultation at ${clinic} has moved`,
        lead:
          `Your consultation has moved${previous ? ` from ${whenText(previous, zone)}` : ''}.` +
          (row.status === 'pending' ? ' The clinic will confirm the new time.' : ''),
      };
    case 'cancelled':
      return {
        subject: `Your consultation at ${clinic} is cancelled`,
        lead:
          row.cancelled_by === 'clinic'
            ? `${clinic} cancelled your consultation. Sign in to Kindred to see their note and book another time.`
            : row.cancelled_by === 'system'
              ? `${clinic} did not confirm your request in time, so it was cancelled. Please book another time.`
              : 'Your consultation is cancelled, as you asked.',
      };
    default: {
      // reminder_24h and reminder_2h: the time is worded by the real gap, not by the reminder's kind.
      const gap = gapText(row.starts_at!, now, zone);
      const pending = row.status === 'pending' ? ' The clinic has not confirmed it yet.' : '';
      const lead = change === 'reminder_24h' ? `A reminder of your visit: it is ${gap}.` : `Your visit is ${gap}.`;
      return { subject: `Reminder: your consultation at ${clinic} is ${gap}`, lead: lead + pending };
    }
  }
}

const CANCELLED_BY: Record<string, string> = {
  clinic: 'by the clinic',
  parent: 'by the parent',
  system: 'not confirmed in time',
};

/** What each change says to the clinic. */
export function clinicHeadline(change: string, row: LifecycleRow, previous?: Date): Headline {
  const when = whenText(row.starts_at!, row.time_zone ?? 'UTC');
  switch (change) {
    case 'booked':
      return { subject: `New consultation request for ${when}`, lead: `${row.name} asked for a consultation.` };
    case 'confirmed':
      return { subject: `Consultation confirmed for ${when}`, lead: `The consultation with ${row.name} is confirmed.` };
    case 'meeting_link':
      return { subject: `Video link saved for ${when}`, lead: `The video link for ${row.name} is saved.` };
    case 'rescheduled':
      return {
        subject: `Consultation moved to ${when}`,
        lead: `The consultation with ${row.name} has moved${previous ? ` from ${whenText(previous, row.time_zone ?? 'UTC')}` : ''}.`,
      };
    default:
      return {
        subject: `Consultation cancelled: ${when}`,
        lead: `The consultation with ${row.name} is cancelled (${CANCELLED_BY[row.cancelled_by ?? 'parent']}).`,
      };
  }
}

export { line, link };
