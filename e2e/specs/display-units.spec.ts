import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  expect,
  grantHealthConsent,
  newUser,
  signInViaApi,
  signInViaUi,
  test,
  verifyEmailViaApi,
} from '../support/fixtures.ts';
import { EGG_PREFS, matchCards } from '../support/matches.ts';
import { subscribe } from '../support/wizard.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Issue 24: distances and heights follow the parent's country (the country of the phone number given at sign-up):
 * miles and feet/inches in the US, km and cm elsewhere, on match cards, the donor page and the clinic search.
 */

/** A Starter parent whose phone number is `phone`, with the Austin egg-donor preferences, on /donor-matches. */
async function parentWithPhone(page: Page, request: APIRequestContext, phone: string) {
  const user = newUser();
  const res = await request.post('/api/v1/auth/parent/signup/', {
    data: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone_number: phone,
      password: user.password,
      password_confirm: user.password,
      date_of_birth: user.dateOfBirth,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await verifyEmailViaApi(request, user.email);
  const token = await signInViaApi(request, user);
  await grantHealthConsent(request, token);
  const saved = await request.post('/api/v1/fertility-profile/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: EGG_PREFS,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await signInViaUi(page, user);
  await page.goto('/subscription');
  await subscribe(page, 'starter');
  await expect(matchCards(page).first()).toBeVisible({ timeout: 15_000 });
}

const cases = [
  {
    country: 'the UK',
    phone: '+442079460958',
    distance: / km away$/,
    height: /^\d{3} cm$/,
    other: / mi away$/,
    heightSentence: /^Height: \d{3} cm, within your range \(168-183 cm\)/,
    distanceSentence: /^Distance: about [\d,]+ km from you/,
    otherSentence: /\d (in|mi)\b/,
  },
  {
    country: 'the US',
    phone: '+12025550143',
    distance: / mi away$/,
    height: /^\d ft \d{1,2} in$/,
    other: / km away$/,
    heightSentence: /^Height: \d ft \d{1,2} in, within your range \(5 ft 6 in to 6 ft 0 in\)/,
    distanceSentence: /^Distance: about [\d,]+ mi from you/,
    otherSentence: /\d (km|cm)\b/,
  },
] as const;

for (const c of cases) {
  test(`a parent in ${c.country} reads distances and heights in their units`, async ({ page, request }) => {
    test.setTimeout(journeyTimeout(90_000));
    await parentWithPhone(page, request, c.phone);
    const card = matchCards(page).first();
    await expect(card.getByText(c.distance)).toBeVisible();
    await expect(matchCards(page).getByText(c.other)).toHaveCount(0);

    await card.getByRole('link', { name: /^View profile of donor/ }).click();
    const height = page.getByRole('row', { name: /^Height \d/ }).getByRole('cell');
    await expect(height).toHaveText(c.height, { timeout: 15_000 });
    await expect(page.getByText(c.distance).first()).toBeVisible();
    // The explanation's sentences too (issue 24): the height range of these preferences and the distance.
    const why = page.getByRole('region', { name: /^Why this donor scored/ });
    await expect(why.getByText(/^Height: /).first()).toContainText(c.heightSentence);
    await expect(why.getByText(/^Distance: /).first()).toContainText(c.distanceSentence);
    await expect(why).not.toContainText(c.otherSentence);
    await expectNoAxeViolations(page, `the donor page in the units of ${c.country}`);

    // The clinic search from Austin: each clinic's distance in the same units.
    await page.goto('/book-appoinment?location=Austin%2C+TX%2C+United+States&lat=30.27&lon=-97.74');
    const clinic = page.getByTestId('clinic-card').first();
    await expect(clinic.getByText(c.distance)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('clinic-card').getByText(c.other)).toHaveCount(0);
  });
}
