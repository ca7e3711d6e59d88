import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import type { Queryable } from '../../../db/db.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import {
  findClinic,
  isActiveClinicianOf,
  listVisitTypes,
  loadSchedules,
  type ClinicRow,
  type VisitTypeRow,
} from './directory.repository.ts';
import { addDays, localDateOf, refuseSlot, type Slot, type SlotRules } from './slots.ts';

export const slotRulesOf = (v: VisitTypeRow): SlotRules => ({
  durationMinutes: v.duration_minutes,
  bufferBeforeMinutes: v.buffer_before_minutes,
  bufferAfterMinutes: v.buffer_after_minutes,
  minNoticeMinutes: v.min_notice_minutes,
  horizonDays: v.horizon_days,
});

export type CheckedSlot = { clinic: ClinicRow; visitType: VisitTypeRow; clinicianId: string; slot: Slot };

/**
 * Refuses, with the documented errors, a time that `computeSlots` would not offer at `now` for that clinician and
 * visit type of the clinic: unknown clinic 404 clinicNotFound; a visit type not of the clinic 404
 * visitTypeNotFound; a clinician not of the clinic 400 {clinician_id}; a past, too soon, too far or off-hours time
 * 400 {starts_at} (slotInPast, slotTooSoon, slotBeyondHorizon, slotUnavailable). Other appointments are not looked
 * at: an overlap is the exclusion constraint's to refuse (409 slotTaken), so a reschedule need not exclude the
 * appointment being moved (a row never conflicts with itself). Run it inside the transaction that writes.
 */
export async function checkSlot(
  q: Queryable,
  input: { clinic: string; visitTypeId: string; clinicianId: string; startsAt: Date; now: Date },
): Promise<CheckedSlot> {
  const clinic = await findClinic(q, input.clinic);
  if (!clinic) throw notFound(APPOINTMENT_MSG.clinicNotFound);
  const visitType = (await listVisitTypes(q, [clinic.id])).find((v) => v.id === input.visitTypeId);
  if (!visitType) throw notFound(APPOINTMENT_MSG.visitTypeNotFound);
  if (!(await isActiveClinicianOf(q, input.clinicianId, clinic.id)))
    throw fieldError('clinician_id', APPOINTMENT_MSG.slotUnavailable);
  const date = localDateOf(input.startsAt, clinic.time_zone);
  const schedule = (
    await loadSchedules(q, [input.clinicianId], {
      // From the previous date: a night shift that started then may hold this time (refuseSlot).
      fromDate: addDays(date, -1),
      toDate: addDays(date, 1),
      start: input.startsAt,
      end: input.startsAt,
      now: input.now,
    })
  ).get(input.clinicianId)!;
  const verdict = refuseSlot(
    {
      zone: clinic.time_zone,
      hours: schedule.hours,
      overrides: schedule.overrides,
      rules: slotRulesOf(visitType),
      now: input.now,
    },
    input.startsAt,
  );
  if ('refusal' in verdict) throw fieldError('starts_at', APPOINTMENT_MSG[verdict.refusal]);
  return { clinic, visitType, clinicianId: input.clinicianId, slot: verdict.slot };
}
