import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInAsAdmin, signInAsSupport } from '../support/console.ts';
import { EGG_PREFS } from '../support/matches.ts';
import {
  demoAdmin,
  expect,
  grantHealthConsent,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  test,
  toast,
  type NewUser,
} from '../support/fixtures.ts';

/** The operator console's Users page (issue 15): search, one user's page, reveal, disable/enable, a free plan. */

/** Letters only (names allow no digits): a surname nobody else in the run has. */
const surname = () => `Q${Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/** A parent with one preference set that names a carrier condition (health data the console masks). */
async function parentWithPreferences(request: APIRequestContext): Promise<NewUser> {
  const user = newUser({ firstName: 'Marisol', lastName: surname() });
  await signUpViaApi(request, user);
  const token = await signInViaApi(request, user);
  await grantHealthConsent(request, token);
  const res = await request.post('/api/v1/fertility-profile/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: EGG_PREFS,
  });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

/** Opens the user found by searching their surname in the list. */
async function openFromSearch(page: Page, user: NewUser) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(user.lastName.slice(0, 5));
  const link = page.getByRole('link', { name: `${user.firstName} ${user.lastName}` });
  await expect(link).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `${user.firstName} ${user.lastName}` })).toBeVisible();
}

/** Fills the reason dialog that opens with `title` and confirms with `confirm`. */
async function confirmWithReason(page: Page, title: string, reason: string, confirm: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an admin searches, opens a user, reveals health data, disables and enables, and grants a free plan', async ({
  page,
  request,
}) => {
  const user = await parentWithPreferences(request);
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/users');

  // Sorting is the server's: the header says which way.
  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name&dir=asc/);

  await openFromSearch(page, user);
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('No payments.');
  const health = page.getByRole('region', { name: 'Health data' });
  await expect(health).toContainText('1 preference set (health data hidden)');
  await expect(health).not.toContainText('cystic_fibrosis');
  await expectNoAxeViolations(page, '/admin/users/:id');

  // Revealing needs a reason.
  await health.getByRole('button', { name: 'Reveal' }).click();
  const reveal = page.getByRole('dialog', { name: 'Reveal health data' });
  await reveal.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(reveal.getByText('Give a reason (at least 3 characters).')).toBeVisible();
  await reveal.getByLabel('Reason').fill('Parent asked us to check their answers');
  await reveal.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(reveal).toBeHidden();
  await expect(health).toContainText('cystic_fibrosis');

  // Disable: the user cannot sign in; enable: they can again.
  await page.getByRole('button', { name: 'Disable account' }).click();
  await confirmWithReason(page, 'Disable this account', 'Card testing from this account', 'Disable account');
  await expect(toast(page, 'Account disabled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();
  const refused = await request.post('/api/v1/auth/login/', { data: { email: user.email, password: user.password } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('This account has been disabled. Please contact Kindred support.');

  await page.getByRole('button', { name: 'Enable account' }).click();
  await confirmWithReason(page, 'Enable this account', 'Checked with the bank: not fraud', 'Enable account');
  await expect(page.getByRole('button', { name: 'Disable account' })).toBeVisible();
  expect(
    (await request.post('/api/v1/auth/login/', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);

  // A complimentary plan: shown on the user's page as their plan, billed by nobody.
  await page.getByRole('button', { name: 'Grant complimentary plan' }).click();
  const grant = page.getByRole('dialog', { name: 'Grant a complimentary plan' });
  await grant.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /Premium/ }).click();
  await grant.getByLabel('Reason').fill('Goodwill after the outage');
  await grant.getByRole('button', { name: 'Grant plan' }).click();
  await expect(grant).toBeHidden();
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan).toContainText(/Premium/);
  await expect(plan).toContainText('Complimentary');

  // The list finds them by that plan.
  await page.getByRole('link', { name: '← All users' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(user.lastName);
  await expect(page.getByRole('link', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(user.lastName) })).toContainText(/Premium/);
});

test('support opens a user without payments and without Reveal', async ({ page, request }) => {
  const user = await parentWithPreferences(request);
  await signInAsSupport(page);
  await openFromSearch(page, user);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(user.email.toLowerCase());
  await expect(page.getByRole('region', { name: 'Payments' })).toHaveCount(0);
  const health = page.getByRole('region', { name: 'Health data' });
  await expect(health).toContainText('1 preference set (health data hidden)');
  await expect(health.getByRole('button', { name: 'Reveal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'End sessions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Grant complimentary plan' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/admin/users/:id as support');
});

test('an admin disables selected users after a dry run', async ({ page, request }) => {
  const lastName = surname();
  for (const firstName of ['Nadia', 'Oriane']) await signUpViaApi(request, newUser({ firstName, lastName }));
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select every user on this page' }).check();
  await page.getByRole('button', { name: 'Disable selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable selected users' });
  await dialog.getByLabel('Reason').fill('Sign-ups from a spam network');
  await dialog.getByRole('button', { name: 'Check what would change' }).click();
  await expect(dialog.getByText('2 accounts would be disabled; 0 left alone.')).toBeVisible();
  // The dry run changed nothing.
  await expect(rows.filter({ hasText: 'Disabled' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Disable 2 accounts' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, '2 accounts disabled; 0 left alone.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Disabled' })).toHaveCount(2);
});

test('a parent is refused the Users page', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
});

test('support’s list shows a plan’s status and end date, never which plan; only admins filter by plan', async ({
  page,
  request,
}) => {
  const user = await parentWithPreferences(request);
  const admin = { Authorization: `Bearer ${await signInViaApi(request, demoAdmin)}` };
  const found = await request.get(`/api/v1/admin/users/?q=${encodeURIComponent(user.email)}`, { headers: admin });
  const id = ((await found.json()) as { users: { id: string }[] }).users[0]!.id;
  const plans = (await (await request.get('/api/v1/admin/users/plans/', { headers: admin })).json()) as {
    plans: { id: string; name: string }[];
  };
  const premium = plans.plans.find((p) => /Premium/.test(p.name))!;
  const granted = await request.post(`/api/v1/admin/users/${id}/complimentary-plan/`, {
    headers: admin,
    data: { plan_id: premium.id, days: 30, reason: 'Goodwill after the outage' },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  await signInAsSupport(page);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(user.lastName);
  const row = page.getByRole('row', { name: new RegExp(user.lastName) });
  await expect(row).toContainText(/Active until \w{3} \d{2} \d{4}/);
  await expect(row).not.toContainText('Premium');
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await expect(page.getByRole('option', { name: 'No plan' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Premium|Starter|Trial/ })).toHaveCount(0);
});
