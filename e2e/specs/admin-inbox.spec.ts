import { randomBytes } from 'node:crypto';
import { test, expect, newUser, signInViaUi, signUpViaApi, toast } from '../support/fixtures.ts';
import { signInAsSupport } from '../support/console.ts';
import { decodedText, waitForMail } from '../support/mail.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * The operator console's Inbox (issue 15): a visitor writes through the public contact form; support finds the
 * message, assigns it to themselves, replies (the reply reaches the visitor's mailbox and stays with the message)
 * and closes it.
 */

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

test('support answers a contact message from the console: assign, reply by e-mail, close', async ({ page }) => {
  const id = tag();
  const visitor = { name: `Robin ${id}`, email: `visitor-${id}@example.test` };
  const question = `Do your partner clinics accept frozen embryos from abroad? (${id})`;

  // A visitor sends the FAQ contact form.
  await page.goto('/faqs');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(visitor.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(visitor.email);
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(question);
  // The server refuses forms sent within two seconds of loading (bot guard).
  await page.waitForTimeout(2200);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent successfully.')).toBeVisible({ timeout: 15_000 });

  // Support finds it in the inbox.
  await signInAsSupport(page);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await page.getByRole('textbox', { name: 'Search' }).fill(id);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  const row = page.getByRole('row').filter({ hasText: visitor.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New');
  await expect(row).toContainText('Nobody');
  await expectNoAxeViolations(page, '/admin/inbox');

  // The message page: assign to me, reply, close.
  await row.getByRole('link', { name: visitor.name }).click();
  await expect(page.getByRole('heading', { name: `Message from ${visitor.name}`, level: 1 })).toBeVisible();
  await expect(page.getByText(question)).toBeVisible();
  await expect(page.getByText('Nobody has replied yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'an inbox message');
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(toast(page, 'Assigned to Sasha Okafor.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Sasha Okafor');
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Write a reply.')).toBeVisible();
  const answer = `Yes: two of our partner clinics accept them. We have sent you their details. (${id})`;
  await page.getByRole('textbox', { name: 'Your reply' }).fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Your reply is sent.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: answer })).toContainText('Sasha Okafor');
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();

  // The visitor receives it.
  const mail = await waitForMail(visitor.email, /Re: your message to Kindred/);
  const text = decodedText(mail.raw);
  expect(text).toContain(answer);
  expect(text).toContain(question);

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(toast(page, 'The message is closed.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // Back in the list, the reply is kept with the message after a reload.
  await page.getByRole('link', { name: '← Back to the inbox' }).click();
  // The status filter's radios are drawn as segments: the visible label is what a person clicks.
  await page
    .locator('label')
    .filter({ hasText: /^Closed$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Closed' })).toBeChecked();
  await expect(page).toHaveURL(/status=closed/);
  await page.getByRole('textbox', { name: 'Search' }).fill(id);
  await expect(page).toHaveURL(new RegExp(`status=closed.*q=${id}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: visitor.name })).toContainText('Sasha Okafor');
  await page.getByRole('row').filter({ hasText: visitor.name }).getByRole('link', { name: visitor.name }).click();
  await expect(page).toHaveURL(/\?message=/);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Message from ${visitor.name}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: answer })).toBeVisible();
});

test('a parent gets no access to the inbox', async ({ page, request }) => {
  const parent = newUser();
  await signUpViaApi(request, parent);
  await signInViaUi(page, parent);
  await page.goto('/admin/inbox');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page.' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
