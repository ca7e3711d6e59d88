import { expectNoAxeViolations } from '../support/axe.ts';
import { test, expect } from '../support/fixtures.ts';
import { cardIds, donorDetail, matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/** The shortlist, /donor-matches/favourites (issue 10): starred donors with their latest scores. */

const RACES = ['black_african', 'white', 'asian', 'american_indian', 'pacific_islander', 'mixed_race'];

test('star two donors, see them on the shortlist with scores, see one no longer meeting a changed dealbreaker, unstar one', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(90_000));
  const parent = await parentOnPlan(page, request, 'starter');
  await expect(matchCards(page)).toHaveCount(3, { timeout: 15_000 });
  const [a, b] = await cardIds(page);
  await page.getByRole('button', { name: `Add donor ${a} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Remove donor ${a} from favourites` })).toBeVisible();
  await page.getByRole('button', { name: `Add donor ${b} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Remove donor ${b} from favourites` })).toBeVisible();

  await page.getByRole('link', { name: 'Shortlist' }).click();
  await expect(page).toHaveURL(/\/donor-matches\/favourites$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your shortlist' })).toBeVisible();
  const cards = page.getByTestId('shortlist-card');
  await expect(cards).toHaveCount(2);
  for (const id of [a!, b!]) {
    const card = cards.filter({ has: page.getByRole('heading', { name: `Donor ${id}` }) });
    const { match } = await donorDetail(request, parent.token, id);
    await expect(card.getByTestId('score-badge')).toHaveText(
      `${Math.round(match.overall_match_percentage * 10) / 10}% match`,
    );
    await expect(card.getByText('Score against your current preferences.')).toBeVisible();
    await expect(card.getByTestId('no-longer-meets')).toHaveCount(0);
  }
  await expectNoAxeViolations(page, '/donor-matches/favourites');

  // The parent changes their race dealbreaker so that donor A no longer passes it.
  const { donor } = await donorDetail(request, parent.token, a!);
  await parent.savePreferences({
    donor_type_preference: 'egg',
    dealbreakers: 'yes',
    race_dealbreaker: true,
    preferred_races: RACES.filter((r) => r !== donor.race),
    ethnicity_no_preference: true,
    hair_color_no_preference: true,
    eye_color_no_preference: true,
    height_no_preference: true,
    age_no_preference: true,
    user_genetic_conditions: ['none_known'],
    location: 'Austin, TX, United States',
    latitude: 30.27,
    longitude: -97.74,
  });
  await page.reload();
  const cardA = cards.filter({ has: page.getByRole('heading', { name: `Donor ${a}` }) });
  await expect(cardA.getByTestId('no-longer-meets')).toHaveText('No longer meets: your race dealbreaker', {
    timeout: 15_000,
  });

  await page.getByRole('button', { name: `Remove donor ${a} from favourites` }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: `Donor ${b}` })).toBeVisible();
  await page.reload();
  await expect(cards).toHaveCount(1, { timeout: 15_000 });
});

test('an empty shortlist says how to add to it and links to the matches', async ({ page, request }) => {
  await parentOnPlan(page, request, null);
  await page.goto('/donor-matches/favourites');
  await expect(page.getByRole('heading', { level: 2, name: 'No donors on your shortlist yet' })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(page, '/donor-matches/favourites (empty)');
  await page.getByRole('link', { name: 'Go to your matches' }).click();
  await expect(page).toHaveURL(/\/donor-matches$/);
});
