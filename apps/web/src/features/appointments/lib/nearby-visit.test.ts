import type { AppointmentDto } from '@kindred/shared/appointments.schemas';
import { describe, expect, it } from 'vitest';
import { nearbyVisit, nearbyVisitText } from './nearby-visit.ts';

const visit = (over: Partial<AppointmentDto>): AppointmentDto => ({
  id: 'a1',
  appointment_id: 'a1',
  booking_date: null,
  reason_for_consultation: 'Egg Donor',
  meeting_link: null,
  status: 'pending',
  clinic: 'CLN-NSC',
  created_at: '2026-11-20T10:00:00Z',
  clinic_name: 'Northside Fertility (fictional)',
  clinician_name: null,
  visit_type_name: null,
  visit_type_id: null,
  mode: null,
  starts_at: '2026-11-30T15:00:00Z',
  ends_at: null,
  time_zone: 'America/New_York',
  donor_reference: null,
  can_change: true,
  change_deadline: null,
  cancel_reason: null,
  cancelled_by: null,
  shared_shortlist: false,
  rating: null,
  ...over,
});

describe('a second visit with the same clinic within a day', () => {
  it('finds a live visit at the same clinic less than 24 hours away, before or after', () => {
    const mine = [visit({})];
    expect(nearbyVisit(mine, 'CLN-NSC', '2026-11-30T17:00:00Z')?.id).toBe('a1');
    expect(nearbyVisit(mine, 'CLN-NSC', '2026-11-29T15:30:00Z')?.id).toBe('a1');
    expect(nearbyVisit(mine, 'CLN-NSC', '2026-12-01T14:59:00Z')?.id).toBe('a1');
  });

  it('ignores other clinics, visits a day or more away, and visits that will not take place', () => {
    expect(nearbyVisit([visit({ clinic: 'CLN-LKC' })], 'CLN-NSC', '2026-11-30T17:00:00Z')).toBeNull();
    expect(nearbyVisit([visit({})], 'CLN-NSC', '2026-12-01T15:00:00Z')).toBeNull();
    for (const status of ['cancelled', 'completed', 'no_show', 'expired', 'held'])
      expect(nearbyVisit([visit({ status })], 'CLN-NSC', '2026-11-30T17:00:00Z')).toBeNull();
  });

  it('names the nearest one, its clinic, day and time in the parent zone', () => {
    const mine = [visit({ id: 'far', starts_at: '2026-11-30T09:00:00Z' }), visit({ id: 'near' })];
    const found = nearbyVisit(mine, 'CLN-NSC', '2026-11-30T16:00:00Z')!;
    expect(found.id).toBe('near');
    expect(nearbyVisitText(found, 'America/New_York')).toBe(
      'You already have a visit with Northside Fertility (fictional) on Mon 30 Nov at 10:00 (EST).',
    );
    expect(nearbyVisitText(found, 'Europe/London')).toBe(
      'You already have a visit with Northside Fertility (fictional) on Mon 30 Nov at 15:00 (GMT).',
    );
  });
});
