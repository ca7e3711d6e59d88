import { expectNoAxeViolations } from '../support/axe.ts';
import {
  clientIpFor,
  expect,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  test,
  verifyEmailViaApi,
} from '../support/fixtures.ts';
import { decodedText, waitForMail } from '../support/mail.ts';
import { cardIds, matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Decide together (issue 29): one partner invites the other from the profile, the other accepts in their own
 * browser, and a rating given in one browser appears in the other without a reload (the realtime socket).
 */
test('two partners link, share a shortlist and see each other rate live; compare shows both ratings', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(journeyTimeout(120_000));
  // Partner A: on a plan, with matches; stars two donors.
  const a = await parentOnPlan(page, request, 'starter');
  await expect(matchCards(page)).toHaveCount(3, { timeout: 15_000 });
  const [x, y] = await cardIds(page);
  for (const id of [x!, y!]) {
    const res = await request.post('/api/v1/donors/favourites/', {
      headers: { Authorization: `Bearer ${a.token}` },
      data: { donor_reference_id: id },
    });
    expect(res.status()).toBe(200);
  }

  // Partner B: an account without a plan, in a browser of their own.
  const partner = newUser({ firstName: 'Blair' });
  await signUpViaApi(request, partner);
  await verifyEmailViaApi(request, partner.email);
  await signInViaApi(request, partner);
  const contextB = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': clientIpFor(testInfo.parallelIndex + 7) },
  });
  const pageB = await contextB.newPage();

  // A invites B from the profile; the consent box must be ticked.
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Decide together' });
  await panel.getByLabel("Your partner's e-mail").fill(partner.email);
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByText('Please confirm that you agree to link your accounts.')).toBeVisible();
  await panel.getByRole('checkbox', { name: /I agree to link my account/ }).check();
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByTestId('partner-invite-pending')).toContainText(partner.email);
  await expectNoAxeViolations(page, '/profile (partner invited)');

  const mail = await waitForMail(partner.email, /decide together/i);
  const link = /https?:\/\/[^\s"<>]+\/family\/accept\?token=[A-Za-z0-9_%-]+/.exec(decodedText(mail.raw))?.[0];
  expect(link, 'the invitation mail carries the accept link').toBeTruthy();
  const acceptPath = new URL(link!).pathname + new URL(link!).search;

  await signInViaUi(pageB, partner);
  await pageB.goto(acceptPath);
  await expect(pageB.getByRole('heading', { level: 1, name: /Decide together with/ })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(pageB, '/family/accept');
  await pageB.getByRole('checkbox', { name: /I agree to link my account/ }).check();
  await pageB.getByRole('button', { name: 'Accept and link our accounts' }).click();
  await expect(pageB).toHaveURL(/\/family$/);
  const cardsB = pageB.getByTestId('family-card');
  await expect(cardsB).toHaveCount(2, { timeout: 15_000 });
  // B has no set and A shared none: the page says there is nothing to score with.
  await expect(pageB.getByTestId('scored-with')).toContainText('No scores');

  await page.goto('/family');
  const cardsA = page.getByTestId('family-card');
  await expect(cardsA).toHaveCount(2, { timeout: 15_000 });
  await expect(page.getByTestId('scored-with')).toHaveText(/against your own egg donor preferences/);
  // Each shared card carries the donor's all-in estimate at its bank (issue 29), or says the bank lists no price.
  for (const card of await cardsA.all())
    await expect(card.getByTestId('cost-estimate')).toHaveText(/^About \$[\d,]+ for |Price not listed by the bank/);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(pageB.getByText('Live', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/family');

  // B rates donor X "Yes": A sees it without reloading.
  const cardB = cardsB.filter({ has: pageB.getByRole('heading', { name: `Donor ${x}` }) });
  await cardB.getByRole('radio', { name: 'Yes' }).check();
  const cardA = cardsA.filter({ has: page.getByRole('heading', { name: `Donor ${x}` }) });
  await expect(cardA.getByTestId('partner-rating')).toHaveText('Blair: Yes', { timeout: 10_000 });

  // A says Yes too: both pages show the agreement, B's without a reload either.
  await cardA.getByRole('radio', { name: 'Yes' }).check();
  await expect(cardB.getByTestId('agreement')).toHaveText('You both said Yes', { timeout: 10_000 });
  await expect(cardB.getByTestId('partner-rating')).toContainText(': Yes');

  // A shared note reaches B; a private one does not.
  await cardA.getByLabel(`Add a note on donor ${x}`).fill('Love the essay');
  await cardA.getByRole('button', { name: 'Add note' }).click();
  await cardA.getByLabel(`Add a note on donor ${x}`).fill('Only for me');
  await cardA.getByRole('checkbox', { name: 'Share with Blair' }).uncheck();
  await cardA.getByRole('button', { name: 'Add note' }).click();
  await expect(cardA.getByTestId('family-note')).toHaveCount(2);
  await expect(cardB.getByTestId('family-note')).toHaveText([/Love the essay/], { timeout: 10_000 });

  // "We disagree": B says No to Y, A says Yes.
  const cardBy = cardsB.filter({ has: pageB.getByRole('heading', { name: `Donor ${y}` }) });
  await cardBy.getByRole('radio', { name: 'No' }).check();
  const cardAy = cardsA.filter({ has: page.getByRole('heading', { name: `Donor ${y}` }) });
  await expect(cardAy.getByTestId('partner-rating')).toHaveText('Blair: No', { timeout: 10_000 });
  await cardAy.getByRole('radio', { name: 'Yes' }).check();
  await expect(cardsA.first().getByRole('heading')).toHaveText(`Donor ${x}`);
  await page.getByRole('checkbox', { name: 'Only where we disagree' }).check();
  await expect(cardsA).toHaveCount(1);
  await expect(cardsA.first().getByRole('heading', { name: `Donor ${y}` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only where we disagree' }).uncheck();
  await expect(cardsA).toHaveCount(2);

  // Compare both with both ratings on top.
  await page.getByRole('checkbox', { name: `Compare donor ${x}` }).check();
  await page.getByRole('checkbox', { name: `Compare donor ${y}` }).check();
  await page.getByRole('link', { name: 'Compare (2)' }).click();
  await expect(page).toHaveURL(/\/family\/compare\?ids=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare donors together' })).toBeVisible();
  const blairRow = page.getByRole('row', { name: /Blair's rating/ });
  await expect(blairRow).toContainText('Yes');
  await expect(blairRow).toContainText('No');
  await expectNoAxeViolations(page, '/family/compare');

  await contextB.close();
});
