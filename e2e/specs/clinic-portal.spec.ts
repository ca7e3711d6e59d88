import type { APIRequestContext, Page } from '@playwright/test';
import { CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  test,
  expect,
  demoAdmin,
  dismissCompleteProfileDialog,
  newUser,
  type NewUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  verifyEmailViaApi,
  toast,
} from '../support/fixtures.ts';
import { decodedText, waitForMail } from '../support/mail.ts';

/**
 * Clinic accounts and the clinic portal (issue 14): an admin invites staff at /admin/clinics, the invitation mail's
 * link sets the password, staff sign in and land on /clinic, edit their hours, and confirm a parent's booking
 * with a meeting link; the parent then sees "confirmed".
 */

const CLINIC = 'CLN-NSC';
const IMPORT_HEADER =
  'bank_donor_id,bank_name,clinic_reference_id,donor_type,disclosure,availability,family_limit,families_so_far,' +
  'last_medical_update,date_of_birth,location_city,location_state,location_country,location_lat,location_lon';

/** axe once the toasts have gone (a toast fading out is briefly its own contrast failure). */
async function axeSettled(page: Page, label: string) {
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page, label);
}

const myAppointments = async (request: APIRequestContext, token: string) =>
  (
    await (
      await request.get('/api/v1/appointments/my-appointments/', { headers: { Authorization: `Bearer ${token}` } })
    ).json()
  ).appointments;

/** A parent books the clinic's first free video slot through the API; returns the parent and their token. */
async function bookAsParent(request: APIRequestContext): Promise<{ parent: NewUser; token: string }> {
  const parent = newUser();
  await signUpViaApi(request, parent);
  await verifyEmailViaApi(request, parent.email);
  const token = await signInViaApi(request, parent);
  const detail = await (await request.get(`/api/v1/clinics/${CLINIC}/`)).json();
  const visit = detail.clinic.visit_types.find((v: { mode: string; active: boolean }) => v.mode === 'video');
  expect(visit, 'a video visit type at the demo clinic').toBeTruthy();
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const slots = await (
    await request.get(`/api/v1/clinics/${CLINIC}/availability/?visit_type=${visit.id}&from=${from}&days=7`)
  ).json();
  const slot = slots.slots[0];
  expect(slot, 'a free slot').toBeTruthy();
  const res = await request.post('/api/v1/appointments/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `${parent.firstName} ${parent.lastName}`,
      email: parent.email,
      phone_number: '',
      reason_for_consultation: 'sperm',
      clinic: CLINIC,
      visit_type_id: slot.visit_type_id,
      clinician_id: slot.clinician_id,
      starts_at: slot.starts_at,
    },
  });
  expect(res.status(), `booking: ${await res.text()}`).toBe(201);
  return { parent, token };
}

test('an admin invites clinic staff, who set a password, land on /clinic, edit hours and confirm a booking', async ({
  page,
  browser,
  request,
}) => {
  const staff = newUser({ firstName: 'Casey', lastName: 'Morgan' });

  // The admin invites from /admin/clinics.
  await signInViaUi(page, demoAdmin);
  await page.goto('/admin/clinics');
  await expect(page.getByRole('heading', { name: 'Clinics', level: 1 })).toBeVisible();
  await axeSettled(page, '/admin/clinics');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Choose a clinic.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Clinic' }).click();
  await page.getByRole('option', { name: new RegExp(`\\(${CLINIC}\\)`) }).click();
  await page.getByLabel('First name').fill(staff.firstName);
  await page.getByLabel('Last name').fill(staff.lastName);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, CLINIC_MSG.invited)).toBeVisible();
  const section = page.getByRole('region', { name: /Northstar/ });
  await expect(section.getByRole('row', { name: new RegExp(staff.email) })).toContainText('Invited');

  // The invitation mail's link, opened in a fresh browser (no admin session).
  const mail = await waitForMail(staff.email, /clinic portal/);
  const link = /(http:\/\/[^\s"<>]+\/clinic\/invitation\?token=[^\s"<>]+)/.exec(decodedText(mail.raw))?.[1];
  expect(link, 'a set-password link').toBeTruthy();
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.9' } });
  const staffPage = await context.newPage();
  await staffPage.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(staffPage.getByText(staff.email)).toBeVisible();
  await expectNoAxeViolations(staffPage, '/clinic/invitation');
  await staffPage.getByLabel('New Password', { exact: true }).fill(staff.password);
  await staffPage.getByLabel('Confirm Password', { exact: true }).fill(staff.password);
  await staffPage.getByRole('button', { name: 'Set password' }).click();
  // Issue 25: the password set, staff land signed in on the portal, not on the sign-in screen.
  await expect(staffPage).toHaveURL(/\/clinic$/, { timeout: 15_000 });
  await expect(staffPage.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  await expect(staffPage.getByRole('heading', { name: 'Clinic portal', level: 1 })).toBeVisible();
  await expect(staffPage.getByRole('link', { name: 'Clinic portal' })).toBeVisible();
  await expect(staffPage.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await axeSettled(staffPage, '/clinic appointments');

  // Schedule: add Saturday hours to the first clinician and save; they are there after a reload.
  await staffPage.getByRole('tab', { name: 'Schedule' }).click();
  const week = staffPage.getByRole('region', { name: /^Weekly hours of / }).first();
  await week.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await week.getByLabel('Saturday interval 1 start').fill('10:00');
  await week.getByLabel('Saturday interval 1 end').fill('13:00');
  await week.getByRole('button', { name: /^Save hours of / }).click();
  await expect(toast(staffPage, CLINIC_MSG.scheduleSaved)).toBeVisible();
  await axeSettled(staffPage, '/clinic schedule');
  await staffPage.reload();
  await expect(
    staffPage
      .getByRole('region', { name: /^Weekly hours of / })
      .first()
      .getByLabel('Saturday interval 1 end'),
  ).toHaveValue('13:00');

  await staffPage.getByRole('tab', { name: 'Shared shortlists' }).click();
  await expect(staffPage.getByText(CLINIC_MSG.noShortlists)).toBeVisible();
  await axeSettled(staffPage, '/clinic shortlists');
  await staffPage.getByRole('tab', { name: 'Bank donors' }).click();
  await expect(staffPage.getByRole('heading', { name: "Your banks' donors" })).toBeVisible();
  await expect(staffPage.getByRole('cell', { name: /Northstar/ }).first()).toBeVisible();
  await axeSettled(staffPage, '/clinic donors');
  // Issue 25: the console's import, dry run included; the bank's values in any case.
  const bankName = (await staffPage
    .getByRole('cell', { name: /Northstar/ })
    .first()
    .textContent())!.trim();
  const donorCsv = [
    IMPORT_HEADER,
    `E2E-${Date.now()},${bankName.toUpperCase()},CLN-NSC,EGG,anon,Unavailable,5,1,2025-09-01,1995-04-02,Boston,MA,US,42.36,-71.06`,
  ].join('\n');
  const chooser = staffPage.waitForEvent('filechooser');
  await staffPage.getByRole('button', { name: 'Donor file' }).click();
  await (await chooser).setFiles({ name: 'donors.csv', mimeType: 'text/csv', buffer: Buffer.from(donorCsv) });
  await staffPage.getByRole('button', { name: 'Dry run', exact: true }).click();
  await expect(staffPage.getByRole('status').filter({ hasText: 'Dry run' })).toContainText(
    '1 donors (1 new, 0 updated) would be imported. Nothing was written.',
  );
  // The import's report is a status region that stays (no toast to wait for).
  await expectNoAxeViolations(staffPage, '/clinic donors after a dry run');

  // A parent books through the API; the clinic confirms with a meeting link; the parent sees "confirmed".
  const { parent, token: parentToken } = await bookAsParent(request);
  await staffPage.getByRole('tab', { name: 'Appointments' }).click();
  const card = staffPage.getByRole('article').filter({ hasText: 'Pending' }).first();
  await expect(card).toBeVisible();
  await axeSettled(staffPage, '/clinic appointments with a booking');
  await card.getByRole('button', { name: 'Confirm' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Confirm the appointment' });
  await dialog.getByLabel('Meeting link').fill('https://meet.example.com/kindred-e2e');
  await expectNoAxeViolations(staffPage, '/clinic confirm dialog');
  await dialog.getByRole('button', { name: 'Confirm the appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(staffPage.getByRole('article').filter({ hasText: 'meet.example.com/kindred-e2e' })).toContainText(
    'Confirmed',
  );

  const before = (await myAppointments(request, parentToken))[0].starts_at as string;

  // The clinic moves it to another free time (the public availability route lists them).
  await staffPage
    .getByRole('article')
    .filter({ hasText: 'Confirmed' })
    .first()
    .getByRole('button', { name: 'Reschedule' })
    .click();
  const move = staffPage.getByRole('dialog', { name: 'Move the appointment' });
  const times = move.getByRole('radiogroup', { name: 'New time' }).getByRole('radio');
  // Chips: the radio input itself is visually hidden under its label.
  await expect(times.first()).toBeAttached();
  await axeSettled(staffPage, '/clinic reschedule dialog');
  // Click the chip (the label of the fourth free time).
  await move.locator(`label[for="${await times.nth(3).getAttribute('id')}"]`).click();
  await expect(times.nth(3)).toBeChecked();
  await move.getByRole('button', { name: 'Move the appointment' }).click();
  await expect(move).toBeHidden();
  await expect.poll(async () => (await myAppointments(request, parentToken))[0].starts_at).not.toBe(before);

  const mine = await (
    await request.get('/api/v1/appointments/my-appointments/', { headers: { Authorization: `Bearer ${parentToken}` } })
  ).json();
  expect(mine.appointments[0]).toMatchObject({
    status: 'confirmed',
    meeting_link: 'https://meet.example.com/kindred-e2e',
  });
  await context.close();

  // The parent sees it in Appointment Info: confirmed, with the meeting link.
  const parentContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.10' } });
  const parentPage = await parentContext.newPage();
  await signInViaUi(parentPage, parent);
  await dismissCompleteProfileDialog(parentPage);
  const row = parentPage.getByRole('region', { name: 'Appointment Info' }).getByTestId('appointment-row').first();
  await expect(row).toContainText('confirmed');
  await expect(row.getByRole('link', { name: 'Join meeting' })).toHaveAttribute(
    'href',
    'https://meet.example.com/kindred-e2e',
  );
  await parentContext.close();
});

test('a junk invitation link says so clearly', async ({ page }) => {
  await page.goto('/clinic/invitation?token=not-a-real-token');
  await expect(page.getByRole('alert')).toContainText(CLINIC_MSG.invitationInvalid);
  await expectNoAxeViolations(page, '/clinic/invitation (junk token)');
});
