import { test, expect } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * The FAQ contact form's failure paths: a refused form token (the page was left open past the token's life) is
 * replaced once, without the visitor doing anything; a refusal that remains shows the server's own message; a
 * question over the limit is counted and explained before anything is sent.
 */

const TOKEN_URL = '**/api/v1/contact-us/token/';
const SEND_URL = '**/api/v1/contact-us/';
const EXPIRED = 'This form has expired. Please reload the page and try again.';
const GENERIC = 'Sorry, there was an error sending your message. Please try again.';
const SUCCESS = 'Thank you! Your message has been sent successfully.';
const TOO_LONG = 'Please keep your question to 5,000 characters or fewer.';

/** A token the server refuses: well-formed, an hour old, with a signature it never made. */
const forgedToken = () => JSON.stringify({ token: `${Date.now() - 3_600_000}.forged-signature` });

async function openFaq(page: Page) {
  await page.goto('/faqs');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

async function fill(page: Page, question: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('robin@example.test');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(question);
}

/** Counts the form's POSTs as they reach the network. */
function countSends(page: Page) {
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/contact-us\/$/.test(r.url())) sends.push(r.postData() ?? '');
  });
  return sends;
}

test('a refused form token is replaced once and the message is sent', async ({ page }) => {
  let tokens = 0;
  // The first token the page gets is refused by the server; later ones come from the server as usual.
  await page.route(TOKEN_URL, (route) =>
    ++tokens === 1 ? route.fulfill({ contentType: 'application/json', body: forgedToken() }) : route.continue(),
  );
  const sends = countSends(page);
  await openFaq(page);
  await fill(page, 'Do you work with clinics abroad?');
  // The server refuses forms sent within two seconds of loading (bot guard).
  await page.waitForTimeout(2200);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible({ timeout: 15_000 });
  expect(sends).toHaveLength(2);
  expect(JSON.parse(sends[0]!).form_token).toContain('forged-signature');
  expect(JSON.parse(sends[1]!).form_token).not.toContain('forged-signature');
  // One token for the retry, and one more taken after the success for a next message.
  expect(tokens).toBe(3);
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue('');
});

test("a token refused again after the retry shows the server's message, not the generic one", async ({ page }) => {
  await page.route(TOKEN_URL, (route) => route.fulfill({ contentType: 'application/json', body: forgedToken() }));
  const sends = countSends(page);
  await openFaq(page);
  await fill(page, 'Is there a waiting list?');
  await page.waitForTimeout(2200);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(EXPIRED)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(GENERIC)).toHaveCount(0);
  expect(sends).toHaveLength(2);
  // What the visitor wrote is kept for another try.
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue('Is there a waiting list?');
});

test('a question over 5,000 characters is counted and explained, and nothing is sent', async ({ page }) => {
  const sends = countSends(page);
  await page.route(SEND_URL, (route) => route.continue());
  await openFaq(page);
  const counter = page.getByTestId('question-counter');
  await expect(counter).toHaveText('0 / 5,000');
  await fill(page, 'x'.repeat(4_990));
  await expect(counter).toHaveText('4,990 / 5,000');
  await expect(page.getByText(TOO_LONG)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Question', exact: true }).pressSequentially('y'.repeat(11));
  await expect(counter).toHaveText('5,001 / 5,000');
  await expect(page.getByText(TOO_LONG)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(TOO_LONG)).toBeVisible();
  await expect(page.getByText(GENERIC)).toHaveCount(0);
  expect(sends).toHaveLength(0);
  await page.getByRole('textbox', { name: 'Question', exact: true }).press('Backspace');
  await expect(counter).toHaveText('5,000 / 5,000');
  await expect(page.getByText(TOO_LONG)).toHaveCount(0);
});
