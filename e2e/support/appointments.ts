import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { expect, toast } from './fixtures.ts';

/** Helpers for the appointment specs (issue 14): free times and bookings through the API, and the modal. */

type Slot = { clinician_id: string; visit_type_id: string; starts_at: string; ends_at: string };
type VisitType = { id: string; category: string; active: boolean };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The clinic's free times for its first active visit (of `category` when given), from tomorrow on. */
export async function freeSlots(request: APIRequestContext, clinic: string, category?: string): Promise<Slot[]> {
  const detail = await request.get(`/api/v1/clinics/${clinic}/`);
  expect(detail.status(), await detail.text()).toBe(200);
  const types = ((await detail.json()).clinic.visit_types as VisitType[]).filter((t) => t.active);
  const visit = types.find((t) => t.category === category) ?? types[0]!;
  const from = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  const res = await request.get(`/api/v1/clinics/${clinic}/availability/`, {
    params: { visit_type: visit.id, from, days: '14' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).slots as Slot[];
}

/** Books `slot` at `clinic` for the parent behind `token`, as another browser would. */
export async function bookViaApi(
  request: APIRequestContext,
  token: string,
  clinic: string,
  slot: Slot,
  email = 'robin@example.test',
) {
  const res = await request.post('/api/v1/appointments/create/', {
    headers: auth(token),
    data: {
      name: 'Robin Okafor',
      email,
      reason_for_consultation: 'IVF consultation',
      clinic,
      visit_type_id: slot.visit_type_id,
      clinician_id: slot.clinician_id,
      starts_at: slot.starts_at,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export const bookingDialog = (page: Page) => page.getByRole('dialog', { name: 'Book An Appointment' });

/**
 * Picks the `index`-th time of the day shown in an open dialog (its "Time" radio group) by clicking the chip's label,
 * as a parent does; returns the time's text.
 */
export async function pickTime(page: Page, dialogName: string, index = 0, expectHeld = true): Promise<string> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const times = dialog.getByRole('group', { name: /^Time/ }).getByRole('radio');
  await expect(times.first()).toBeAttached({ timeout: 10_000 });
  // The first free day may have fewer times than `index` asks for (late in the day, a short Saturday): take the
  // first day that has enough, as a parent would.
  const days = dialog.getByRole('group', { name: /^Date/ }).getByRole('radio');
  for (let day = 1; (await times.count()) <= index && day < (await days.count()); day++) {
    const dayId = await days.nth(day).getAttribute('id');
    await dialog.locator(`label[for="${dayId}"]`).click();
    await expect(days.nth(day)).toBeChecked();
    await expect(times.first()).toBeAttached({ timeout: 10_000 });
  }
  const id = await times.nth(index).getAttribute('id');
  const label = dialog.locator(`label[for="${id}"]`);
  const text = (await label.innerText()).trim();
  await label.click();
  if (expectHeld) await expect(times.nth(index)).toBeChecked();
  return text;
}

/** The parent's appointments as the API lists them. */
export async function myAppointments(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/appointments/my-appointments/', { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).appointments as { id: string; status: string; starts_at: string; clinic: string }[];
}

/**
 * From the appointment's actions in `scope` (a profile row or the manage page): moves it to another free time, checks
 * through the API that it moved, then cancels it (with `reason` when given) after the confirmation.
 */
export async function rescheduleThenCancel(
  page: Page,
  scope: Locator | Page,
  movedFrom: () => Promise<string>,
  before: string,
  reason?: string,
) {
  await scope.getByRole('button', { name: /^Reschedule/ }).click();
  await pickTime(page, 'Choose a new time', 1);
  await page
    .getByRole('dialog', { name: 'Choose a new time' })
    .getByRole('button', { name: 'Move appointment' })
    .click();
  await expect(toast(page, APPOINTMENT_MSG.rescheduled)).toBeVisible();
  await expect.poll(movedFrom).not.toBe(before);

  await scope.getByRole('button', { name: /^Cancel the appointment/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  if (reason) await confirm.getByLabel('Reason (optional)').fill(reason);
  await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(page, APPOINTMENT_MSG.cancelled)).toBeVisible();
}
