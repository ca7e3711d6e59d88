import { randomBytes } from 'node:crypto';
import { test, expect, demoAdmin, signInViaApi } from '../support/fixtures.ts';

/**
 * How public pages load (issue 6, docs/decisions/006 and 008): the app starts after the server-rendered page has
 * painted, a tap made before it has started is not lost, and uploaded images arrive in the size and format the
 * browser can best use, lazily below the fold.
 */

const DEMO_ADMIN = demoAdmin;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a tap on the menu before the app has started opens the menu once it has', async ({ page }) => {
    // Hold the app's entry script back, as a slow connection would, so the tap lands before hydration.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await burger.tap();
    // Give the tap time to have had any effect: none, since the app is not running yet.
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
  });
});

test('the server sends one boot script, which starts the app; the page reads before any of it runs', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const boot =
    /<script type="module" src="(\/assets\/boot-[\w-]+\.js)" id="kindred-boot" data-modules="([^"]+)"><\/script>/.exec(
      html,
    );
  expect(boot, 'boot tag').not.toBeNull();
  const modules = boot![2]!.split(' ');
  expect(modules[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(modules.some((m) => /home-page/.test(m))).toBe(true);
  // No other script or preload tag competes with the page for the connection.
  expect(html.match(/<script type="module"/g)).toHaveLength(1);
  expect(html).not.toContain('rel="modulepreload"');
  for (const m of modules) expect((await request.get(m)).status(), m).toBe(200);
});

test('an uploaded cover image arrives as AVIF at a width that fits the screen, with WebP and JPEG fallbacks', async ({
  page,
  request,
}) => {
  const token = await signInViaApi(request, DEMO_ADMIN);
  const auth = { Authorization: `Bearer ${token}` };
  // A 1600×900 photo-like PNG drawn in the browser.
  await page.goto('/about');
  const png = Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 900;
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, 1600, 900);
      g.addColorStop(0, '#0f6e6e');
      g.addColorStop(1, '#f8eff5');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 1600, 900);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    }),
  );
  const uploaded = await request.post('/api/v1/admin/images/', {
    headers: { ...auth, 'Content-Type': 'image/png' },
    data: png,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const image = await uploaded.json();
  expect(image).toMatchObject({ width: 1600, height: 900 });

  const slug = `cover-image-${randomBytes(4).toString('hex')}`;
  const created = await request.post('/api/v1/admin/blogs/', {
    headers: auth,
    data: {
      title: 'A cover image test',
      slug,
      content: 'Body text for the cover image test.',
      featured_image: image.url,
      published: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  const mediaRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/media/${image.id}/`)) mediaRequests.push(new URL(r.url()).pathname);
  });
  await page.goto(`/blogs/${slug}`);
  const hero = page.locator('main article picture img');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(page.locator('main article picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    new RegExp(`/media/${image.id}/320\\.avif 320w`),
  );
  await expect(page.locator('main article picture source[type="image/webp"]')).toHaveCount(1);
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const chosen = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  // 358 CSS px wide at a device pixel ratio of 1: Chromium picks the 640 px AVIF, and fetches nothing else.
  expect(chosen).toMatch(new RegExp(`/media/${image.id}/640\\.avif$`));
  expect(mediaRequests).toEqual([`/media/${image.id}/640.avif`]);
  const served = await request.get(new URL(chosen).pathname);
  expect(served.headers()['content-type']).toBe('image/avif');
  expect(served.headers()['cache-control']).toContain('immutable');

  // On the blog page the grid of articles is below the fold: its card image waits until it is scrolled to.
  await page.goto('/blogs');
  const card = page.getByRole('region', { name: 'LATEST ARTICLES' }).locator(`article img[src*="/media/${image.id}/"]`);
  await expect(card).toHaveAttribute('loading', 'lazy');
  await expect(card).toHaveAttribute('sizes', /100vw/);
});
