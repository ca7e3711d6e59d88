import {
  APPOINTMENT_MSG,
  type ClinicDetailDto,
  type ClinicSearchQuery,
  type ClinicSummaryDto,
  type SlotDto,
} from '@kindred/shared/appointments.schemas';
import type { z } from 'zod';
import type { availabilityQuery } from '@kindred/shared/appointments.schemas';
import type { Db } from '../../../db/db.ts';
import type { Clock } from '../../../lib/clock.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Geocoder } from '../../geocoding/geocoding.service.ts';
import {
  clinicRatings,
  findClinic,
  listClinicBanks,
  listClinicians,
  listClinics,
  listVisitTypes,
  loadSchedules,
  type ClinicRow,
  type ClinicianRow,
  type Schedule,
  type VisitTypeRow,
} from './directory.repository.ts';

export type { VisitTypeRow } from './directory.repository.ts';
import { slotRulesOf } from './slot-check.ts';
import { addDays, computeSlots, localDateOf } from './slots.ts';

const DEFAULT_DAYS = 7;
const NEXT_SLOTS = 3;
const DAY_MS = 86_400_000;
/** The longest booking horizon a visit type may have (migration 025's check). */
const MAX_HORIZON_DAYS = 365;

/** Great-circle distance in miles (haversine, mean Earth radius 3958.8 mi). */
export function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const visitTypeDto = (v: VisitTypeRow) => {
  const { clinic_id: _clinic, ...rest } = v;
  return rest;
};

type Window = { from: Date; to: Date };

/** The free slots of the clinic's clinicians for its visit types on one local date, in start order. */
function daySlots(
  clinic: ClinicRow,
  visitTypes: readonly VisitTypeRow[],
  clinicians: readonly ClinicianRow[],
  schedules: Map<string, Schedule>,
  at: { now: Date; fromDate: string },
): SlotDto[] {
  const out: (SlotDto & { t: number })[] = [];
  for (const v of visitTypes)
    for (const c of clinicians) {
      const s = schedules.get(c.id);
      if (!s) continue;
      const slots = computeSlots({ zone: clinic.time_zone, ...s, rules: slotRulesOf(v), ...at, days: 1 });
      for (const slot of slots)
        out.push({
          clinician_id: c.id,
          visit_type_id: v.id,
          starts_at: slot.startsAt.toISOString(),
          ends_at: slot.endsAt.toISOString(),
          t: slot.startsAt.getTime(),
        });
    }
  return out.sort((a, b) => a.t - b.t).map(({ t: _t, ...slot }) => slot);
}

/**
 * The free slots over `days` local dates, in start order (a later local date's slots all come later). With
 * `enough`, stops after the first date by which that many distinct start times were found (the search's next 3).
 */
function clinicSlots(
  clinic: ClinicRow,
  visitTypes: readonly VisitTypeRow[],
  clinicians: readonly ClinicianRow[],
  schedules: Map<string, Schedule>,
  at: { now: Date; fromDate: string; days: number; enough?: number },
): SlotDto[] {
  const out: SlotDto[] = [];
  const starts = new Set<string>();
  for (let i = 0; i < at.days; i++) {
    const day = daySlots(clinic, visitTypes, clinicians, schedules, { now: at.now, fromDate: addDays(at.fromDate, i) });
    out.push(...day);
    for (const s of day) starts.add(s.starts_at);
    if (at.enough !== undefined && starts.size >= at.enough) break;
  }
  return out;
}

/** The first `n` slots with distinct start times. */
function firstDistinct(slots: readonly SlotDto[], n: number): SlotDto[] {
  const seen = new Set<string>();
  const out: SlotDto[] = [];
  for (const s of slots) {
    if (seen.has(s.starts_at)) continue;
    seen.add(s.starts_at);
    out.push(s);
    if (out.length === n) break;
  }
  return out;
}

/**
 * The local dates [from, from + days] and the instants around them (a day's margin for any zone), cut to what can
 * hold a slot at all (from yesterday to the longest horizon ahead); null when nothing is left.
 */
function window(
  fromDates: readonly string[],
  days: number,
  now: Date,
): ({ fromDate: string; toDate: string } & Window) | null {
  const sorted = [...fromDates].sort();
  const today = now.toISOString().slice(0, 10);
  const first = [sorted[0]!, addDays(today, -2)].sort().at(-1)!;
  const last = [addDays(sorted.at(-1)!, days), addDays(today, MAX_HORIZON_DAYS + 2)].sort()[0]!;
  if (first > last) return null;
  return {
    fromDate: first,
    toDate: last,
    from: new Date(Date.parse(`${first}T00:00:00Z`) - DAY_MS),
    to: new Date(Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS),
  };
}

/** The schedules for a window, or none when the window holds no possible slot. */
const schedulesIn = async (
  db: Db,
  clinicianIds: readonly string[],
  w: ReturnType<typeof window>,
  now: Date,
): Promise<Map<string, Schedule>> =>
  w
    ? loadSchedules(db, clinicianIds, { fromDate: w.fromDate, toDate: w.toDate, start: w.from, end: w.to, now })
    : new Map();

/** Public clinic search, detail and availability (ADR 021): a handful of queries whatever the number of clinics. */
export function createClinicsService(deps: { db: Db; clock: Clock; geocoder: Geocoder }) {
  const { db, clock } = deps;

  /** Where the parent searched from: lat/lon, else the first place the location text names, else nowhere. */
  async function origin(q: ClinicSearchQuery): Promise<{ lat: number; lon: number } | null> {
    if (q.lat !== undefined && q.lon !== undefined) return { lat: q.lat, lon: q.lon };
    if (!q.location) return null;
    try {
      const place = (await deps.geocoder.autocomplete(q.location, 1))[0];
      return place ? { lat: place.lat, lon: place.lon } : null;
    } catch {
      return null;
    }
  }

  /** Summaries with their next slots from each clinic's `date` (its own today when absent). */
  async function summaries(
    clinics: readonly ClinicRow[],
    filter: { category?: VisitTypeRow['category']; mode?: VisitTypeRow['mode'] },
    date: string | undefined,
    days: number,
  ) {
    if (clinics.length === 0) return { items: [] as ClinicSummaryDto[], clinicians: [] as ClinicianRow[] };
    const now = clock.now();
    const ids = clinics.map((c) => c.id);
    const fromOf = new Map(clinics.map((c) => [c.id, date ?? localDateOf(now, c.time_zone)]));
    const w = window([...fromOf.values()], days, now);
    const [visitTypes, clinicians, ratings] = await Promise.all([
      listVisitTypes(db, ids, filter),
      listClinicians(db, ids),
      clinicRatings(db, ids),
    ]);
    const schedules = await schedulesIn(
      db,
      clinicians.map((c) => c.id),
      w,
      now,
    );
    const items = clinics.map((clinic): ClinicSummaryDto => {
      const types = visitTypes.filter((v) => v.clinic_id === clinic.id);
      const staff = clinicians.filter((c) => c.clinic_id === clinic.id);
      const slots = clinicSlots(clinic, types, staff, schedules, {
        now,
        fromDate: fromOf.get(clinic.id)!,
        days,
        enough: NEXT_SLOTS,
      });
      const rating = ratings.find((r) => r.clinic_id === clinic.id);
      return {
        reference_id: clinic.reference_id,
        name: clinic.name,
        address: clinic.address,
        city: clinic.city,
        state: clinic.state,
        time_zone: clinic.time_zone,
        specialties: clinic.specialties,
        photo_url: clinic.photo_url,
        is_fictional: clinic.is_fictional,
        distance_miles: null,
        rating: rating ? { average: Number(rating.average), count: Number(rating.count) } : null,
        visit_types: types.map(visitTypeDto),
        next_slots: firstDistinct(slots, NEXT_SLOTS),
      };
    });
    return { items, clinicians };
  }

  async function clinicOr404(referenceId: string): Promise<ClinicRow> {
    const clinic = await findClinic(db, referenceId);
    if (!clinic) throw notFound(APPOINTMENT_MSG.clinicNotFound);
    return clinic;
  }

  return {
    /** Clinics offering the category and mode, nearest first when a location is known (else by name). */
    async search(q: ClinicSearchQuery): Promise<ClinicSummaryDto[]> {
      const filter = { category: q.category, mode: q.mode };
      const [clinics, from] = await Promise.all([listClinics(db, filter), origin(q)]);
      const { items } = await summaries(clinics, filter, q.date, q.days ?? DEFAULT_DAYS);
      if (!from) return items;
      const withDistance = items.map((item, i) => {
        const c = clinics[i]!;
        const miles = milesBetween(from, { lat: c.latitude, lon: c.longitude });
        return { ...item, distance_miles: Math.round(miles * 10) / 10 };
      });
      return withDistance.sort((a, b) => a.distance_miles - b.distance_miles);
    },

    /** One clinic with its clinicians, banks, visit types and next free times (from today, a week ahead). */
    async detail(referenceId: string): Promise<ClinicDetailDto> {
      const clinic = await clinicOr404(referenceId);
      const [{ items, clinicians }, banks] = await Promise.all([
        summaries([clinic], {}, undefined, DEFAULT_DAYS),
        listClinicBanks(db, clinic.id),
      ]);
      return {
        ...items[0]!,
        description: clinic.description,
        banks,
        clinicians: clinicians.map(({ clinic_id: _c, ...c }) => c),
      };
    },

    /** The free slots of one visit type (and one clinician, when given) from a local date. */
    async availability(
      referenceId: string,
      q: z.infer<typeof availabilityQuery>,
    ): Promise<{ time_zone: string; slots: SlotDto[] }> {
      const clinic = await clinicOr404(referenceId);
      const visitType = (await listVisitTypes(db, [clinic.id])).find((v) => v.id === q.visit_type);
      if (!visitType) throw notFound(APPOINTMENT_MSG.visitTypeNotFound);
      const clinicians = (await listClinicians(db, [clinic.id])).filter(
        (c) => q.clinician === undefined || c.id === q.clinician,
      );
      if (clinicians.length === 0) throw notFound(APPOINTMENT_MSG.slotUnavailable);
      const days = q.days ?? DEFAULT_DAYS;
      const now = clock.now();
      const schedules = await schedulesIn(
        db,
        clinicians.map((c) => c.id),
        window([q.from], days, now),
        now,
      );
      const slots = clinicSlots(clinic, [visitType], clinicians, schedules, { now, fromDate: q.from, days });
      return { time_zone: clinic.time_zone, slots };
    },
  };
}
export type ClinicsService = ReturnType<typeof createClinicsService>;
