import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  demoAdmin,
  dismissCompleteProfileDialog,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  verifyEmailViaApi,
} from '../support/fixtures.ts';
import { bookViaApi, freeSlots } from '../support/appointments.ts';
import { clinicStaffViaApi, signInAsStaff } from '../support/clinic.ts';
import { journeyTimeout, scaled } from '../support/time.ts';

/**
 * Issue 25, "Accessibility and small screens": axe (WCAG 2.1 A/AA, plus the rule that a control's accessible name
 * contains its visible label) at 390 px on /profile and every console page.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function axeClean(page: Page, label: string, extraTags: string[] = []) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...extraTags])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  expect(summary, `axe violations on ${label}:\n${JSON.stringify(summary, null, 2)}`).toEqual([]);
}

test('/profile at 390 px: the consent buttons name what they show, and the payment-history loader is a status', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  // One booking, so Appointment Info has a row (CLN-HEB: a clinic no other spec books at).
  // Days ahead, so the parent may still cancel it online (the change window).
  const slots = (await freeSlots(request, 'CLN-HEB')).filter(
    (x) => Date.parse(x.starts_at) > Date.now() + 3 * 86_400_000,
  );
  await bookViaApi(request, await signInViaApi(request, user), 'CLN-HEB', slots[Date.now() % slots.length]!);
  // The payment history answers late, so axe sees its loader (the real answer, held until axe has checked the page
  // with the loader on it; nothing is faked).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/payments/**', async (route) => {
    await answered;
    await route.continue();
  });
  await signInViaUi(page, user);
  await dismissCompleteProfileDialog(page);
  const loader = page.getByRole('status', { name: /^Loading / });
  await expect(loader.first()).toBeVisible();
  await axeClean(page, '/profile while the payment history loads');
  await expect(page.getByRole('button', { name: /^Give consent: / }).first()).toBeVisible();
  answer();
  await expect(loader).toHaveCount(0, { timeout: scaled(15_000) });
  await axeClean(page, '/profile');

  // The appointment reads as a card: clinic, status and its actions on screen, no sideways scroll anywhere.
  const row = page.getByTestId('appointment-row').first();
  await expect(row).toContainText('(fictional)');
  await expect(row).toContainText(/pending/i);
  const cancel = row.getByRole('button', { name: /Cancel/ }).first();
  await expect(cancel).toBeVisible();
  const box = (await cancel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
});

const CONSOLE_PAGES = [
  ['/admin/users', 'Users'],
  ['/admin/donors', 'Donors'],
  ['/admin/clinics', 'Clinics'],
  ['/admin/plans', 'Plans'],
  ['/admin/inbox', 'Inbox'],
  ['/admin/audit', 'Audit log'],
] as const;

test('every console page at 390 px is axe clean', async ({ page }) => {
  // Six pages, each loaded and checked in turn.
  test.setTimeout(journeyTimeout(300_000));
  await signInViaUi(page, demoAdmin);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  if (await dialog.isVisible().catch(() => false)) await page.keyboard.press('Escape');
  for (const [path, heading] of CONSOLE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page, `${path} at 390 px`);
  }
});

test("the portal's Schedule tab keeps its headings in order (no jump from the page's h1 to a clinician's h3)", async ({
  page,
  request,
}) => {
  // CLN-PSB: a clinic no other spec edits the schedule of.
  const staff = await clinicStaffViaApi(request, 'CLN-PSB');
  await signInAsStaff(page, staff);
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Weekly hours', level: 2 })).toBeVisible({ timeout: 30_000 });
  await axeClean(page, '/clinic?tab=schedule', ['best-practice']);
});
