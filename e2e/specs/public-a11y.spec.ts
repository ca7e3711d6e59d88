import { test, expect } from '../support/fixtures.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/** axe-core (WCAG 2 A/AA) on every public page, at desktop and phone widths. */

const PAGES = [
  '/',
  '/about',
  '/support',
  '/faqs',
  '/blogs',
  '/blogs/surrogacy-basics',
  '/find-blog',
  '/fertility-guide-steps',
  '/pricing',
  '/privacy-policy',
  '/terms-conditions',
];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page, `${path} at ${width}px`, { level: '2.1', soft: false });
      });
    }
  });
}

test('/faqs with sections and a question open, and the contact error shown, has no axe violations', async ({
  page,
}) => {
  await page.goto('/faqs');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.locator('summary', { hasText: 'About the Service' }).click();
  await page.locator('summary', { hasText: 'What is Kindred?' }).click();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await expectNoAxeViolations(page, '/faqs (open, error)', { level: '2.1', soft: false });
});
