import { test, expect } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/** The public site (issue 6): navigation, FAQ, contact, articles, carousel, and pages that read without JavaScript. */

/** Server-rendered pages are visible before the client takes over; wait for hydration before clicking widgets. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

test('header links reach About Us, FAQs and Fertility Resources', async ({ page }) => {
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compassionate, accessible reproductive care');
  await expect(page).toHaveTitle('About Us | Kindred');
  await nav.getByRole('link', { name: 'FAQs' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await nav.getByRole('link', { name: 'Fertility Resources' }).click();
  await expect(page).toHaveURL(/\/fertility-guide-steps$/);
  const items = page.locator('main ul > li');
  await expect(items.nth(4)).toContainText('Patient Communities and Support Groups');
  for (const body of ['ASRM', 'ACOG', 'ACMG', 'CDC'])
    await expect(items.filter({ hasText: body }).first()).toBeVisible();
});

test('footer links reach Blogs, Pricing and the legal pages, scrolled to the top', async ({ page }) => {
  await open(page, '/');
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole('heading', { name: 'For Latest Blogs' })).toBeVisible();
  await footer.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible();
  await expect(page.getByText(/1\.5% per month/)).toBeVisible();
  await expect(page.getByText(/laws of the State of Illinois/)).toBeVisible();
  // Smooth scrolling takes a moment to reach the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await footer.getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the hamburger menu leads to the public pages', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Fertility Resources' }).click();
    await expect(page).toHaveURL(/\/fertility-guide-steps$/);
    await expect(page.getByRole('heading', { name: 'Fertility Resources', level: 1 })).toBeVisible();
  });
});

test('FAQ sections and questions open and close independently', async ({ page }) => {
  await open(page, '/faqs');
  const billing = page
    .locator('details', { has: page.locator('summary', { hasText: 'Pricing, Trials & Billing' }) })
    .first();
  const privacy = page
    .locator('details', { has: page.locator('summary', { hasText: 'Data, Privacy & Security' }) })
    .first();
  const answer = page.getByText(/carry interest of 1\.5% per month/);
  await expect(answer).toBeHidden();
  await billing.locator('summary').first().click();
  await expect(privacy).not.toHaveAttribute('open');
  await billing.getByText('When am I billed?').click();
  await expect(answer).toBeVisible();
  await billing.getByText('Can I get a refund?').click();
  await expect(answer).toBeVisible();
  await billing.getByText('When am I billed?').click();
  await expect(answer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Disclaimers and Important Notes' })).toBeVisible();
  await expect(page.locator('main section > details > summary')).toHaveCount(9);
});

test('contact form: required fields, then success clears the form', async ({ page }) => {
  await open(page, '/faqs');
  const send = page.getByRole('button', { name: 'Send Message' });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin');
  await send.click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('robin@example.test');
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Do you support international intended parents?');
  // The server refuses forms sent within two seconds of loading (bot guard).
  await page.waitForTimeout(2200);
  await send.click();
  await expect(page.getByText('Thank you! Your message has been sent successfully.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue('');
});

test('contact form: a failed send shows the error text', async ({ page }) => {
  await page.route('**/api/v1/contact-us/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"boom"}' })
      : route.continue(),
  );
  await open(page, '/faqs');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('robin@example.test');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Hello?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Sorry, there was an error sending your message. Please try again.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Robin');
});

test('reading an article from the home page, then from its shareable link', async ({ page }) => {
  await open(page, '/');
  const firstCard = page
    .getByRole('heading', { name: 'Guides for your journey' })
    .locator('..')
    .locator('article')
    .first();
  const title = (await firstCard.getByRole('heading').textContent())!.replace(/\.\.\.$/, '');
  await firstCard.getByRole('link', { name: /^Read Articles/ }).click();
  await expect(page).toHaveURL(/\/find-blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  const share = page.getByRole('link', { name: /^\/blogs\// });
  const href = (await share.getAttribute('href'))!;
  await share.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
});

test('a direct link to an article is server-rendered with its title and description', async ({ page, request }) => {
  const res = await request.get('/blogs/carrier-screening-explained');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Carrier Screening Explained: Why Compatibility Is About the Pair | Kindred</title>');
  expect(html).toContain('property="og:type" content="article"');
  expect(html).toContain('1 in 4');
  await open(page, '/blogs/carrier-screening-explained');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Carrier Screening Explained: Why Compatibility Is About the Pair',
  );
  await expect(page.getByText(/\d{1,3}(,\d{3})* views/).first()).toBeVisible();
  const missing = await request.get('/blogs/no-such-article');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('No articles found.');
});

test('the testimonials carousel wraps around in both directions', async ({ page }) => {
  await open(page, '/');
  const carousel = page.locator('section[aria-roledescription="carousel"]');
  await expect(carousel.getByText('1 / 3')).toBeVisible();
  const first = await carousel.locator('blockquote').textContent();
  await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
  await expect(carousel.getByText('3 / 3')).toBeVisible();
  await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  await expect(carousel.getByText('1 / 3')).toBeVisible();
  await expect(carousel.locator('blockquote')).toHaveText(first!);
  for (let i = 0; i < 3; i += 1) await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  await expect(carousel.getByText('1 / 3')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  const PAGES: [string, string][] = [
    ['/', 'Leveraging AI to help individuals and couples find their perfect match!'],
    ['/about', 'Compassionate, accessible reproductive care'],
    ['/faqs', 'Disclaimers and Important Notes'],
    ['/support', 'Support'],
    ['/blogs', 'LATEST ARTICLES'],
    ['/blogs/how-to-choose-a-donor', 'How to Choose an Egg or Sperm Donor: A Practical Guide'],
    ['/fertility-guide-steps', 'Patient Communities and Support Groups'],
    ['/pricing', 'Pricing'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-conditions', 'Terms and Conditions'],
  ];
  for (const [path, text] of PAGES) {
    test(`${path} shows its main text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toContainText(text);
      await expect(page.locator('footer')).toContainText(
        'Leveraging AI to help individuals and couples find their perfect match!',
      );
    });
  }
  test('the home page lists articles, the team and a testimonial', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Meet Our Team' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(3);
    await expect(page.getByText('Dr. Amara Okafor')).toBeVisible();
    await expect(page.locator('blockquote')).toHaveCount(1);
  });
});
