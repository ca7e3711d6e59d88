import type { VisitTypeDto } from '@kindred/shared/appointments.schemas';

/**
 * What the parent chose in the booking modal, kept in the address bar (?book=…) so that a visitor who signs in
 * comes back to the same clinic, visit and time.
 */
export type BookingChoice = {
  clinic: string;
  visitTypeId?: string;
  clinicianId?: string;
  startsAt?: string;
  /** Booking from a match: the donor's reference and type. */
  doner?: string;
  donorType?: string;
  /** A waitlist offer's hold (the offer mail's link): the modal opens on the time held for the parent. */
  offer?: string;
};

const KEYS = {
  clinic: 'book',
  visitTypeId: 'visit',
  clinicianId: 'clinician',
  startsAt: 'at',
  doner: 'doner',
  donorType: 'donor_type',
  offer: 'offer',
} as const;

export function choiceFromParams(params: URLSearchParams): BookingChoice | null {
  // The waitlist offer mail links with ?clinic=…&date=…&offer=…; ?book=… is this page's own.
  const clinic = (params.get(KEYS.clinic) ?? params.get('clinic'))?.trim();
  if (!clinic) return null;
  const choice: BookingChoice = { clinic: clinic.slice(0, 50) };
  for (const [field, key] of Object.entries(KEYS) as [keyof BookingChoice, string][]) {
    const v = params.get(key);
    if (field !== 'clinic' && v) choice[field] = v.slice(0, 80);
  }
  return choice;
}

export function choiceToParams(choice: BookingChoice): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(KEYS) as [keyof BookingChoice, string][]) {
    const v = choice[field];
    if (v) out[key] = v;
  }
  return out;
}

export function withoutChoice(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...Object.values(KEYS), 'clinic']) next.delete(key);
  return next;
}

/** The visit offered first: the chosen one, else the first active one of the wanted category, else any active one. */
export function defaultVisitType(
  types: readonly VisitTypeDto[],
  wanted?: string,
  category?: string,
): VisitTypeDto | undefined {
  const active = types.filter((t) => t.active);
  return (
    active.find((t) => t.id === wanted) ??
    active.find((t) => category !== undefined && t.category === category) ??
    active[0]
  );
}
