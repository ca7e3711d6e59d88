import { test, expect, newUser, signUpViaApi, signInViaApi, setLocalStorage } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * Defects a new user hit on the public pages (issue 11): the home page's height jumping while scrolling, a reload
 * of /find-blog, 'Sign In' flashing for a signed-in reader, cramped pricing features, a default-blue link.
 */

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('End on the home page lands on the footer, and the page keeps its height while scrolling', async ({ page }) => {
    await open(page, '/');
    const height = () => page.evaluate('document.documentElement.scrollHeight') as Promise<number>;
    const before = await height();
    await page.keyboard.press('End');
    await expect(page.locator('footer')).toBeInViewport();
    // Scrolling back up through every section does not change the page's height either.
    for (let y = before; y > 0; y -= 700) {
      await page.evaluate(`window.scrollTo(0, ${y})`);
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    }
    expect(Math.abs((await height()) - before)).toBeLessThan(50);
  });
});

test('reloading an article at /find-blog shows it again, without a hydration error or an empty-state flash', async ({
  page,
}) => {
  // The home page's article cards open the reader at /find-blog, with the article in the navigation state.
  await open(page, '/');
  const first = page.getByRole('heading', { name: 'Guides for your journey' }).locator('..').locator('article').first();
  const title = (await first.getByRole('heading').textContent())!.replace(/\.\.\.$/, '').trim();
  await first.getByRole('link', { name: /^Read Articles/ }).click();
  await expect(page).toHaveURL(/\/find-blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);

  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // Record 'No articles found.' if it is ever in the document, from the first byte of the reloaded page on.
  await page.addInitScript(() => {
    const w = window as unknown as { __sawEmpty: boolean };
    w.__sawEmpty = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('No articles found.')) w.__sawEmpty = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  expect(await page.evaluate('window.__sawEmpty')).toBe(false);
  expect(errors.filter((e) => /hydrat|#418|Minified React error/i.test(e))).toEqual([]);
});

test('the empty /find-blog page links to the blog in the app colours, not the default blue', async ({ page }) => {
  await open(page, '/find-blog');
  await expect(page.getByRole('heading', { name: 'No articles found.' })).toBeVisible();
  const link = page.getByRole('link', { name: 'blog', exact: true });
  const color = await link.evaluate((el) => getComputedStyle(el).color);
  expect(color).not.toBe('rgb(0, 0, 238)');
  await link.click();
  await expect(page).toHaveURL(/\/blogs$/);
});

test.describe('the header before the app has started', () => {
  // Only boot.ts runs; the app's own scripts never arrive, so the page stays as the server rendered it.
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, (route) => route.abort());
  });

  test('a signed-in reader sees Dashboard, never Sign In', async ({ page, request }) => {
    const user = newUser();
    await signUpViaApi(request, user);
    const access = await signInViaApi(request, user);
    await page.goto('/about-us');
    await setLocalStorage(page, { userToken: access });
    await page.goto('/blogs');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeHidden();
  });

  test('a signed-out reader sees Sign In, and so does a browser without JavaScript', async ({ page, browser }) => {
    await page.goto('/blogs');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(new URL('/blogs', page.url()).href);
    await expect(plain.locator('header').first().getByRole('link', { name: 'Sign In' })).toBeVisible();
    await noJs.close();
  });
});

test('pricing features are set with a readable line height', async ({ page }) => {
  await open(page, '/pricing');
  const item = page
    .getByRole('list', { name: /features/ })
    .first()
    .getByRole('listitem')
    .first();
  const { lineHeight, fontSize } = await item.evaluate((el) => {
    const s = getComputedStyle(el);
    return { lineHeight: parseFloat(s.lineHeight), fontSize: parseFloat(s.fontSize) };
  });
  expect(lineHeight / fontSize).toBeGreaterThanOrEqual(1.3);
});
