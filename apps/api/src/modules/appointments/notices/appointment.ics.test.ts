import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentIcs, calendarName } from './appointment.ics.ts';
import type { LifecycleRow } from '../lifecycle/lifecycle.repository.ts';

const row = (over: Partial<LifecycleRow>) =>
  ({
    id: '6f1c2a5e-0000-4000-8000-000000000001',
    sequence: 0,
    status: 'pending',
    mode: 'in_person',
    starts_at: new Date('2026-12-01T15:00:00Z'),
    ends_at: new Date('2026-12-01T16:00:00Z'),
    clinic_name: 'Lakeside Fertility',
    clinic_address: '1 Lake St',
    clinic_city: 'Chicago',
    clinic_state: 'IL',
    clinic_email: 'desk@lakeside.example',
    meeting_link: null,
    name: 'Avery Quinn',
    account_email: 'avery@example.com',
    ...over,
  }) as LifecycleRow;

/** The calendar as a strict parser (ical.js) reads it: method, organizer and every attendee with its CN. */
function read(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const event = cal.getFirstSubcomponent('vevent')!;
  const people = (name: string) =>
    event.getAllProperties(name).map((p) => ({ value: String(p.getFirstValue()), cn: p.getParameter('cn') }));
  return { method: cal.getFirstPropertyValue('method'), organizer: people('organizer'), attendees: people('attendee') };
}

describe('appointment .ics names and organizer (issue 25)', () => {
  it('a name with a quote, ; or : stays one attendee with its own address', () => {
    const ics = appointmentIcs(
      row({ name: 'Eve" ;RSVP=TRUE:mailto:evil@example.net', clinic_name: 'Clinic "A"; B: C\u0007' }),
      { cancelled: false, fromAddress: 'no-reply@kindred.example' },
    );
    const cal = read(ics);
    expect(cal.attendees).toHaveLength(1);
    expect(cal.attendees[0]!.value.toLowerCase()).toBe('mailto:avery@example.com');
    expect(cal.attendees[0]!.cn).toBe('Eve RSVP=TRUE mailto evil@example.net');
    expect(cal.organizer).toEqual([
      { value: expect.stringMatching(/^mailto:desk@lakeside\.example$/i), cn: 'Clinic A B C' },
    ]);
    expect(cal.method).toBe('REQUEST');
    // No escaped quote anywhere: RFC 5545 has none, and a strict parser ends the value there.
    expect(ics).not.toContain('\\"');
  });

  it('the clinic organizes; a clinic without its own address publishes, never a no-reply REQUEST', () => {
    const noAddress = read(
      appointmentIcs(row({ clinic_email: null }), { cancelled: false, fromAddress: 'no-reply@kindred.example' }),
    );
    expect(noAddress.method).toBe('PUBLISH');
    expect(noAddress.organizer[0]!.cn).toBe('Lakeside Fertility');
    const cancelled = read(appointmentIcs(row({}), { cancelled: true, fromAddress: 'no-reply@kindred.example' }));
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.organizer[0]!.value.toLowerCase()).toBe('mailto:desk@lakeside.example');
  });

  it('keeps ordinary names and falls back when nothing is left', () => {
    expect(calendarName("Zoë O'Neil-Smith", 'Patient')).toBe("Zoë O'Neil-Smith");
    expect(calendarName('";:', 'Patient')).toBe('Patient');
    expect(calendarName(null, 'Clinic')).toBe('Clinic');
  });
});
