import { expectNoAxeViolations } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  newUser,
  signUpViaApi,
  signInViaApi,
  signInViaUi,
  grantHealthConsent,
  toast,
  getLocalStorage,
  afterReload,
  type NewUser,
} from '../support/fixtures.ts';
import { check, forward, group, setSlider, stepHeading, subscribe } from '../support/wizard.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * The parent's work is never lost (issue 10): 'Edit preferences' reopens the saved set and saving updates it;
 * answers a visitor gave survive sign-up and 'Complete Now'; switching egg → surrogate after finishing forces the
 * Pregnancy History step before submit; a picked suggestion's coordinates are saved, and a Chicago parent on
 * Premium sees Chicago surrogates first.
 */

type Place = { typed: string; option: string };
const AUSTIN: Place = { typed: 'Austi', option: 'Austin, TX, United States' };
const CHICAGO: Place = { typed: 'Chica', option: 'Chicago, IL, United States' };
const DEALBREAKERS = 'Which of these are dealbreakers?';

const chip = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button', { name: new RegExp(`^\\d+\\. ${title}`) });
const row = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
const expectStep = (page: Page, title: string) => expect(stepHeading(page)).toHaveText(title);

/** The signed-in parent's access token as the web app keeps it. */
async function tokenOf(page: Page): Promise<string> {
  const token = await getLocalStorage(page, 'userToken');
  expect(token).toBeTruthy();
  return token!;
}

async function apiGet(page: Page, url: string) {
  const res = await page.request.get(url, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

async function pickPlace(page: Page, place: Place) {
  const box = page.getByRole('combobox', { name: 'Your location' });
  await box.fill(place.typed);
  await page.getByRole('option', { name: place.option, exact: true }).click();
  await expect(box).toHaveValue(place.option);
}

async function answerWelcome(page: Page, place: Place, donorType: string) {
  await expectStep(page, 'Welcome Board');
  await pickPlace(page, place);
  await check(page, 'Which donor are you looking for?', donorType);
}

/** Demographic: `race` or No Preference everywhere; dealbreakers Yes (with Height unticked and details) or No. */
async function answerDemographic(page: Page, opts: { race?: string; dealbreakers: 'Yes' | 'No'; details?: string }) {
  await expectStep(page, 'Demographic');
  await check(page, 'Race', opts.race ?? 'No Preference');
  for (const g of ['Ethnicity', 'Hair colour', 'Eye colour', 'Height (inches)', 'Age range'])
    await check(page, g, 'No Preference');
  await page
    .getByRole('radiogroup', { name: 'Are any of these preferences dealbreakers?' })
    .getByRole('radio', { name: opts.dealbreakers })
    .check();
  if (opts.dealbreakers === 'Yes') {
    const attributes = group(page, DEALBREAKERS).getByRole('checkbox');
    await expect(attributes).toHaveCount(5);
    for (const box of await attributes.all()) await expect(box).toBeChecked();
    await group(page, DEALBREAKERS).getByRole('checkbox', { name: 'Height', exact: true }).uncheck();
    if (opts.details) await page.getByRole('textbox', { name: 'Dealbreaker details' }).fill(opts.details);
  }
}

async function answerMedical(page: Page) {
  await expectStep(page, 'Medical & Genetic');
  await check(page, 'Genetic Screening Preferences', 'None Known');
  await check(page, 'Medical History', 'Hypertension');
}

async function answerPregnancy(page: Page) {
  await expectStep(page, 'Pregnancy History');
  await check(page, 'Pregnancy history', 'No preference');
  await check(page, 'Pregnancy complication history', 'Complications are acceptable');
}

/** Lifestyle: `education`, No Preference elsewhere; alcohol use (optional, beyond the spec) only when given. */
async function answerLifestyle(page: Page, education = 'College', alcohol?: string) {
  await expectStep(page, 'Lifestyle');
  await check(page, 'Minimum education level', education);
  for (const g of ['Smoking history', 'Recreational drugs', 'Regular exercise']) await check(page, g, 'No Preference');
  if (alcohol) await check(page, 'Alcohol use', alcohol);
}

async function answerValues(page: Page, postMatch: 'Yes' | 'No') {
  await expectStep(page, 'Values and Legal');
  await check(page, 'Religion', 'No Preference');
  await page
    .getByRole('radiogroup', { name: 'Are you interested in post-match communication with the donor?' })
    .getByRole('radio', { name: postMatch })
    .check();
  const insurance = page.getByRole('radiogroup', {
    name: 'Surrogate must have their own health insurance covering pregnancy?',
  });
  if (await insurance.count()) await insurance.getByRole('radio', { name: 'No' }).check();
}

/** A new parent, signed in, on the wizard's first step. */
async function signedInOnWizard(page: Page, request: Parameters<typeof signUpViaApi>[0]): Promise<NewUser> {
  const user = newUser();
  await signUpViaApi(request, user);
  // The wizard's consent question has its own spec (wizard.spec.ts): these parents gave it already.
  await grantHealthConsent(request, await signInViaApi(request, user));
  await signInViaUi(page, user);
  await page.goto('/profile-steps');
  return user;
}

test('Edit preferences opens the saved set prefilled; saving updates that same set', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(150_000));
  await signedInOnWizard(page, request);

  await test.step('a parent completes the wizard (Values at 0%, one dealbreaker unticked) and subscribes', async () => {
    await answerWelcome(page, AUSTIN, 'Egg Donor');
    await forward(page, 'Continue').click();
    await answerDemographic(page, { race: 'White', dealbreakers: 'Yes', details: 'Height is flexible for us.' });
    await forward(page, 'Continue').click();
    await answerMedical(page);
    await forward(page, 'Continue').click();
    // Alcohol use sits beside smoking and drugs; it is optional, and the draft keeps the answer.
    await expect(page.locator('fieldset > legend')).toHaveText([
      'Minimum education level',
      'Smoking history',
      'Recreational drugs',
      'Alcohol use',
      'Regular exercise',
    ]);
    await answerLifestyle(page, 'College', 'Social drinking is fine');
    expect(await getLocalStorage(page, 'alcohol_use_preference')).toBe(JSON.stringify('social'));
    await forward(page, 'Continue').click();
    await answerValues(page, 'Yes');
    // The slider's first mark, '0% · Not Important', is a valid answer.
    await setSlider(page.getByRole('slider', { name: 'How important are values and legal factors to you?' }), 'Home');
    await expect(page.getByText('0% · Not Important', { exact: true })).toBeVisible();
    await forward(page, 'Continue').click();
    await expect(page.getByText('Please select a valid age.', { exact: true })).toHaveCount(0);
    await expectStep(page, 'Review Your Preferences');
    await expect(row(page, 'Dealbreakers')).toContainText(
      'These are dealbreakers: race, ethnicity, hair colour and eye colour.',
    );
    await expect(row(page, 'Dealbreaker details')).toContainText('Height is flexible for us.');
    await expect(row(page, 'Values importance')).toContainText('0%');
    await expect(row(page, 'Alcohol use')).toContainText('Social drinking is fine');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/fertility-profile/create/'));
    await forward(page, 'Submit').click();
    expect((await sent).postDataJSON()).toMatchObject({ alcohol_use_preference: 'social' });
    await expect(toast(page, 'Your preferences were saved.')).toBeVisible();
    await subscribe(page, 'trial');
  });

  const profileId = (await getLocalStorage(page, 'profileId'))!;
  expect(profileId).toMatch(/^[0-9a-f-]{36}$/);

  await test.step("'Edit preferences' opens the wizard on Review with the saved answers (after a failed load and Try again)", async () => {
    // The first load fails: an error with Try again, then the set.
    let failed = false;
    await page.route(`**/api/v1/fertility-profile/${profileId}/`, async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Service unavailable.' }),
      });
    });
    await page.getByRole('link', { name: 'Edit preferences' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile-steps\\?edit=${profileId}$`));
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load your saved preferences' });
    await expect(alert).toContainText('Service unavailable.');
    await expectNoAxeViolations(page, 'edit load failure');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectStep(page, 'Review Your Preferences');
    await expect(page.getByTestId('editing-note')).toBeVisible();
    await expect(row(page, 'Donor type')).toContainText('Egg Donor');
    await expect(row(page, 'Location')).toContainText(AUSTIN.option);
    await expect(row(page, 'Race')).toContainText('White');
    await expect(row(page, 'Dealbreakers')).toContainText(
      'These are dealbreakers: race, ethnicity, hair colour and eye colour.',
    );
    await expect(row(page, 'Dealbreaker details')).toContainText('Height is flexible for us.');
    await expect(row(page, 'Education')).toContainText('College');
    await expect(row(page, 'Values importance')).toContainText('0%');
    await expect(row(page, 'Alcohol use')).toContainText('Social drinking is fine');
    for (const title of ['Welcome Board', 'Demographic', 'Medical & Genetic', 'Lifestyle', 'Values and Legal']) {
      await expect(chip(page, title)).toContainText('(completed)');
    }
    await expectNoAxeViolations(page, 'Review of a saved set');
  });

  await test.step('the steps hold the saved answers; the parent changes one and submits', async () => {
    await chip(page, 'Demographic').click();
    await expect(group(page, 'Race').getByRole('checkbox', { name: 'White', exact: true })).toBeChecked();
    await expect(group(page, DEALBREAKERS).getByRole('checkbox', { name: 'Height', exact: true })).not.toBeChecked();
    await expect(group(page, DEALBREAKERS).getByRole('checkbox', { name: 'Race', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Dealbreaker details' })).toHaveValue('Height is flexible for us.');
    await chip(page, 'Lifestyle').click();
    await expect(
      group(page, 'Minimum education level').getByRole('checkbox', { name: 'College', exact: true }),
    ).toBeChecked();
    await expect(
      group(page, 'Alcohol use').getByRole('checkbox', { name: 'Social drinking is fine', exact: true }),
    ).toBeChecked();
    await check(page, 'Minimum education level', 'Doctorate');
    await forward(page, 'Continue').click();
    await expectStep(page, 'Values and Legal');
    await forward(page, 'Continue').click();
    await expect(row(page, 'Education')).toContainText('Doctorate');
    await forward(page, 'Submit').click();
    await expect(toast(page, 'Your preferences were updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/donor-matches$/, { timeout: 10_000 });
  });

  await test.step('the same set was updated: one set, same id, the changed answer stored', async () => {
    const list = await apiGet(page, '/api/v1/fertility-profile/list/');
    expect(list.profiles.map((p: { id: string }) => p.id)).toEqual([profileId]);
    const { profile } = await apiGet(page, `/api/v1/fertility-profile/${profileId}/`);
    expect(profile.preferences).toMatchObject({
      preferred_minimum_education: 'doctorate',
      alcohol_use_preference: 'social',
      preferred_races: ['white'],
      race_dealbreaker: true,
      height_dealbreaker: false,
      dealbreaker_details: 'Height is flexible for us.',
      values_legal_importance: 0,
      post_match_communication_importance: 5,
    });
    expect(profile.preferences).not.toHaveProperty('profile_id');
  });

  await test.step("a set that is not the parent's answers an error, and a way to start a new set", async () => {
    await page.goto('/profile-steps?edit=00000000-0000-4000-8000-000000000000');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load your saved preferences' });
    await expect(alert).toContainText('This preference profile was not found.');
    await alert.getByRole('link', { name: 'Start a new preference set' }).click();
    await expect(page).toHaveURL(/\/profile-steps$/);
    await expectStep(page, 'Welcome Board');
  });
});

test("a visitor's answers survive sign-up, sign-in and 'Complete Now'", async ({ page }) => {
  test.setTimeout(journeyTimeout(120_000));
  const user = newUser();

  await test.step('a visitor answers Welcome and Demographic, then is asked to sign up', async () => {
    await page.goto('/profile-steps');
    await answerWelcome(page, CHICAGO, 'Surrogate');
    await forward(page, 'Continue').click();
    await answerDemographic(page, { race: 'Asian', dealbreakers: 'Yes', details: 'Asian heritage matters to us.' });
    await forward(page, 'Sign Up').click();
    await expect(page).toHaveURL(/\/register$/);
  });

  await test.step('signs up and signs in', async () => {
    await page.getByRole('textbox', { name: 'First Name' }).fill(user.firstName);
    await page.getByRole('textbox', { name: 'Last Name' }).fill(user.lastName);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Phone Number' }).fill(user.phone);
    await page.getByLabel('Create Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(user.password);
    await page.getByLabel('Date of Birth', { exact: true }).fill(user.dateOfBirth);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  });

  await test.step("'Complete Now' opens the wizard where the visitor left off, answers intact", async () => {
    const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
    // 'Complete Now' opens the wizard, then reloads the page: answer the reloaded wizard, not the one before.
    await afterReload(page, () => dialog.getByRole('button', { name: 'Complete Now' }).click());
    await expect(page).toHaveURL(/\/profile-steps$/);
    await expectStep(page, 'Demographic');
    await expect(group(page, 'Race').getByRole('checkbox', { name: 'Asian', exact: true })).toBeChecked();
    await expect(group(page, 'Age range').getByRole('checkbox', { name: 'No Preference', exact: true })).toBeChecked();
    await expect(
      page
        .getByRole('radiogroup', { name: 'Are any of these preferences dealbreakers?' })
        .getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    await expect(group(page, DEALBREAKERS).getByRole('checkbox', { name: 'Height', exact: true })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Dealbreaker details' })).toHaveValue(
      'Asian heritage matters to us.',
    );
    await chip(page, 'Welcome Board').click();
    await expect(page.getByRole('combobox', { name: 'Your location' })).toHaveValue(CHICAGO.option);
    await expect(
      group(page, 'Which donor are you looking for?').getByRole('checkbox', { name: 'Surrogate', exact: true }),
    ).toBeChecked();
    expect(Number(await getLocalStorage(page, 'latitude'))).toBeCloseTo(41.85, 0);
    // Signed in now: the parent goes on past the Demographic step.
    await forward(page, 'Continue').click();
    await forward(page, 'Continue').click();
    await expectStep(page, 'Medical & Genetic');
  });
});

test('switching egg → surrogate after finishing forces Pregnancy History before submit', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(150_000));
  await signedInOnWizard(page, request);

  await test.step('an egg-donor parent finishes every step', async () => {
    await answerWelcome(page, AUSTIN, 'Egg Donor');
    await forward(page, 'Continue').click();
    await answerDemographic(page, { dealbreakers: 'No' });
    await forward(page, 'Continue').click();
    await answerMedical(page);
    await forward(page, 'Continue').click();
    await answerLifestyle(page);
    await forward(page, 'Continue').click();
    await answerValues(page, 'No');
    await forward(page, 'Continue').click();
    await expectStep(page, 'Review Your Preferences');
  });

  await test.step('switches to Surrogate: Pregnancy History appears, not completed', async () => {
    await chip(page, 'Welcome Board').click();
    await check(page, 'Which donor are you looking for?', 'Surrogate');
    await expect(page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button')).toHaveCount(7);
    await expect(chip(page, 'Pregnancy History')).not.toContainText('(completed)');
    await expect(chip(page, 'Lifestyle')).toContainText('(completed)');
  });

  await test.step('going round Pregnancy History to Review, Submit shows the step instead of submitting', async () => {
    await chip(page, 'Lifestyle').click();
    await forward(page, 'Continue').click();
    await answerValues(page, 'No');
    await forward(page, 'Continue').click();
    await expectStep(page, 'Review Your Preferences');
    await forward(page, 'Submit').click();
    await expectStep(page, 'Pregnancy History');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please complete Pregnancy History before submitting.' }),
    ).toBeVisible();
    await expect(page.getByText('Please select pregnancy history', { exact: true })).toBeVisible();
    await expect(page.getByText('Please select pregnancy complication history', { exact: true })).toBeVisible();
    await expect(stepHeading(page)).toBeFocused();
    await expect(page).toHaveURL(/\/profile-steps$/);
    await expectNoAxeViolations(page, 'Pregnancy History after a blocked submit');
    expect(
      await page.request
        .get('/api/v1/fertility-profile/list/', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } })
        .then((r) => r.json()),
    ).toMatchObject({ profiles: [] });
  });

  await test.step('answered, the set is submitted as a surrogate set with the pregnancy answers', async () => {
    await answerPregnancy(page);
    await forward(page, 'Continue').click();
    await forward(page, 'Continue').click();
    await forward(page, 'Continue').click();
    await expectStep(page, 'Review Your Preferences');
    await forward(page, 'Submit').click();
    await expect(toast(page, 'Your preferences were saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/, { timeout: 10_000 });
    const id = (await getLocalStorage(page, 'profileId'))!;
    const { profile } = await apiGet(page, `/api/v1/fertility-profile/${id}/`);
    expect(profile.donor_type_preference).toBe('surrogate');
    expect(profile.preferences).toMatchObject({
      previous_full_term_pregnancies_preferred: false,
      pregnancy_complications_ok: true,
      post_match_communication_importance: 0,
    });
  });
});

test('a Chicago parent who picks the suggestion has coordinates saved and, on Premium, sees Chicago surrogates first', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(150_000));
  await signedInOnWizard(page, request);

  await test.step('picks "Chicago" in the Welcome step and completes the surrogate wizard', async () => {
    await answerWelcome(page, CHICAGO, 'Surrogate');
    await forward(page, 'Continue').click();
    await answerDemographic(page, { dealbreakers: 'No' });
    await forward(page, 'Continue').click();
    await answerMedical(page);
    await forward(page, 'Continue').click();
    await answerPregnancy(page);
    await forward(page, 'Continue').click();
    await answerLifestyle(page, 'No Preference');
    await forward(page, 'Continue').click();
    await answerValues(page, 'No');
    await forward(page, 'Continue').click();
    await forward(page, 'Submit').click();
    await expect(toast(page, 'Your preferences were saved.')).toBeVisible();
  });

  await test.step('the saved set carries the coordinates the wizard sent', async () => {
    await expect(page).toHaveURL(/\/subscription$/, { timeout: 10_000 });
    const id = (await getLocalStorage(page, 'profileId'))!;
    const { profile } = await apiGet(page, `/api/v1/fertility-profile/${id}/`);
    expect(profile.location).toBe(CHICAGO.option);
    expect(profile.latitude).toBeCloseTo(41.85, 0);
    expect(profile.longitude).toBeCloseTo(-87.65, 0);
    // Sent by the browser, not found by the server's fallback.
    expect(profile.preferences.latitude).toBeCloseTo(41.85, 0);
    expect(profile.preferences.longitude).toBeCloseTo(-87.65, 0);
  });

  await test.step('subscribed to Premium, the first five matches are surrogates in Chicago', async () => {
    await subscribe(page, 'premium');
    const cards = page.getByTestId('match-card');
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    const titles = await cards.getByRole('heading', { level: 2 }).allInnerTexts();
    const refs = titles.slice(0, 5).map((t) => t.replace(/^Donor\s+/, '').trim());
    const cities: string[] = [];
    for (const ref of refs)
      cities.push((await apiGet(page, `/api/v1/donors/${ref}/`)).donor.location?.city ?? '(none)');
    expect(cities, `cities of the top five: ${cities.join(', ')}`).toEqual([
      'Chicago',
      'Chicago',
      'Chicago',
      'Chicago',
      'Chicago',
    ]);
  });
});
