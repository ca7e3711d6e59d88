import ICAL from 'ical.js';
import { decodeQuotedPrintable, type StoredMail } from './mail.ts';

/** The text/calendar part of a stored message (the .ics), decoded, or null. */
export function icsOf(mail: StoredMail): string | null {
  const part = /Content-Type:\s*text\/calendar[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(mail.raw);
  if (!part) return null;
  const headers = /Content-Type:\s*text\/calendar[^]*?\r?\n\r?\n/i.exec(mail.raw)![0];
  const body = part[1]!;
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return /Content-Transfer-Encoding:\s*quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
}

/** What a calendar program reads from an .ics: METHOD, and the event's UID, SEQUENCE, STATUS and start. */
export function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: String(event.component.getFirstPropertyValue('status') ?? ''),
    start: event.startDate.toJSDate().toISOString(),
  };
}
