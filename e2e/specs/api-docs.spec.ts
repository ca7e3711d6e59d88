import { test, expect } from '../support/fixtures.ts';

/** The OpenAPI page runs under the site's own CSP (issue 13): no CSP of its own, and nothing it needs is blocked. */
test('/api/docs renders every operation under the same Content-Security-Policy as the site', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  const site = (await page.request.get('/')).headers()['content-security-policy'];
  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).toBe(site);
  expect(site).toContain("script-src 'self';");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Kindred API');
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(30);
  expect(problems).toEqual([]);
});
