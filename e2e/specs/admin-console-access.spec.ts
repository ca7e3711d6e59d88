import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, demoAdmin, newUser, signInViaApi, signInViaUi, signUpViaApi } from '../support/fixtures.ts';
import { closeCompleteProfileDialog, demoSupport, signInAsSupport } from '../support/console.ts';
import { decodedText, waitForMail } from '../support/mail.ts';

/**
 * Who may use the operator console (issue 15, ADR 022): parents and clinic accounts are refused on every console
 * page (and by the API, 403); a support agent sees only Users, Donors and Inbox, and is refused the rest.
 */

const NO_ACCESS = 'You do not have access to this page.';
/** Every page of the console and the content admin. */
const CONSOLE_PAGES = [
  '/admin/users',
  '/admin/users/00000000-0000-4000-8000-000000000000',
  '/admin/clinics',
  '/admin/donors',
  '/admin/plans',
  '/admin/inbox',
  '/admin/audit',
  '/admin/articles',
  '/admin/articles/new',
  '/admin/articles/1',
  '/admin/team',
];
/** A few admin API reads, one per area, that a refused role must get 403 from. */
const ADMIN_API = [
  '/api/v1/admin/audit/',
  '/api/v1/admin/audit/export.csv',
  '/api/v1/admin/blogs/',
  '/api/v1/admin/clinics/',
  '/api/v1/admin/jobs/',
  '/api/v1/admin/subscription/plans/',
];

async function expectRefusedEverywhere(page: Page, request: APIRequestContext, token: string, who: string) {
  for (const path of CONSOLE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: NO_ACCESS }), `${who} on ${path}`).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  for (const path of ADMIN_API) {
    const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), `${who} GET ${path}`).toBe(403);
  }
}

test('a parent is refused on every console page and by the admin API; the header offers no console', async ({
  page,
  request,
}) => {
  const parent = newUser();
  await signUpViaApi(request, parent);
  await signInViaUi(page, parent);
  await closeCompleteProfileDialog(page);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await expectRefusedEverywhere(page, request, await signInViaApi(request, parent), 'parent');
});

test('a clinic account is refused on every console page and by the admin API', async ({ page, request }) => {
  // Invited by the admin, the password set through the mailed link, as clinic staff join.
  const email = `console.clinic.${Date.now()}@clinic.example`;
  const password = 'Harbour-lights-88';
  const admin = await signInViaApi(request, demoAdmin);
  const invited = await request.post('/api/v1/admin/clinics/CLN-NSC/staff/', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { email, first_name: 'Quinn', last_name: 'Harbour' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(email, /clinic portal/);
  const token = /\/clinic\/invitation\?token=([^\s"<>&]+)/.exec(decodedText(mail.raw))?.[1];
  expect(token, 'a set-password link').toBeTruthy();
  const accepted = await request.post('/api/v1/auth/invitation/accept/', {
    data: { token: decodeURIComponent(token!), new_password: password, confirm_password: password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/clinic$/, { timeout: 10_000 });
  await expectRefusedEverywhere(page, request, await signInViaApi(request, { email, password }), 'clinic');
});

test('a support agent sees Users, Donors, Family limits and Inbox only, and is refused the admin-only pages and APIs', async ({
  page,
  request,
}) => {
  await signInAsSupport(page);
  // The header's console link leads staff to the console.
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  // Family limits (issue 28): support reads the report of donors near their limits; linking records is admin-only.
  await expect(nav.getByRole('link')).toHaveText(['Users', 'Donors', 'Family limits', 'Inbox']);

  for (const path of ['/admin/clinics', '/admin/plans', '/admin/audit', '/admin/articles', '/admin/team']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: NO_ACCESS }), `support on ${path}`).toBeVisible();
  }
  const token = await signInViaApi(request, demoSupport);
  for (const path of ADMIN_API) {
    const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), `support GET ${path}`).toBe(403);
  }
});
