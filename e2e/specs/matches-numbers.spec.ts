import { expectNoAxeViolations } from '../support/axe.ts';
import { test, expect, toast } from '../support/fixtures.ts';
import { cardIds, donorDetail, matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/** Issue 24, numbers that never contradict: the tie sentence on the list, one score per donor across pages. */

const RACES = ['black_african', 'white', 'asian', 'american_indian', 'pacific_islander', 'mixed_race'];
const AHEAD = [
  'more of your preferences met',
  'more recent medical update',
  'available now, not reserved',
  'more family places left',
  'earlier reference number',
];
const BEHIND = [
  'meets more of your preferences',
  'has a more recent medical update',
  'is available now',
  'has more family places left',
  'has an earlier reference number',
];
const TIE_SENTENCES = [
  ...AHEAD.map((k) => `Same score: ${k}.`),
  ...BEHIND.map((k) => `Same score as the donor above, which ${k}.`),
];

test('a card whose score ties its neighbour says why it is placed there', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(240_000));
  await parentOnPlan(page, request, 'premium');
  const cards = matchCards(page);
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const notes = page.getByTestId('tie-note');
  await expect(notes.first()).toBeVisible();
  const badges = await cards.getByTestId('score-badge').allInnerTexts();
  const count = badges.length;
  // Exactly the cards whose badge equals a neighbour's carry the sentence, and it names a documented tie key.
  for (let i = 0; i < count; i++) {
    const tied = badges[i] === badges[i - 1] || badges[i] === badges[i + 1];
    const note = cards.nth(i).getByTestId('tie-note');
    if (tied) expect(TIE_SENTENCES).toContain(await note.innerText());
    else await expect(note).toHaveCount(0);
  }
  await expect(toast(page, /Payment successful/)).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page, '/donor-matches (tie sentences)');
});

test('the donor page shows the same score as the shortlist after a preference change, and says why', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(120_000));
  const parent = await parentOnPlan(page, request, 'starter');
  await expect(matchCards(page)).toHaveCount(3, { timeout: 15_000 });
  const [a] = await cardIds(page);
  await page.getByRole('button', { name: `Add donor ${a} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Remove donor ${a} from favourites` })).toBeVisible();

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

  await page.goto('/donor-matches/favourites');
  const card = page.getByTestId('shortlist-card').filter({ has: page.getByRole('heading', { name: `Donor ${a}` }) });
  await expect(card.getByTestId('no-longer-meets')).toHaveText('No longer meets: your race dealbreaker', {
    timeout: 15_000,
  });
  const shortlistBadge = await card.getByTestId('score-badge').innerText();

  await card.getByRole('link', { name: `View profile of donor ${a}` }).click();
  await expect(page).toHaveURL(new RegExp(`/donors/${a}$`));
  await expect(page.getByTestId('score-badge')).toHaveText(shortlistBadge, { timeout: 15_000 });
  await expect(page.getByTestId('scored-with')).toHaveText('Score against your current preferences.');
  await expect(page.getByTestId('no-longer-meets')).toHaveText('No longer meets: your race dealbreaker');
  const score = shortlistBadge.replace(' match', '');
  await expect(page.getByRole('heading', { level: 2, name: `Why this donor scored ${score}` })).toBeVisible();
  await expectNoAxeViolations(page, '/donors/:id (after a preference change)');
});
