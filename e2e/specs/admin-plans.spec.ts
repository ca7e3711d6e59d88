import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, newUser, signInViaApi, signInViaUi, signUpViaApi, toast } from '../support/fixtures.ts';
import { signInAsAdmin, signInAsSupport } from '../support/console.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * The operator console's Plans page (issue 15): an admin creates a plan, changes its price while a parent is
 * subscribed (who keeps the price they bought at) and retires it; support has no access (plans are money).
 */

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** A parent subscribes to `planId` through the built-in test checkout, over HTTP as the browser would. */
async function subscribe(request: APIRequestContext, planId: string): Promise<string> {
  const parent = newUser();
  await signUpViaApi(request, parent);
  const token = await signInViaApi(request, parent);
  const auth = { Authorization: `Bearer ${token}` };
  const start = await request.post('/api/v1/payments/create-checkout-session/', {
    headers: auth,
    data: { plan_id: planId },
  });
  expect(start.status(), await start.text()).toBe(200);
  const { sessionId } = (await start.json()) as { sessionId: string };
  const confirm = await request.post(`/checkout/test/${encodeURIComponent(sessionId)}/confirm`, {
    form: {},
    maxRedirects: 0,
  });
  expect(confirm.status()).toBe(303);
  const verify = await request.post('/api/v1/payments/create-checkout-session/verify/', {
    headers: auth,
    data: { session_id: sessionId },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return token;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('an admin creates a plan, changes its price without touching its subscriber, and retires it', async ({
  page,
  request,
}) => {
  const name = `E2E Plan ${tag()}`;
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(row(page, 'Premium ($149 / month)')).toContainText('$149.00');
  await expect(row(page, 'Premium ($149 / month)')).toContainText('Monthly');
  await expectNoAxeViolations(page, '/admin/plans');

  // Create: a missing price is explained under the field, then the plan is created.
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Type' }).fill('e2e');
  await dialog.getByRole('textbox', { name: 'Features' }).fill('Unlimited matches\nEmail support');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog.getByText('Price must be a number.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Price (USD)' })).toBeFocused();
  await expectNoAxeViolations(page, 'the new plan dialog with an error');
  await dialog.getByRole('textbox', { name: 'Price (USD)' }).fill('25');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(toast(page, `${name} is created.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toContainText('$25.00');
  await expect(row(page, name)).toContainText('Unlimited matches');
  await expect(row(page, name)).toContainText('Offered');

  // A parent buys it at $25.
  const plans = (await (await request.get('/api/v1/subscriptions/plans/')).json()) as {
    results: { id: string; name: string }[];
  };
  const planId = plans.results.find((p) => p.name === name)!.id;
  const parentToken = await subscribe(request, planId);
  await page.reload();
  await expect(row(page, name).getByRole('cell').nth(4)).toHaveText('1');

  // The price goes up to $30 for new subscribers; the dialog says the subscriber keeps their price.
  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByText('1 subscriber keeps paying what they bought at.', { exact: false })).toBeVisible();
  await edit.getByRole('textbox', { name: 'Price (USD)' }).fill('30');
  await expect(edit.getByText('New subscribers will pay $30.00 instead of $25.00.')).toBeVisible();
  await expectNoAxeViolations(page, 'the edit plan dialog');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `${name} is saved.`)).toBeVisible();
  await expect(row(page, name)).toContainText('$30.00');
  // What the subscriber paid stays as it was.
  const payments = await request.get('/api/v1/payments/', { headers: { Authorization: `Bearer ${parentToken}` } });
  expect(((await payments.json()) as { payments: { plan_price: number }[] }).payments.map((p) => p.plan_price)).toEqual(
    [25],
  );

  // Retire, after a confirmation: no longer offered to new subscribers.
  await row(page, name)
    .getByRole('button', { name: `Retire ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Retire this plan?' });
  await expect(confirm).toContainText('Its subscriber keeps the plan and the price they bought at.');
  await expectNoAxeViolations(page, 'the retire confirmation');
  await confirm.getByRole('button', { name: 'Retire plan' }).click();
  await expect(toast(page, `${name} is retired.`)).toBeVisible();
  await expect(row(page, name)).toContainText('Retired');
  await expect(row(page, name).getByRole('button', { name: `Retire ${name}` })).toHaveCount(0);
  const after = (await (await request.get('/api/v1/subscriptions/plans/')).json()) as { results: { name: string }[] };
  expect(after.results.map((p) => p.name)).not.toContain(name);
});

test('support has no Plans page and no Plans link; a parent gets no access either', async ({ page, request }) => {
  await signInAsSupport(page);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Plans' })).toHaveCount(0);
  await page.goto('/admin/plans');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page.' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  const parent = newUser();
  await signUpViaApi(request, parent);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInViaUi(page, parent);
  await page.goto('/admin/plans');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page.' })).toBeVisible();
});
