import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';

/** axe-core (WCAG 2 A/AA) on every public page, at desktop and phone widths. */

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  expect(summary, `axe violations on ${label}:\n${JSON.stringify(summary, null, 2)}`).toEqual([]);
}

const PAGES = ['/', '/about', '/support', '/faqs', '/blogs', '/blogs/surrogacy-basics', '/find-blog', '/fertility-guide-steps', '/pricing', '/privacy-policy', '/terms-conditions'];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, `${path} at ${width}px`);
      });
    }
  });
}

test('/faqs with sections and a question open, and the contact error shown, has no axe violations', async ({ page }) => {
  await page.goto('/faqs');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.locator('summary', { hasText: 'About the Service' }).click();
  await page.locator('summary', { hasText: 'What is Kindred?' }).click();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await expectNoViolations(page, '/faqs (open, error)');
});
