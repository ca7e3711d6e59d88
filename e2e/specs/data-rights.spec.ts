import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../support/axe.ts';
import { test, expect } from '../support/fixtures.ts';
import { decodedText, mailsTo } from '../support/mail.ts';
import { EGG_PREFS, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Data rights on /profile (issue 13, ADR 019): a parent downloads a copy of their data (prepared in the
 * background, announced by mail, fetched with the session) and withdraws a consent in one click.
 */

test('a parent with preferences and a favourite exports their data, gets the mail and finds it in the JSON', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(120_000));
  const { token } = await parentOnPlan(page, request, 'starter', {
    ...EGG_PREFS,
    location: 'Austin, TX, United States',
  });
  const auth = { Authorization: `Bearer ${token}` };
  const profileId = (
    (await (await request.get('/api/v1/fertility-profile/list/', { headers: auth })).json()) as {
      profiles: { id: string }[];
    }
  ).profiles[0]!.id;
  const found = await request.post('/api/v1/donors/find-matches/', { headers: auth, data: { profile_id: profileId } });
  const reference = ((await found.json()) as { matches: { donor_reference_id: string }[] }).matches[0]!
    .donor_reference_id;
  const fav = await request.post('/api/v1/donors/favourites/', {
    headers: auth,
    data: { donor_reference_id: reference },
  });
  expect(fav.status()).toBe(200);
  const me = (await (await request.get('/api/v1/auth/profile/', { headers: auth })).json()) as {
    user: { email: string; id: string };
  };

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data and privacy' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText('We are preparing your data. We will email you a link when it is ready.')).toBeVisible();
  const row = section.getByTestId('data-export').first();
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(row).toContainText('Ready, available until');
  await expectNoAxeViolations(page, 'Your data and privacy with a ready export');

  await expect.poll(() => mailsTo(me.user.email).some((m) => /Your Kindred data is ready/.test(m.raw))).toBe(true);
  const mail = mailsTo(me.user.email).find((m) => /Your Kindred data is ready/.test(m.raw))!;
  expect(decodedText(mail.raw)).toContain('/profile');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download JSON' }).click();
  const file = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  expect(file.schema_version).toBe(1);
  expect(file.account).toMatchObject({ id: me.user.id, email: me.user.email });
  expect(file.preference_sets).toHaveLength(1);
  expect(file.preference_sets[0]).toMatchObject({
    donor_type_preference: 'egg',
    location: 'Austin, TX, United States',
  });
  expect(file.favourites.map((f: { donor_reference_id: string }) => f.donor_reference_id)).toEqual([reference]);
  expect(file.matches_shown.revealed_donors.length).toBeGreaterThan(0);
  expect(file.payments[0]).toMatchObject({ plan_name: 'Starter ($129 one-time)' });
  expect(file.consents[0]).toMatchObject({ kind: 'health_data_matching', granted: true });
  expect(file.appointments).toEqual([]);
});

test('the profile withdraws health-data consent in one click; saving preferences is then refused', async ({
  page,
  request,
}) => {
  const { token, savePreferences } = await parentOnPlan(page, request, null);
  await page.goto('/profile');
  // Without a plan the profile first offers to complete it.
  await page
    .getByRole('dialog', { name: 'Complete Your Profile' })
    .getByRole('button', { name: 'Maybe Later' })
    .click();
  const consent = page.getByTestId('consent-health_data_matching');
  await expect(consent).toContainText('Given');
  await consent.getByRole('button', { name: 'Withdraw: Use my health information for matching' }).click();
  await expect(consent).toContainText('Withdrawn');
  const refused = await request.post('/api/v1/fertility-profile/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: EGG_PREFS,
  });
  expect(refused.status()).toBe(403);
  await consent.getByRole('button', { name: 'Give consent: Use my health information for matching' }).click();
  await expect(consent).toContainText('Given');
  expect(await savePreferences(EGG_PREFS)).toMatch(/^[0-9a-f-]{36}$/);
});
