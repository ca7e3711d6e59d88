import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, demoAdmin, signInViaUi } from '../support/fixtures.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/** The console's Clinics page (issue 15): an admin creates a clinic, a clinician and a visit type, and links a bank. */

async function signInAsAdmin(page: Page) {
  await signInViaUi(page, demoAdmin);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('an admin creates a clinic with a clinician and a visit type and links a bank', async ({ page }) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const ref = `CLN-E2E${tag}`;
  const name = `Harbour Fertility ${tag} (fictional)`;
  const bank = `E2E Link Bank ${tag} (fictional)`;

  await signInAsAdmin(page);
  await page.goto('/admin/clinics');
  await expect(page.getByRole('heading', { name: 'Clinics', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage clinics' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/clinics');

  // A bad time zone and a missing name are refused in the form.
  await page.getByRole('button', { name: 'New clinic' }).click();
  await page.getByRole('button', { name: 'Create clinic' }).click();
  await expect(page.getByText('Give the clinic name.')).toBeVisible();
  await expect(page.getByText('Choose a time zone such as America/New_York.')).toBeVisible();

  await page.getByLabel('Reference').fill(ref);
  await page.getByLabel('Clinic name').fill(name);
  await page.getByLabel('Street address').fill('12 Quay Street');
  await page.getByLabel('City').fill('Boston');
  await page.getByLabel('State').fill('MA');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/New_Y');
  await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
  await page.getByRole('checkbox', { name: 'IVF' }).check();
  await page.getByRole('button', { name: 'Create clinic' }).click();
  // The first geocoding of a server's life loads the gazetteer: allow a loaded machine its time.
  await expect(page.getByRole('combobox', { name: 'Open for editing' })).toHaveValue(`${name} (${ref})`, {
    timeout: 30_000,
  });
  await expect(page.getByText(/Coordinates 42\.\d+, -71\.\d+/)).toBeVisible();
  await expect(page.getByRole('region', { name })).toContainText(`${ref} · Boston, MA · America/New_York`);

  // A clinician.
  const clinician = page.getByRole('form', { name: 'Add a clinician' });
  // Nothing filled in: the messages, and focus on the first field to fix.
  await clinician.getByRole('button', { name: 'Add clinician' }).click();
  await expect(clinician.getByText('Give the clinician’s name.')).toBeVisible();
  await expect(clinician.getByLabel('Clinician name')).toBeFocused();
  await clinician.getByLabel('Clinician name').fill('Dr. Noor Hale');
  await clinician.getByLabel('Title').fill('Reproductive endocrinologist');
  await clinician.getByRole('button', { name: 'Add clinician' }).click();
  await expect(page.getByRole('table', { name: 'Clinicians' })).toContainText(
    'Dr. Noor HaleReproductive endocrinologistEnglish',
  );
  // Deactivated and back: the badge says the state, the button's name starts with its visible word.
  const clinicians = page.getByRole('table', { name: 'Clinicians' });
  await expect(clinicians.getByRole('row', { name: /Dr\. Noor Hale/ })).toContainText('Active');
  await clinicians.getByRole('button', { name: 'Deactivate Dr. Noor Hale' }).click();
  await expect(clinicians.getByRole('row', { name: /Dr\. Noor Hale/ })).toContainText('Inactive');
  await clinicians.getByRole('button', { name: 'Activate Dr. Noor Hale' }).click();
  await expect(clinicians.getByRole('button', { name: 'Deactivate Dr. Noor Hale' })).toBeVisible();

  // A visit type (the portal's rules).
  const visit = page.getByRole('form', { name: 'Add a visit type' });
  await visit.getByLabel('Visit type name').fill('Intro call');
  await visit.getByLabel('Duration (minutes)').fill('45');
  // Issue 25: the clinic's choice between confirming requests and instant confirmation.
  await visit.getByRole('combobox', { name: 'Confirmation', exact: true }).click();
  await page.getByRole('option', { name: 'Instant confirmation' }).click();
  await visit.getByRole('button', { name: 'Add visit type' }).click();
  const types = page.getByRole('table', { name: 'Visit types' });
  await expect(types).toContainText('Intro call');
  await expect(types).toContainText('45 min');
  const confirmation = types.getByRole('combobox', { name: 'Confirmation of Intro call' });
  await expect(confirmation).toHaveValue('Instant confirmation');
  // Changed in the table: saved on the server (the clinic is read again after each change).
  await confirmation.click();
  await page.getByRole('option', { name: 'Confirm requests' }).click();
  await expect(confirmation).toHaveValue('Confirm requests');
  await expectNoAxeViolations(page, '/admin/clinics visit types with confirmation');

  // A partner bank.
  await page.getByRole('combobox', { name: 'Banks', exact: true }).fill(bank);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save banks' }).click();
  await expect(page.getByRole('region', { name })).toContainText(`Banks: ${bank}`);

  // Edit: the clinic moves to Chicago.
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').fill('IL');
  await page.getByRole('button', { name: 'Save clinic' }).click();
  await expect(page.getByText(/Coordinates 41\.\d+, -87\.\d+/)).toBeVisible();
  await expectNoAxeViolations(page, '/admin/clinics with a clinic open');
});
