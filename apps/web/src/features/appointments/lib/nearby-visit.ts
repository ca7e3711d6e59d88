import type { AppointmentDto } from '@kindred/shared/appointments.schemas';
import { formatClock, formatDay, parentZone, zoneAbbreviation } from '../../../lib/zoned-time.ts';

/** Visits that still take place: a second one near them is worth a word before booking. */
const LIVE = new Set(['pending', 'confirmed']);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The parent's live visit with the same clinic starting less than a day before or after `startsAt`, the nearest
 * first, or null. Booking twice with one clinic within a day is most often a slip (a second tab, a retry), so the
 * modal asks first (issue 24); it is not forbidden.
 */
export function nearbyVisit(
  mine: readonly AppointmentDto[],
  clinic: string,
  startsAt: string,
): (AppointmentDto & { starts_at: string }) | null {
  const at = Date.parse(startsAt);
  if (Number.isNaN(at)) return null;
  const near = mine
    .filter((a): a is AppointmentDto & { starts_at: string } => a.clinic === clinic && LIVE.has(a.status))
    .filter((a) => a.starts_at !== null && Math.abs(Date.parse(a.starts_at) - at) < DAY_MS)
    .sort((a, b) => Math.abs(Date.parse(a.starts_at) - at) - Math.abs(Date.parse(b.starts_at) - at));
  return near[0] ?? null;
}

/** "You already have a visit with Northside Fertility on Mon 30 Nov at 10:00 (CST)." in the parent's zone. */
export function nearbyVisitText(visit: AppointmentDto & { starts_at: string }, zone: string = parentZone()): string {
  const clinic = visit.clinic_name ?? 'this clinic';
  const when = `${formatDay(visit.starts_at, zone)} at ${formatClock(visit.starts_at, zone)} (${zoneAbbreviation(visit.starts_at, zone)})`;
  return `You already have a visit with ${clinic} on ${when}.`;
}
