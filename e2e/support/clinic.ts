import type { APIRequestContext, Page } from '@playwright/test';
import { demoAdmin, expect, newUser, signInViaApi, type NewUser } from './fixtures.ts';
import { decodedText, waitForMail } from './mail.ts';

/**
 * Clinic-side helpers for the appointment specs (issue 14): a clinic staff account made the way an admin makes one
 * (invitation mail, set-password link), and visits that start soon. The e2e server runs on the real clock, so a
 * visit that is due for a reminder, or that has started and can be completed, is made the honest way: the clinic
 * adds a short visit type with no minimum notice and extra hours today, as its staff could in the portal.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export type Staff = NewUser & { token: string; clinic: string };

/** An admin invites staff for `clinic`; the invitation link sets their password; returns them signed in. */
export async function clinicStaffViaApi(request: APIRequestContext, clinic: string): Promise<Staff> {
  const staff = newUser({ firstName: 'Casey', lastName: 'Morgan' });
  const admin = await signInViaApi(request, demoAdmin);
  const invite = await request.post(`/api/v1/admin/clinics/${clinic}/staff/`, {
    headers: auth(admin),
    data: { email: staff.email, first_name: staff.firstName, last_name: staff.lastName },
  });
  expect(invite.status(), `invitation: ${await invite.text()}`).toBe(201);
  const mail = await waitForMail(staff.email, /clinic portal/);
  const token = /\/clinic\/invitation\?token=([^\s"<>&]+)/.exec(decodedText(mail.raw))?.[1];
  expect(token, 'a set-password link in the invitation').toBeTruthy();
  const accept = await request.post('/api/v1/auth/invitation/accept/', {
    data: { token: decodeURIComponent(token!), new_password: staff.password, confirm_password: staff.password },
  });
  expect(accept.status(), `accept: ${await accept.text()}`).toBe(200);
  return { ...staff, token: await signInViaApi(request, staff), clinic };
}

/** Signs staff in through the login screen; they land on the portal. */
export async function signInAsStaff(page: Page, staff: Pick<NewUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/clinic$/, { timeout: 10_000 });
}

/** A short in-person visit type that can be booked right up to its start (created once per clinic, then reused). */
export const QUICK_VISIT = {
  name: 'E2E quick check-in, in person, 5 min',
  category: 'general',
  mode: 'in_person',
  duration_minutes: 5,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 2,
  change_notice_minutes: 0,
  active: true,
} as const;

export async function quickVisitType(request: APIRequestContext, staff: Staff): Promise<string> {
  const list = await request.get('/api/v1/clinic/visit-types/', { headers: auth(staff.token) });
  expect(list.status(), await list.text()).toBe(200);
  const known = ((await list.json()).visit_types as { id: string; name: string; active: boolean }[]).find(
    (t) => t.name === QUICK_VISIT.name && t.active,
  );
  if (known) return known.id;
  const res = await request.post('/api/v1/clinic/visit-types/', { headers: auth(staff.token), data: QUICK_VISIT });
  expect(res.status(), `visit type: ${await res.text()}`).toBe(201);
  return (await res.json()).visit_type.id as string;
}

type ClinicInfo = { time_zone: string; banks: string[]; import_bank: string | null; reference_id: string };

export async function clinicInfo(request: APIRequestContext, staff: Staff): Promise<ClinicInfo> {
  const res = await request.get('/api/v1/clinic/', { headers: auth(staff.token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).clinic as ClinicInfo;
}

/**
 * Extra hours for every clinician of the clinic, from `fromMinutes` to `fromMinutes + lengthMinutes` after now on
 * the clinic's wall clock (whole minutes, rounded up). Hours cannot run past midnight: when they would, they start
 * at the next midnight instead (still a time that lies ahead).
 */
/** The wall clock of `at` in `zone`: date YYYY-MM-DD, time HH:MM and minutes since midnight. */
export function wallClock(at: Date, zone: string): { date: string; time: string; minuteOfDay: number } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    minuteOfDay: Number(p.hour) * 60 + Number(p.minute),
  };
}

export async function addExtraHours(
  request: APIRequestContext,
  staff: Staff,
  fromMinutes: number,
  lengthMinutes: number,
): Promise<string[]> {
  const { time_zone: zone } = await clinicInfo(request, staff);
  const minute = 60_000;
  let startAt = new Date((Math.floor(Date.now() / minute) + fromMinutes + 1) * minute);
  const local = wallClock(startAt, zone).minuteOfDay;
  if (local + lengthMinutes >= 24 * 60) startAt = new Date(startAt.getTime() + (24 * 60 - local) * minute);
  const start = wallClock(startAt, zone);
  const end = wallClock(new Date(startAt.getTime() + lengthMinutes * minute), zone);
  const schedule = await request.get('/api/v1/clinic/schedule/', { headers: auth(staff.token) });
  expect(schedule.status(), await schedule.text()).toBe(200);
  const ids: string[] = [];
  for (const c of (await schedule.json()).clinicians as { id: string }[]) {
    const res = await request.post('/api/v1/clinic/overrides/', {
      headers: auth(staff.token),
      data: {
        clinician_id: c.id,
        on_date: start.date,
        kind: 'extra',
        start_time: start.time,
        end_time: end.time,
        note: 'e2e',
      },
    });
    expect(res.status(), `extra hours: ${await res.text()}`).toBe(201);
    ids.push((await res.json()).override.id as string);
  }
  return ids;
}

/**
 * Removes extra hours added by `addExtraHours` (booked visits stay). A later test's hours would otherwise join them,
 * and free times are counted from the start of the joined hours: its first time could lie minutes further ahead.
 */
export async function removeExtraHours(request: APIRequestContext, staff: Staff, ids: string[]): Promise<void> {
  for (const id of ids) {
    const res = await request.delete(`/api/v1/clinic/overrides/${id}/`, { headers: auth(staff.token) });
    expect([200, 204], `remove extra hours: ${await res.text()}`).toContain(res.status());
  }
}

/** A booked visit: its id, the reference the clinic sees (`appointment_id`), start and clinician. */
export type Booked = { id: string; appointment_id: string; starts_at: string; clinician_id: string };

export type Slot = { clinician_id: string; visit_type_id: string; starts_at: string; ends_at: string };

/** The clinic's free times of `visitTypeId` from today (its zone) over two days, in start order. */
export async function freeTimes(request: APIRequestContext, clinic: string, visitTypeId: string): Promise<Slot[]> {
  const detail = await request.get(`/api/v1/clinics/${clinic}/`);
  const zone = (await detail.json()).clinic.time_zone as string;
  const res = await request.get(`/api/v1/clinics/${clinic}/availability/`, {
    params: { visit_type: visitTypeId, from: wallClock(new Date(), zone).date, days: '2' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).slots as Slot[];
}

/**
 * Books the earliest free time of `visitTypeId` that `accept`s, for the parent behind `token`. Specs run in
 * parallel on one server and may want the same time: a 409 (just taken) reads the free times again.
 */
export async function bookEarliest(
  request: APIRequestContext,
  parent: { token: string; email: string },
  clinic: string,
  visitTypeId: string,
  accept: (slot: Slot) => boolean,
): Promise<Booked> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const slot = (await freeTimes(request, clinic, visitTypeId)).find(accept);
    expect(slot, `a free time at ${clinic} for the quick visit`).toBeTruthy();
    const res = await request.post('/api/v1/appointments/create/', {
      headers: auth(parent.token),
      data: {
        name: 'Robin Okafor',
        email: parent.email,
        reason_for_consultation: 'IVF consultation',
        clinic,
        visit_type_id: visitTypeId,
        clinician_id: slot!.clinician_id,
        starts_at: slot!.starts_at,
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), `booking: ${await res.text()}`).toBe(201);
    const { appointment: a } = (await res.json()) as { appointment: Omit<Booked, 'clinician_id'> };
    return { id: a.id, appointment_id: a.appointment_id, starts_at: a.starts_at, clinician_id: slot!.clinician_id };
  }
  throw new Error(`no free time at ${clinic} could be booked in 8 attempts`);
}

/** The appointment id a parent mail is about: its manage link's token is `<appointment id>.<signature>`. */
export function appointmentIdOf(raw: string): string | null {
  return /\/appointments\/manage\?token=([0-9a-f-]{36})\./.exec(decodedText(raw))?.[1] ?? null;
}
