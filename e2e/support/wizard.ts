import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Helpers for the preference wizard and donor matches specs (issue 5). */

export const PLANS = {
  trial: 'Trial (Free one-time)',
  starter: 'Starter ($129 one-time)',
  premium: 'Premium ($149 / month)',
} as const;

export const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

export async function check(page: Page, groupName: string, option: string) {
  const box = group(page, groupName).getByRole('checkbox', { name: option, exact: true });
  await box.check();
  await expect(box).toBeChecked();
}

export const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 }).first();
export const forward = (page: Page, name: 'Continue' | 'Sign Up' | 'Submit') =>
  page.getByRole('button', { name, exact: true });

export async function expectTexts(page: Page, texts: readonly string[]) {
  for (const t of texts) await expect(page.getByText(t, { exact: true }), t).toBeVisible();
}

/** The live count's number, once the socket has answered. */
export async function liveCount(page: Page): Promise<number> {
  const value = page.getByTestId('live-count-value');
  await expect(value).toBeVisible({ timeout: 10_000 });
  return Number((await value.innerText()).replace(/\D+/g, ''));
}

/** Waits until the live count differs from `before` and returns it. */
export async function liveCountChangedFrom(page: Page, before: number): Promise<number> {
  await expect.poll(() => liveCount(page), { timeout: 10_000, message: 'live count changes' }).not.toBe(before);
  return liveCount(page);
}

export async function setSlider(thumb: Locator, key: 'Home' | 'End') {
  await thumb.focus();
  await thumb.press(key);
}

/** BUY NOW on /subscription, through the built-in test checkout for paid plans, until /donor-matches. */
export async function subscribe(page: Page, plan: keyof typeof PLANS) {
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 10_000 });
  await page.getByRole('button', { name: `BUY NOW: ${PLANS[plan]}`, exact: true }).click();
  if (plan !== 'trial') {
    await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
  }
  await expect(page).toHaveURL(/\/donor-matches$/, { timeout: 15_000 });
}
