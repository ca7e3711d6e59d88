import { DateTime } from 'luxon';
import { escapeHtml, layout, type MailTemplate } from '../mail/mail.templates.ts';
import { placeOf } from './appointment.ics.ts';
import type { LifecycleRow } from './lifecycle.repository.ts';

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
export function parentHeadline(change: string, row: LifecycleRow, previous?: Date): Headline {
  const clinic = row.clinic_name ?? 'the clinic';
  const zone = row.time_zone ?? 'UTC';
  switch (change) {
    case 'booked':
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
              ? `${clinic} did not confirm your request before its time, so it is closed. Please book another time.`
              : 'Your consultation is cancelled, as you asked.',
      };
    case 'reminder_24h':
      return { subject: `Reminder: your consultation at ${clinic} is tomorrow`, lead: 'A reminder of your visit.' };
    default:
      return { subject: `Reminder: your consultation at ${clinic} starts soon`, lead: 'Your visit is in 2 hours.' };
  }
}

const CANCELLED_BY: Record<string, string> = {
  clinic: 'by the clinic',
  parent: 'by the parent',
  system: 'not confirmed before its time',
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
