import type { Page } from '@playwright/test';
import { demoAdmin, expect, signInViaUi } from './fixtures.ts';

/**
 * The operator console's staff (issue 15, ADR 022): the seeded demo accounts and signing in as them. Both have the
 * password global-setup gives the demo editor for the run.
 */

/** The seeded demo support agent (support role: users, donors, inbox; no money, no health data). */
export const demoSupport = {
  email: 'support@kindred.local',
  get password(): string {
    return demoAdmin.password;
  },
};

/**
 * Staff have no plan, so 'Complete Your Profile' opens after sign-in: wait for it (it opens once the profile has
 * loaded) and close it, so that it cannot cover the console later.
 */
export async function closeCompleteProfileDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Signs in through the login screen as the demo admin (the editor) and closes the plan dialog. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInViaUi(page, demoAdmin);
  await closeCompleteProfileDialog(page);
}

/** Signs in through the login screen as the demo support agent and closes the plan dialog. */
export async function signInAsSupport(page: Page): Promise<void> {
  await signInViaUi(page, demoSupport);
  await closeCompleteProfileDialog(page);
}
