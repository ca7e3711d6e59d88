import { expectNoAxeViolations } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { test, expect, newUser, signUpViaApi, signInViaUi, toast, getLocalStorage } from '../support/fixtures.ts';
import {
  check,
  expectTexts,
  forward,
  group,
  liveCount,
  liveCountChangedFrom,
  setSlider,
  stepHeading,
  subscribe,
} from '../support/wizard.ts';
import { watchLiveCount } from '../support/live-count.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * The preference wizard end to end (issue 5, "Done when"): for each donor type a visitor starts the wizard, is
 * asked to sign up on the Demographic step, signs in, completes every step (each validation message once), watches
 * the live count change, submits, subscribes through the test checkout and sees ranked matches whose count follows
 * the plan; at desktop width and at 390 px. axe-core runs on every step and on the matches page.
 */

const CHIP_ALERT = 'Please complete the current step before proceeding to the next step.';

const FLOWS = [
  { donorType: 'Egg Donor', plan: 'trial', shown: 1 },
  { donorType: 'Sperm Donor', plan: 'starter', shown: 3 },
  { donorType: 'Surrogate', plan: 'premium', shown: null },
] as const;

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: '390 px', size: { width: 390, height: 844 } },
] as const;

async function expectStep(page: Page, title: string) {
  await expect(stepHeading(page)).toHaveText(title);
}

for (const viewport of VIEWPORTS) {
  for (const flow of FLOWS) {
    test(`${flow.donorType} at ${viewport.name}: visitor → sign up → every step → submit → ${flow.plan} → matches`, async ({
      page,
      request,
    }) => {
      // The whole journey, including Premium's second page of 50 cards: about 2.5 min on a loaded 2-core machine.
      test.setTimeout(journeyTimeout(300_000));
      await page.setViewportSize(viewport.size);
      const live = watchLiveCount(page);
      const surrogate = flow.donorType === 'Surrogate';
      // A full page of 100 match cards takes longer to capture than the default 10 s action limit.
      const shot = (name: string) =>
        page.screenshot({
          path: `test-results/wizard-${flow.plan}-${viewport.size.width}-${name}.png`,
          fullPage: true,
          timeout: 30_000,
        });

      await test.step('a visitor opens the wizard on the Welcome step', async () => {
        await page.goto('/profile-steps');
        await expect(page.getByRole('heading', { level: 1, name: 'Find the Perfect Match' })).toBeVisible();
        await expect(page.getByText('Create Profile', { exact: true })).toBeVisible();
        await expectStep(page, 'Welcome Board');
        await expect(page.getByTestId('live-count')).toHaveCount(0);
        await expectNoAxeViolations(page, 'Welcome');
      });

      await test.step('Welcome: messages, the chip rule, address suggestions and the donor type', async () => {
        await forward(page, 'Continue').click();
        await expectTexts(page, ['Please enter your location.', 'Please select a donor type.']);
        await page.getByRole('button', { name: /^2\. Demographic/ }).click();
        await expect(page.getByRole('alert').filter({ hasText: CHIP_ALERT })).toBeVisible();
        await expectNoAxeViolations(page, 'Welcome with messages');
        await page.getByRole('combobox', { name: 'Your location' }).fill('Austi');
        await page.getByRole('option', { name: 'Austin, TX, United States' }).click();
        await expect(page.getByRole('combobox', { name: 'Your location' })).toHaveValue('Austin, TX, United States');
        await check(page, 'Which donor are you looking for?', flow.donorType);
        await expect(page.getByText('Please select a donor type.', { exact: true })).toHaveCount(0);
        const steps = page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button');
        await expect(steps).toHaveCount(surrogate ? 7 : 6);
        if (viewport.size.width === 390 || flow.plan === 'trial') await shot('welcome');
        await forward(page, 'Continue').click();
      });

      await test.step('Demographic: every message, then the forward button asks a visitor to sign up', async () => {
        await expectStep(page, 'Demographic');
        await expect(forward(page, 'Sign Up')).toBeVisible();
        await forward(page, 'Sign Up').click();
        await expectTexts(page, [
          'Race selection is required',
          'Ethnicity selection is required',
          'Hair Color selection is required',
          'Eye Color selection is required',
          'Height is required',
          'Age Range is required',
          'Please select Yes or No for dealbreakers',
        ]);
        await expectNoAxeViolations(page, 'Demographic with messages');
        await check(page, 'Race', 'White');
        await check(page, 'Race', 'Asian');
        await check(page, 'Race', 'No Preference');
        // 'No Preference' is exclusive.
        await expect(group(page, 'Race').getByRole('checkbox', { name: 'White', exact: true })).not.toBeChecked();
        for (const g of ['Ethnicity', 'Hair colour', 'Eye colour', 'Height (inches)', 'Age range'])
          await check(page, g, 'No Preference');
        await page.getByRole('radio', { name: 'No' }).check();
        await expect(page).toHaveURL(/\/profile-steps$/);
      });

      await test.step('a signed-in step opens Login Required; Continue Later returns to the Demographic step', async () => {
        await page.getByRole('button', { name: /^3\. Medical & Genetic/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Login Required' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('link', { name: 'Create Login' })).toHaveAttribute('href', '/login');
        await dialog.getByRole('button', { name: 'Continue Later' }).click();
        await expect(dialog).toBeHidden();
        await expectStep(page, 'Demographic');
        await forward(page, 'Sign Up').click();
        await expect(page).toHaveURL(/\/register$/);
      });

      const user = newUser();
      await test.step('signs up and signs in, then comes back to the wizard where they left off', async () => {
        await signUpViaApi(request, user);
        await signInViaUi(page, user);
        await page.goto('/profile-steps');
        await expectStep(page, 'Demographic');
        expect(await getLocalStorage(page, 'donor_type_preference')).toBe(
          JSON.stringify(
            flow.donorType === 'Egg Donor' ? 'egg' : flow.donorType === 'Sperm Donor' ? 'sperm' : 'surrogate',
          ),
        );
        await expect(forward(page, 'Continue')).toBeVisible();
        expect(await liveCount(page)).toBeGreaterThan(0);
        await expectNoAxeViolations(page, 'Demographic signed in');
      });

      let count = 0;
      await test.step('Medical & Genetic: messages, exclusive None Known, live count', async () => {
        await forward(page, 'Continue').click();
        await expectStep(page, 'Medical & Genetic');
        await forward(page, 'Continue').click();
        await expectTexts(page, ['Medical history is required.', 'Genetic screening is required.']);
        await expectNoAxeViolations(page, 'Medical & Genetic with messages');
        await check(page, 'Genetic Screening Preferences', 'Cystic fibrosis');
        await check(page, 'Genetic Screening Preferences', 'None Known');
        await expect(
          group(page, 'Genetic Screening Preferences').getByRole('checkbox', { name: 'Cystic fibrosis' }),
        ).not.toBeChecked();
        // Accepting chronic conditions lifts a hard filter: the live count changes as the parent answers.
        // Compare with the answer to the genetics choices above, not with one still on its way.
        count = await live.settled();
        await check(page, 'Medical History', 'Hypertension');
        const widened = await liveCountChangedFrom(page, count);
        expect(widened).toBeGreaterThan(count);
        await check(page, 'Medical History', 'Obesity');
        await check(page, 'Medical History', 'No chronic conditions preferred');
        await expect(group(page, 'Medical History').getByRole('checkbox', { name: 'Hypertension' })).not.toBeChecked();
        await liveCountChangedFrom(page, widened);
        await check(page, 'Medical History', 'Hypertension');
        await forward(page, 'Continue').click();
      });

      if (surrogate) {
        await test.step('Pregnancy History (surrogates only): messages and answers', async () => {
          await expectStep(page, 'Pregnancy History');
          await forward(page, 'Continue').click();
          await expectTexts(page, ['Please select pregnancy history', 'Please select pregnancy complication history']);
          await expectNoAxeViolations(page, 'Pregnancy History with messages');
          await check(page, 'Pregnancy history', 'No preference');
          await check(page, 'Pregnancy complication history', 'Complications are acceptable');
          await forward(page, 'Continue').click();
        });
      }

      await test.step('Lifestyle: messages, single-selects in two columns, the live count changes', async () => {
        await expectStep(page, 'Lifestyle');
        await forward(page, 'Continue').click();
        await expectTexts(page, [
          'Education level is required',
          'Smoking history is required',
          'Recreational drugs field is required',
          'Regular exercise history is required',
        ]);
        await expectNoAxeViolations(page, 'Lifestyle with messages');
        // A single-select: another choice replaces the first; clicking the chosen one again clears it.
        await check(page, 'Minimum education level', 'Doctorate');
        await check(page, 'Minimum education level', 'No Preference');
        await expect(
          group(page, 'Minimum education level').getByRole('checkbox', { name: 'Doctorate' }),
        ).not.toBeChecked();
        await group(page, 'Minimum education level').getByRole('checkbox', { name: 'No Preference' }).uncheck();
        await check(page, 'Minimum education level', 'College');
        await check(page, 'Smoking history', 'No Preference');
        await check(page, 'Recreational drugs', 'No Preference');
        await check(page, 'Regular exercise', 'No Preference');
        if (viewport.size.width === 390 || flow.plan === 'trial') await shot('lifestyle');
        await forward(page, 'Continue').click();
      });

      await test.step('Values and Legal: the religion message, slider, post-match and insurance questions', async () => {
        await expectStep(page, 'Values and Legal');
        await expect(
          page.getByText('How Important are Values and Legal factors to you', { exact: true }),
        ).toBeVisible();
        const thumb = page.getByRole('slider', { name: 'How important are values and legal factors to you?' });
        // The slider's first mark, 0% · Not Important, is accepted (ADR 007): only the religion is missing.
        await setSlider(thumb, 'Home');
        await expect(page.getByText('0% · Not Important', { exact: true })).toBeVisible();
        await forward(page, 'Continue').click();
        await expectTexts(page, ['Please select a religion.']);
        await expect(page.getByText('Please select a valid age.', { exact: true })).toHaveCount(0);
        await expectNoAxeViolations(page, 'Values with messages');
        await setSlider(thumb, 'End');
        await expect(page.getByText('100% · Extremely Important', { exact: true }).first()).toBeVisible();
        await check(page, 'Religion', 'No Preference');
        await page
          .getByRole('radiogroup', { name: 'Are you interested in post-match communication with the donor?' })
          .getByRole('radio', { name: 'Yes' })
          .check();
        const insurance = page.getByRole('radiogroup', {
          name: 'Surrogate must have their own health insurance covering pregnancy?',
        });
        if (surrogate) await insurance.getByRole('radio', { name: 'No' }).check();
        else await expect(insurance).toHaveCount(0);
        await forward(page, 'Continue').click();
      });

      await test.step('Review shows the answers; submit goes to /subscription without a plan', async () => {
        await expectStep(page, 'Review Your Preferences');
        const row = (label: string) => page.getByRole('row', { name: new RegExp(`^${label}\\b`) });
        await expect(row('Donor type')).toContainText(flow.donorType);
        await expect(row('Location')).toContainText('Austin, TX, United States');
        await expect(row('Importance')).toContainText('100%');
        // A sentence, not a field dump (issue 24): "Dealbreaker: false" reads as the choice it was.
        await expect(row('Dealbreakers')).toContainText(
          'None: donors who miss a preference are ranked lower, never hidden.',
        );
        await expect(row('Religion')).toContainText('No Preference');
        // Issue 24: no row for a question not asked (details after "No") or an optional one left unanswered
        // (alcohol use), so no "—"; the sliders left alone say so, the one moved says its value.
        const table = page.getByRole('table');
        await expect(table.getByRole('cell', { name: '—', exact: true })).toHaveCount(0);
        await expect(row('Dealbreaker details')).toHaveCount(0);
        await expect(row('Alcohol use')).toHaveCount(0);
        await expect(row('Lifestyle importance')).toContainText('Default importance (not changed): 100%');
        await expect(row('Values importance')).toContainText('100% (Extremely Important)');
        await expect(row('Values importance')).not.toContainText('Default importance');
        await expectNoAxeViolations(page, 'Review');
        if (viewport.size.width === 390 || flow.plan === 'trial') await shot('review');
        // Consent to the use of health data is asked before the first set is saved (ADR 019).
        const consent = page.getByRole('checkbox', { name: /^I agree that Kindred uses the health information/ });
        await expect(consent).not.toBeChecked();
        await forward(page, 'Submit').click();
        await expectTexts(page, ['Please tick the box to let us use your health information for matching.']);
        await consent.check();
        await forward(page, 'Submit').click();
        await expect(toast(page, 'Your preferences were saved.')).toBeVisible();
        await expect(page).toHaveURL(/\/subscription$/, { timeout: 10_000 });
        expect(await getLocalStorage(page, 'preferred_races')).toBeNull();
        expect(await getLocalStorage(page, 'profileId')).toMatch(/^[0-9a-f-]{36}$/);
      });

      await test.step(`subscribes to ${flow.plan} and sees ranked matches whose count follows the plan`, async () => {
        await subscribe(page, flow.plan);
        await expect(page.getByRole('heading', { level: 1, name: 'Your Donor Matches' })).toBeVisible();
        const cards = page.getByTestId('match-card');
        await expect(cards.first()).toBeVisible({ timeout: 15_000 });
        const n = await cards.count();
        if (flow.shown !== null) {
          expect(n).toBe(flow.shown);
          await expect(page.getByTestId('total-matches')).toHaveText(`Total Matches: ${n}`);
        } else {
          // Premium shows every match, 50 per page.
          const total = Number((await page.getByTestId('total-matches').innerText()).replace(/\D+/g, ''));
          expect(n).toBe(Math.min(total, 50));
          if (total > 50) {
            await page.getByRole('button', { name: /^Show more matches/ }).click();
            // The second page is ranked, fetched and rendered (50 cards with avatars): it took over 7 s at load 15
            // on 2 cores (issue 11's flake runs).
            await expect(cards).toHaveCount(Math.min(total, 100), { timeout: 20_000 });
          }
        }
        const scores = await page.getByTestId('score-badge').allInnerTexts();
        // One decimal, as the engine rounds it ("91.7% match").
        const values = scores.map((s) => Number(/([\d.]+)%/.exec(s)![1]));
        expect(values).toEqual([...values].sort((a, b) => b - a));
        await expect(cards.first()).toContainText(flow.donorType);
        // The payment toast fades out with a translucent frame that axe would measure; check the settled page.
        await expect(toast(page, /Payment successful/)).toHaveCount(0, { timeout: 10_000 });
        await expectNoAxeViolations(page, 'matches');
        await shot('matches');
      });
    });
  }
}

test('the live count shows a reconnecting state when the socket drops, then recovers', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  let connections = 0;
  // The first connection is cut by the test 1.5 s after it opens; later ones pass straight through to the server.
  // The wizard's socket only, not the header bell's (`for=notifications`) or another named one.
  await page.routeWebSocket(/\/ws\/realtime-matching\/(?![^#]*[?&]for=)/, (ws) => {
    ws.connectToServer();
    if (++connections === 1) setTimeout(() => void ws.close({ code: 4000, reason: 'test drop' }), 1500);
  });
  await page.goto('/profile-steps');
  const banner = page.getByTestId('live-count');
  await expect(banner).toBeVisible();
  await expect(banner.getByText('Reconnecting…')).toBeVisible({ timeout: 5_000 });
  await expectNoAxeViolations(page, 'wizard while reconnecting');
  await expect(banner.getByText('Reconnecting…')).toBeHidden({ timeout: 10_000 });
  expect(await liveCount(page)).toBeGreaterThan(0);
  expect(connections).toBeGreaterThanOrEqual(2);
});
