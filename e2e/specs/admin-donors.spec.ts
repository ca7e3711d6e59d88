import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, demoAdmin, signInViaUi, toast } from '../support/fixtures.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * The console's Donors page (issue 15): an admin filters the catalogue, dry-runs an import with a bad row (the
 * error table, its CSV download), imports, and changes availability one at a time and in bulk with a dry run.
 * The donors are the test's own (unavailable, so no other spec's matches change).
 */

const HEADER =
  'bank_donor_id,bank_name,clinic_reference_id,donor_type,disclosure,availability,family_limit,families_so_far,' +
  'last_medical_update,date_of_birth,location_city,location_state,location_country,location_lat,location_lon';

async function signInAsAdmin(page: Page) {
  await signInViaUi(page, demoAdmin);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin filters donors, dry-runs and runs an import, and changes availability', async ({ page }) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const bank = `E2E Console Bank ${tag} (fictional)`;
  const row = (id: string, type = 'egg') =>
    `E2E${tag}-${id},${bank},CLN-NSC,${type},ANON,unavailable,5,1,2025-09-01,1995-04-02,Boston,MA,US,42.36,-71.06`;
  const csv = [HEADER, row('1'), row('2', 'alien'), row('3')].join('\n');

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Donors' }).click();
  await expect(page).toHaveURL(/\/admin\/donors$/);
  await expect(page.getByRole('heading', { name: 'Donors', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Donors' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await expectNoAxeViolations(page, '/admin/donors');

  // The engine's filters: egg donors only.
  await pick(page, 'Donor type', 'Egg');
  await expect(table.getByRole('row').nth(1)).toContainText('Egg');
  const typeCells = table.getByRole('row').locator('td:nth-child(5)');
  await expect(typeCells.filter({ hasNotText: 'Egg' })).toHaveCount(0);

  // A dry run reports the bad row and writes nothing.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Donor file' }).click();
  await (await chooser).setFiles({ name: 'donors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Dry run', exact: true }).click();
  const report = page.getByRole('status').filter({ hasText: 'Dry run' });
  await expect(report).toContainText('2 donors (2 new, 0 updated) would be imported; 1 rows were rejected');
  const errors = page.getByRole('table', { name: 'Row errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('donor_type');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download errors (CSV)' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text).toMatch(/^row,field,error\r\n2,donor_type,"?must be one of: egg, sperm, surrogate"?\r\n$/);
  await page.getByRole('textbox', { name: 'Reference or bank id' }).fill(`E2E${tag}`);
  await pick(page, 'Donor type', 'Egg'); // still egg
  await expect(page.getByText('No donors match these filters.')).toBeVisible();

  // The real import.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 donors' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(bank);
  await expectNoAxeViolations(page, '/admin/donors after an import');

  // One donor's availability.
  const first = table.getByRole('row').nth(1);
  const ref = (await first.getByRole('cell').nth(1).textContent())!.trim();
  await page.getByRole('combobox', { name: `Availability of ${ref}` }).click();
  await page.getByRole('option', { name: 'Reserved', exact: true }).click();
  await expect(toast(page, `${ref} is now reserved.`)).toBeVisible();

  // Both in bulk: the dry run first, then the change.
  await page.getByRole('checkbox', { name: 'Select all donors on this page' }).check();
  await pick(page, 'New availability', 'Reserved');
  await page.getByRole('region', { name: 'Bulk change' }).getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'would be set to reserved' })).toContainText(
    '1 donor would be set to reserved; 1 donor already reserved. Nothing was written.',
  );
  await page.getByRole('button', { name: 'Apply to 2 donors' }).click();
  await expect(toast(page, '1 donor set to reserved; 1 donor already reserved.')).toBeVisible();
  await pick(page, 'Availability', 'Reserved');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('combobox', { name: /^Availability of/ }).first()).toHaveValue('Reserved');
});
