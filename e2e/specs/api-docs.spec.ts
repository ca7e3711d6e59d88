import { test, expect } from '../support/fixtures.ts';
import { scaled } from '../support/time.ts';

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
  // The document (1.2 MB, every operation with its documented errors) is built on its first request and parsed by
  // Swagger UI in the page: seconds on a busy machine, more than the 7 s default (it failed once so in a run).
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Kindred API', { timeout: scaled(30_000) });
  await expect(page.locator('.opblock').first()).toBeVisible();
  // Swagger UI renders only the operations near the viewport once the document is long: scroll through the page
  // and count every operation shown on the way.
  const seen = new Set<string>();
  for (let step = 0; step < 80 && seen.size <= 30; step++) {
    const shown = await page.locator('.opblock .opblock-summary-path').allTextContents();
    for (const path of shown) seen.add(path);
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(100);
  }
  expect(seen.size).toBeGreaterThan(30);
  expect(problems).toEqual([]);
});
