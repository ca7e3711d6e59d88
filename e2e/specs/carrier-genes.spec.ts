import { expectNoAxeViolations } from '../support/axe.ts';
import { test, expect, demoAdmin, signInViaApi, toast } from '../support/fixtures.ts';
import { parentOnPlan } from '../support/matches.ts';
import { GENETICS_ESTIMATE_NOTE } from '@kindred/shared/genetics';
import { journeyTimeout } from '../support/time.ts';

/**
 * Carrier screening at gene level (issue 24): a parent enters their own screen on the profile (keyboard and screen
 * reader labels, axe clean), and the donor page compares them with a donor, gene by gene, even when the donor's
 * bank reported an HBB variant under a condition name (hemoglobin E) and the parent gave the gene (HBB, HbC).
 */

const REF = 'KSG24HBE1';
/** A sperm donor whose bank reported "hemoglobin E" by condition name; cystic fibrosis tested negative. */
const DONOR_CSV = [
  'bank_donor_id,bank_name,clinic_reference_id,donor_type,disclosure,availability,family_limit,families_so_far,' +
    'last_medical_update,date_of_birth,race,ethnicity,hair_color,eye_color,height_in,education,reference_id,' +
    'carrier_hemoglobin_e,carrier_cystic_fibrosis',
  `E2E-HBE-1,E2E Gene Bank,CLN-LKC,sperm,OPEN,available,10,0,2026-10-01,1995-05-05,white,not_hispanic_latino,red,amber,75,doctorate,${REF},carrier,not_carrier`,
].join('\n');

/** A search only a red-haired, amber-eyed, tall sperm donor passes: the imported donor comes first. */
const PREFS = {
  donor_type_preference: 'sperm',
  dealbreakers: 'yes',
  preferred_races: ['white'],
  preferred_hair_colors: ['red'],
  preferred_eye_colors: ['amber'],
  preferred_height_ranges: ['73-77'],
  ethnicity_no_preference: true,
  age_no_preference: true,
  user_genetic_conditions: ['none_known'],
  location: 'Austin, TX, United States',
  latitude: 30.27,
  longitude: -97.74,
};

test('own screening on the profile, then the donor page’s per-gene table puts HbC × HbE first', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(120_000));
  const admin = await signInViaApi(request, demoAdmin);
  const imported = await request.post('/api/v1/admin/donors/import/', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { format: 'csv', data: DONOR_CSV },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).errors).toEqual([]);

  const parent = await parentOnPlan(page, request, 'premium', PREFS);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your own carrier screening' });
  await expect(section).toBeVisible();

  // Saving without an answer names the question and moves focus to it.
  await section.getByRole('button', { name: 'Save carrier screening' }).click();
  await expect(section.getByText('Please tell us whether you know your screening panel.')).toBeVisible();
  await section.getByRole('radio', { name: "I don't know" }).check();
  await section.getByRole('checkbox', { name: /^HBB:/ }).check();
  await section.getByRole('combobox', { name: 'Your HBB variant' }).click();
  await page.getByRole('option', { name: 'HbC' }).click();
  await expectNoAxeViolations(page, '/profile (own carrier screening)');
  await section.getByRole('button', { name: 'Save carrier screening' }).click();
  await expect(toast(page, 'Your carrier screening has been saved.')).toBeVisible();

  // The parent's matches now rank with the screen: the imported donor is revealed, then opened.
  const found = await request.post('/api/v1/donors/find-matches/', {
    headers: { Authorization: `Bearer ${parent.token}` },
    data: { profile_id: await parent.savePreferences(PREFS) },
  });
  expect(found.status()).toBe(200);
  expect((await found.json()).matches.map((m: { donor_reference_id: string }) => m.donor_reference_id)).toContain(REF);

  await page.goto(`/donors/${REF}`);
  const table = page.getByTestId('gene-table');
  await expect(table).toBeVisible({ timeout: 15_000 });
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toContainText('HBB');
  await expect(first).toContainText('Carrier: HbC');
  await expect(first).toContainText('Carrier: HbE');
  await expect(first).toContainText('Both carriers, milder outcome');
  // Genes the parent was not tested for are unknown, never compatible.
  await expect(table.getByTestId('gene-row-CFTR')).toContainText('Unknown: you were not tested');
  await expect(table).not.toContainText(/compatible/i);
  await expect(page.getByText(GENETICS_ESTIMATE_NOTE)).toBeVisible();
  await expectNoAxeViolations(page, `/donors/${REF} (per-gene table)`);
});
