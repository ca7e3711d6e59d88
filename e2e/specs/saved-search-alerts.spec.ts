import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, demoAdmin, dismissCompleteProfileDialog, signInViaApi, toast } from '../support/fixtures.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { runJob } from '../support/jobs.ts';
import { decodedText, waitForMail } from '../support/mail.ts';
import { EGG_PREFS, parentOnPlan } from '../support/matches.ts';

/**
 * Saved-search alerts (issue 28): a Starter parent saves the matches page's search as an alert, an admin imports a
 * donor who matches it, the alert job runs (as its every-minute schedule would), and the parent gets the mail: it
 * says a new donor matches and what seeing it costs, names no donor, and its one-click unsubscribe works without a
 * sign-in. The profile lists the alert with the time it fired; pause and delete work there.
 */

const HEADER =
  'bank_donor_id,bank_name,clinic_reference_id,donor_type,disclosure,availability,family_limit,families_so_far,' +
  'last_medical_update,date_of_birth,height_in,race,location_city,location_state,location_country,location_lat,' +
  'location_lon,carrier_cystic_fibrosis';

async function adminImport(request: APIRequestContext, csv: string) {
  const token = await signInViaApi(request, demoAdmin);
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.post('/api/v1/admin/donors/import/', { headers, data: { format: 'csv', data: csv } });
  expect(res.status(), await res.text()).toBe(200);
  return headers;
}

test('a parent saves an alert; an imported matching donor is announced once, by mail with a working unsubscribe', async ({
  page,
  request,
}) => {
  const parent = await parentOnPlan(page, request, 'starter', EGG_PREFS);
  const { user } = parent;
  const auth = { Authorization: `Bearer ${parent.token}` };
  const consent = await request.post('/api/v1/profile/consents/', {
    headers: auth,
    data: { kind: 'email_updates', granted: true, source: 'api' },
  });
  expect(consent.status(), await consent.text()).toBe(200);

  // The matches page: save the search as an alert.
  await expect(page).toHaveURL(/\/donor-matches/);
  await page.getByRole('button', { name: 'Tell me when a new donor matches' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search as an alert' });
  await dialog.getByRole('button', { name: 'Save alert' }).click();
  await expect(dialog.getByText('Give the alert a name.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Alert name' }).fill('Tall egg donors');
  await dialog.getByRole('button', { name: 'Save alert' }).click();
  await expect(toast(page, 'Alert saved. We will tell you when a new donor matches.')).toBeVisible();

  // An admin imports a donor who passes the parent's search (available, white, 5'8", tested clear of CF).
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const bank = `E2E Alert Bank ${tag} (fictional)`;
  const row = `E2EA${tag}-1,${bank},CLN-NSC,egg,ANON,available,5,1,2025-09-01,1996-04-02,68,white,Austin,TX,US,30.27,-97.74,not_carrier`;
  const admin = await adminImport(request, [HEADER, row].join('\n'));
  const listed = await request.get(`/api/v1/admin/donors/?q=${encodeURIComponent(`E2EA${tag}`)}`, { headers: admin });
  const ref = (await listed.json()).donors[0].reference_id as string;

  await runJob('alert-matching');
  // The bell in the parent's open page shows it without a reload (the unread count arrives over the socket).
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 unread', {
    timeout: 30_000,
  });
  const mail = await waitForMail(user.email, /A new donor matches “Tall egg donors”/);
  const text = decodedText(mail.raw);
  // The Starter plan's three credits went on the three donors the matches page showed.
  expect(text).toContain('You have used your match credits: upgrade your plan to see who it is.');
  expect(text).not.toContain(ref);
  // Once per donor per alert: another run tells nobody again.
  await runJob('alert-matching');
  const page1 = await request.get('/api/v1/notifications/?kind=alert_match', { headers: auth });
  expect((await page1.json()).notifications).toHaveLength(1);

  // RFC 8058: the List-Unsubscribe address, POSTed without any sign-in, turns this kind of mail off.
  const header = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.raw.replace(/\r?\n\s+/g, ' '));
  expect(header).not.toBeNull();
  const target = new URL(header![1]!);
  expect(target.pathname).toBe('/api/v1/notifications/unsubscribe');
  const off = await request.post(`${target.pathname}${target.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(off.status(), await off.text()).toBe(200);
  const prefs = await (await request.get('/api/v1/notifications/preferences/', { headers: auth })).json();
  expect(prefs.preferences.find((p: { kind: string }) => p.kind === 'alert_match').delivery).toBe('off');

  // The profile lists the alert with the time it fired; pause, then delete.
  await page.goto('/profile');
  await dismissCompleteProfileDialog(page);
  const card = page.getByRole('region', { name: 'Donor alerts' });
  const item = card.getByTestId('alert-row').filter({ hasText: 'Tall egg donors' });
  await expect(item).toContainText('Last fired');
  await expect(item).toContainText('1 donor so far');
  await expectNoAxeViolations(page, '/profile with an alert');
  await item.getByRole('button', { name: 'Pause alert Tall egg donors' }).click();
  await expect(item.getByText('Paused')).toBeVisible();
  await item.getByRole('button', { name: 'Delete alert Tall egg donors' }).click();
  await page.getByRole('dialog', { name: 'Delete this alert?' }).getByRole('button', { name: 'Delete alert' }).click();
  await expect(card.getByText('No alerts yet.', { exact: false })).toBeVisible();

  // The donor goes back out of everyone's results (other specs count available donors).
  const reason = 'e2e cleanup';
  const back = await request.patch(`/api/v1/admin/donors/${ref}/availability/`, {
    headers: admin,
    data: { availability: 'unavailable', reason },
  });
  expect(back.status(), await back.text()).toBe(200);
});
