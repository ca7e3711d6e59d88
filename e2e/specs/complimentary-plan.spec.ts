import { expectNoAxeViolations } from '../support/axe.ts';
import { demoAdmin, expect, signInViaApi, test } from '../support/fixtures.ts';
import { matchCards, parentOnPlan, totalShown } from '../support/matches.ts';
import { PLANS } from '../support/wizard.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Issue 25: a complimentary plan granted in the console has no payment. The web app reads the plan from the API's
 * entitlement (`useEntitlement`), so the parent sees their matches and, on the profile, the plan as complimentary
 * with its end date.
 */

test('a complimentary Premium plan unlocks /donor-matches and shows on the profile with its end date', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(90_000));
  const parent = await parentOnPlan(page, request, null);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const me = await request.get('/api/v1/auth/profile/', { headers: auth(parent.token) });
  const userId = ((await me.json()) as { user: { id: string } }).user.id;
  const plans = (await (await request.get('/api/v1/subscriptions/plans/')).json()) as {
    results: { id: string; name: string }[];
  };
  const premium = plans.results.find((p) => p.name === PLANS.premium);
  expect(premium, 'the seeded Premium plan').toBeDefined();
  const admin = await signInViaApi(request, demoAdmin);
  const grant = await request.post(`/api/v1/admin/users/${userId}/complimentary-plan/`, {
    headers: auth(admin),
    data: { plan_id: premium!.id, days: 30, reason: 'Goodwill after an outage' },
  });
  expect(grant.status(), await grant.text()).toBe(200);

  await test.step('/donor-matches: matches, no Upgrade Required dialog', async () => {
    await page.goto('/donor-matches');
    await expect(matchCards(page).first()).toBeVisible({ timeout: 30_000 });
    expect(await totalShown(page)).toBeGreaterThan(0);
    await expect(page.getByRole('dialog', { name: 'Upgrade Required' })).toHaveCount(0);
  });

  await test.step('/profile: the plan as complimentary with its end date; no "Upgrade Subscription"', async () => {
    await page.goto('/profile');
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan).toContainText('Premium');
    await expect(plan).toContainText('Complimentary');
    const end = new Date(Date.now() + 30 * 86_400_000);
    const endText = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' })
      .format(end)
      .replace(',', '');
    await expect(plan).toContainText(`Complimentary plan, no charge: access until ${endText}`);
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    const actions = page.getByRole('region', { name: 'Quick actions' });
    await expect(actions.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Upgrade Subscription' })).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Update Donor Profile' })).toBeVisible();
    await expectNoAxeViolations(page, '/profile with a complimentary plan');
  });
});
