import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  addExtraHours,
  bookEarliest,
  clinicInfo,
  clinicStaffViaApi,
  quickVisitType,
  removeExtraHours,
  signInAsStaff,
  type Booked,
  type Slot,
  type Staff,
} from '../support/clinic.ts';
import {
  dismissCompleteProfileDialog,
  expect,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  test,
  toast,
  verifyEmailViaApi,
} from '../support/fixtures.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * The clinic's Appointments tab after the visit (issue 14): staff mark one visit completed and another a no-show once
 * they have started, and cancel a third with a reason; the parent then rates the completed visit in Appointment Info
 * (3 of 5 until they choose). And the Bank donors tab's import with its row-error table. Visits that have started
 * are real: the clinic adds a 5-minute visit type with no minimum notice and extra hours starting in two minutes.
 */

// Clinics no other spec books at (the reminders spec shares CLN-SFC); repeats of the test take turns.
const CLINICS = ['CLN-MSA', 'CLN-PSB', 'CLN-SFC'] as const;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** axe once the toasts have gone (a toast fading out is briefly its own contrast failure). */
async function axeSettled(page: Page, label: string) {
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page, label);
}

async function verifiedParent(request: APIRequestContext) {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  return { ...user, token: await signInViaApi(request, user) };
}

const card = (page: Page, visit: Booked) => page.getByRole('article', { name: `Appointment ${visit.appointment_id}` });

test('clinic staff complete one visit, mark a no-show and cancel with a reason; the parent rates the visit', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // The visits start about two minutes after they are booked (up to six inside the clinic's own hours, whose grid
  // the extra hours then join): the test waits for their start.
  test.setTimeout(journeyTimeout(480_000));
  const clinic = CLINICS[testInfo.repeatEachIndex % CLINICS.length]!;
  const staff = await clinicStaffViaApi(request, clinic);
  const visitType = await quickVisitType(request, staff);
  const hours = await addExtraHours(request, staff, 2, 15);
  try {
    await visitsAfterTheirStart(page, browser, request, clinic, staff, visitType);
  } finally {
    await removeExtraHours(request, staff, hours);
  }
});

async function visitsAfterTheirStart(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  clinic: string,
  staff: Staff,
  visitType: string,
) {
  const parent = await verifiedParent(request);

  // Two visits at the first free time from 90 s on (two clinicians), and one to cancel before its start.
  const fromNow = (ms: number) => (s: Slot) => Date.parse(s.starts_at) >= Date.now() + ms;
  const attended = await bookEarliest(request, parent, clinic, visitType, fromNow(90_000));
  const missed = await bookEarliest(request, parent, clinic, visitType, fromNow(90_000));
  const cancelled = await bookEarliest(request, parent, clinic, visitType, fromNow(90_000));
  // The clinic confirms all three: a request never confirmed is closed by the system at its confirmation deadline,
  // halfway to a start this close (ADR 021), which could come before this test cancels it by hand.
  for (const v of [attended, missed, cancelled]) {
    const res = await request.post(`/api/v1/clinic/appointments/${v.id}/confirm/`, {
      headers: auth(staff.token),
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // Before the visit, the parent cannot rate it.
  const parentContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.77.1.20' } });
  const parentPage = await parentContext.newPage();
  await signInViaUi(parentPage, parent);
  await dismissCompleteProfileDialog(parentPage);
  const info = parentPage.getByRole('region', { name: 'Appointment Info' });
  await expect(info.getByTestId('appointment-row')).toHaveCount(3);
  await expect(info.getByRole('radio')).toHaveCount(0);
  await expect(info.getByText('Rate your visit')).toHaveCount(0);

  await signInAsStaff(page, staff);
  // The cancel: the reason is required, then the card says it.
  await expect(card(page, cancelled)).toContainText('Confirmed');
  await card(page, cancelled).getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the appointment' });
  await axeSettled(page, '/clinic cancel dialog');
  await cancel.getByRole('button', { name: 'Cancel the appointment' }).click();
  await expect(cancel.getByRole('alert')).toHaveText('Please give the parent a reason.');
  await cancel.getByLabel('Reason (the parent sees it)').fill('The clinician is unwell today.');
  await cancel.getByRole('button', { name: 'Cancel the appointment' }).click();
  await expect(cancel).toBeHidden();
  await expect(card(page, cancelled)).toContainText('Cancelled');
  await expect(card(page, cancelled)).toContainText('Cancelled: The clinician is unwell today.');
  await expect(card(page, cancelled).getByRole('button')).toHaveCount(0);

  // Completed and no-show are offered once the visit has started (the product counts that time).
  await expect(card(page, attended)).toContainText('Confirmed');
  await expect(card(page, attended).getByRole('button', { name: 'Complete' })).toHaveCount(0);
  const start = Math.max(Date.parse(attended.starts_at), Date.parse(missed.starts_at));
  await page.waitForTimeout(Math.max(0, start - Date.now() + 1_000));
  await page.reload();

  await card(page, attended).getByRole('button', { name: 'Complete' }).click();
  const complete = page.getByRole('dialog', { name: 'Mark as completed' });
  await expect(complete).toContainText('The visit took place.');
  await expectNoAxeViolations(page, '/clinic complete dialog');
  await complete.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(toast(page, APPOINTMENT_MSG.completed)).toBeVisible();
  await expect(card(page, attended)).toContainText('Completed');
  await expect(card(page, attended).getByRole('button')).toHaveCount(0);

  await card(page, missed).getByRole('button', { name: 'No-show' }).click();
  const noShow = page.getByRole('dialog', { name: 'Mark as no-show' });
  await expect(noShow).toContainText('The parent did not attend.');
  await expectNoAxeViolations(page, '/clinic no-show dialog');
  await noShow.getByRole('button', { name: 'Mark as no-show' }).click();
  await expect(toast(page, APPOINTMENT_MSG.noShow)).toBeVisible();
  await expect(card(page, missed)).toContainText('No-show');
  await axeSettled(page, '/clinic appointments after the visits');

  // The parent's Appointment Info: the completed visit can be rated, 3 of 5 until they choose.
  await parentPage.reload();
  await dismissCompleteProfileDialog(parentPage);
  const row = (text: string) => info.getByTestId('appointment-row').filter({ hasText: text });
  await expect(row('no-show')).toHaveCount(1);
  await expect(row('cancelled')).toHaveCount(1);
  await expect(row('no-show').getByRole('radio')).toHaveCount(0);
  const stars = row('completed');
  await expect(row('completed')).toContainText('Rate your visit');
  await expect(stars.getByRole('radio', { name: '3' })).toBeChecked();
  await expectNoAxeViolations(parentPage, "the profile's Appointment Info with a completed visit");
  // Mantine's stars are visually hidden radios under their labels: click the fifth star as a parent does.
  const five = stars.getByRole('radio', { name: '5' });
  await parentPage.locator(`label[for="${await five.getAttribute('id')}"]`).click();
  await expect(toast(parentPage, APPOINTMENT_MSG.rated)).toBeVisible();
  await expect(five).toBeChecked();
  await expect(row('completed')).toContainText('Your rating');
  // The clinic's stars in search now read the parents' ratings (this spec's parents all give 5).
  const detail = await (await request.get(`/api/v1/clinics/${clinic}/`)).json();
  expect(detail.clinic.rating).toMatchObject({ average: 5 });
  expect(detail.clinic.rating.count).toBeGreaterThanOrEqual(1);
  const mine = await (
    await request.get('/api/v1/appointments/my-appointments/', { headers: auth(parent.token) })
  ).json();
  expect(mine.appointments.find((a: { id: string }) => a.id === attended.id)).toMatchObject({
    status: 'completed',
    rating: 5,
  });
  expect(mine.appointments.find((a: { id: string }) => a.id === cancelled.id)).toMatchObject({
    status: 'cancelled',
  });
  await parentContext.close();
}

test("a clinic imports its bank's donors from the Bank donors tab; the bad row is listed, the good one added", async ({
  page,
  request,
}) => {
  const staff = await clinicStaffViaApi(request, CLINICS[1]);
  const { import_bank: bank, reference_id: clinic } = await clinicInfo(request, staff);
  expect(bank, 'the account imports for one of its banks').toBeTruthy();
  const id = `E2E-${Date.now().toString(36)}`;
  const header =
    'bank_donor_id,bank_name,clinic_reference_id,donor_type,disclosure,availability,family_limit,families_so_far,' +
    'last_medical_update,date_of_birth,display_name,height_in';
  const row = (donor: string, type: string) =>
    `${donor},"${bank}",${clinic},${type},ANON,available,6,1,2025-06-01,1998-03-14,Jordan Example,66`;
  const csv = [header, row(`${id}-1`, 'egg'), row(`${id}-2`, 'alien')].join('\n');

  await signInAsStaff(page, staff);
  await page.getByRole('tab', { name: 'Bank donors' }).click();
  const list = page.getByRole('region', { name: "Your banks' donors" });
  await expect(list.getByText(/^\d+ donors$/)).toBeVisible();
  const before = Number((await list.getByText(/^\d+ donors$/).innerText()).split(' ')[0]);

  await page
    .getByRole('region', { name: 'Import donors' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'donors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const result = page.getByRole('region', { name: 'Import donors' }).getByRole('status');
  await expect(result).toContainText('Imported 1 donors (1 new, 0 updated); 1 rows were rejected.');
  const errors = page.getByRole('table', { name: 'Row errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '2',
    'donor_type',
    'must be one of: egg, sperm, surrogate',
  ]);
  // The list reloads with the new donor (other tests may import at the same time: at least one more).
  await expect
    .poll(async () => Number((await list.getByText(/^\d+ donors$/).innerText()).split(' ')[0]))
    .toBeGreaterThan(before);
  // (The import's result is a status region that stays: no toast to wait for here.)
  await expectNoAxeViolations(page, '/clinic donors after an import with a bad row');
});
