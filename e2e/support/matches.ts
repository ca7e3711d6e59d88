import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  grantHealthConsent,
  newUser,
  type NewUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  verifyEmailViaApi,
} from './fixtures.ts';
import { subscribe, type PLANS } from './wizard.ts';

/**
 * Helpers for the donor matches specs (issue 10): a parent with saved preferences and a plan, and what the page shows.
 */

/** An open egg-donor search from Austin with a few dealbreakers: well over a hundred demo donors pass. */
export const EGG_PREFS = {
  donor_type_preference: 'egg',
  dealbreakers: 'yes',
  preferred_races: ['white', 'asian', 'mixed_race'],
  race_dealbreaker: true,
  preferred_height_ranges: ['66-72'],
  height_dealbreaker: true,
  ethnicity_no_preference: true,
  hair_color_no_preference: true,
  eye_color_no_preference: true,
  age_no_preference: true,
  user_genetic_conditions: ['cystic_fibrosis'],
  location: 'Austin, TX, United States',
  latitude: 30.27,
  longitude: -97.74,
};

export type MatchParent = {
  token: string;
  savePreferences: (prefs: Record<string, unknown>) => Promise<string>;
  /** The parent's details (a spec reading their mail needs the address; one finding them by name, the name). */
  user: NewUser;
};

/**
 * A new parent with preferences saved through the API, signed in through the UI and, with a plan, subscribed
 * through the subscription page (which lands on /donor-matches).
 */
export async function parentOnPlan(
  page: Page,
  request: APIRequestContext,
  plan: keyof typeof PLANS | null,
  prefs: Record<string, unknown> = EGG_PREFS,
  userOverrides: Partial<NewUser> = {},
): Promise<MatchParent> {
  const user = newUser(userOverrides);
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  const token = await signInViaApi(request, user);
  await grantHealthConsent(request, token);
  const savePreferences = async (p: Record<string, unknown>) => {
    const res = await request.post('/api/v1/fertility-profile/create/', {
      headers: { Authorization: `Bearer ${token}` },
      data: p,
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).profile_id as string;
  };
  await savePreferences(prefs);
  await signInViaUi(page, user);
  if (plan) {
    await page.goto('/subscription');
    await subscribe(page, plan);
  }
  return { token, savePreferences, user };
}

export const matchCards = (page: Page) => page.getByTestId('match-card');

/** The number in "Total Matches: N". */
export const totalShown = async (page: Page) =>
  Number((await page.getByTestId('total-matches').innerText()).replace(/\D+/g, ''));

/** The donor reference ids of the cards shown, in order. */
export async function cardIds(page: Page): Promise<string[]> {
  const titles = await matchCards(page).getByRole('heading', { level: 2 }).allInnerTexts();
  return titles.map((t) => t.replace('Donor ', '').trim());
}

/** A donor as the detail API answers it (age, race …), for checking what the cards show against the donor. */
export async function donorDetail(request: APIRequestContext, token: string, referenceId: string) {
  const res = await request.get(`/api/v1/donors/${referenceId}/`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    donor: { age: number; race: string | null; disclosure: string };
    match: { overall_match_percentage: number };
  };
}
