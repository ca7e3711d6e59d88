import { randomBytes, randomInt } from 'node:crypto';
import { webDistStamp } from './web-dist.ts';
import { decodedText, waitForMail } from './mail.ts';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Shared fixtures. Every test gets its own client address: the server trusts X-Forwarded-For (TRUST_PROXY=1)
 * and rate-limits sign-up and sign-in per IP, so tests must not share one. The addresses come from the
 * documentation ranges 198.51.100.0/24 and 203.0.113.0/24; only the header carries them, traffic stays on 127.0.0.1.
 */
const RANGES = ['198.51.100', '203.0.113'] as const;
// Each worker walks its own range (by parallel index) from a random start, so concurrent tests never collide.
const hostStart = randomInt(254);
let hostCounter = 0;
export function clientIpFor(parallelIndex: number): string {
  const prefix = RANGES[parallelIndex % RANGES.length]!;
  return `${prefix}.${((hostStart + hostCounter++) % 254) + 1}`;
}

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  /** National number as typed into the phone field with the country left on United States. */
  phone: string;
  password: string;
  dateOfBirth: string;
};

/** Six random lowercase letters: a part of a name no other run has (names take letters, not digits). */
export function uniqueLetters(): string {
  return Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A user nobody has registered yet: unique e-mail, valid names, US phone, adult date of birth. */
export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    firstName: 'Avery',
    lastName: 'Lindqvist',
    email: `e2e-${tag}@example.test`,
    phone: '2025550143',
    password: `Kindred-${randomBytes(4).toString('hex')}`,
    dateOfBirth: '1990-05-17',
    ...overrides,
  };
}

/** Registers a user through the API (for tests whose subject is not sign-up itself). */
export async function signUpViaApi(request: APIRequestContext, user: NewUser): Promise<void> {
  const res = await request.post('/api/v1/auth/parent/signup/', {
    data: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone_number: `+1${user.phone}`,
      password: user.password,
      password_confirm: user.password,
      date_of_birth: user.dateOfBirth,
    },
  });
  expect(res.status(), `sign-up via API: ${await res.text()}`).toBe(201);
}

/**
 * Verifies the address through the link in the welcome mail (issue 13): until then every mail but the welcome is
 * held, so specs that expect receipts, export or deletion mail verify first.
 */
export async function verifyEmailViaApi(request: APIRequestContext, email: string): Promise<void> {
  const welcome = await waitForMail(email, /Welcome to Kindred/);
  const token = /\/verify-email\?token=([\w.~%-]+)/.exec(decodedText(welcome.raw))?.[1];
  expect(token, 'a verification link in the welcome mail').toBeTruthy();
  const res = await request.post('/api/v1/auth/verify-email/', { data: { token: decodeURIComponent(token!) } });
  expect(res.status(), `verify e-mail via API: ${await res.text()}`).toBe(200);
}

/** The seeded demo editor (admin role); global-setup gives the server a fresh password for each run. */
export const demoAdmin = {
  email: 'admin@kindred.demo',
  /** Read when used: workers get it from global-setup through the environment. */
  get password(): string {
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set: run the specs through e2e/playwright.config.ts');
    return password;
  },
};

/** Signs in through the API and returns the access token. */
export async function signInViaApi(
  request: APIRequestContext,
  user: Pick<NewUser, 'email' | 'password'>,
): Promise<string> {
  const res = await request.post('/api/v1/auth/login/', { data: { email: user.email, password: user.password } });
  expect(res.status(), `sign-in via API: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { tokens: { access: string } };
  return body.tokens.access;
}

/**
 * Records the parent's consent to the use of their health data for matching (ADR 019), as the wizard asks before
 * the first preference set is saved: specs that save preferences through the API give it here.
 */
export async function grantHealthConsent(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post('/api/v1/profile/consents/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'health_data_matching', granted: true, source: 'wizard' },
  });
  expect(res.status(), `consent via API: ${await res.text()}`).toBe(200);
}

/** Signs in through the login screen and waits for /profile. */
export async function signInViaUi(page: Page, user: Pick<NewUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
}

/** What Chromium says when a navigation or reload replaces the document while an evaluation runs in it. */
const CONTEXT_GONE = /Execution context was destroyed|Cannot find context with specified id|Frame was detached/;

/**
 * `page.evaluate` that survives a navigation: when a reload or a full navigation destroys the document's context
 * in the middle of the call, it waits for the new document's load event and evaluates there instead. A plain
 * evaluate (also inside `expect.poll`, which does not retry a callback that throws) fails with "Execution context
 * was destroyed" instead.
 */
export async function evaluateAcrossNavigation(page: Page, expression: string): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(expression);
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/**
 * Runs `action`, a click that navigates and then reloads the page (as 'Complete Now' does), and returns once the
 * reloaded document has loaded: until then the old document may still be on screen and take clicks that the
 * reload then throws away.
 */
export async function afterReload(page: Page, action: () => Promise<void>): Promise<void> {
  await page.evaluate('window.__e2eBeforeReload = true');
  await action();
  await expect
    .poll(() => evaluateAcrossNavigation(page, 'window.__e2eBeforeReload === true'), { message: 'the page reloads' })
    .toBe(false);
  await page.waitForLoadState('load');
}

/** Everything in the page's localStorage and sessionStorage (string-evaluated so no DOM typings are needed). */
export async function dumpStorage(
  page: Page,
): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return (await evaluateAcrossNavigation(
    page,
    '({ local: Object.fromEntries(Object.entries(localStorage)), ' +
      'session: Object.fromEntries(Object.entries(sessionStorage)) })',
  )) as { local: Record<string, string>; session: Record<string, string> };
}

/** Closes the 'Complete Your Profile' dialog when it is open (it shows for users without a subscription). */
export async function dismissCompleteProfileDialog(page: Page): Promise<void> {
  // The dialog opens together with the loaded profile, so wait for the profile first, and for its fetch to settle:
  // after a reload the section shows the cached profile at once and the dialog opens only when the fresh one is in
  // (under load, after a first look found nothing, and its overlay then caught a later click).
  await expect(page.getByRole('region', { name: 'Personal Info' })).toBeVisible();
  // A page that keeps polling (an export being prepared) never goes idle: a few seconds is enough for the profile.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  // The page opens the dialog for a parent with no plan once the fresh profile is in. Ask the API, with the page's
  // own token, whether this one will: if so wait for it (on a busy machine it can come after the page looked idle,
  // and its overlay then swallows the next click); if not, a single look is enough.
  const token = await page.evaluate<string | null>("localStorage.getItem('userToken')").catch(() => null);
  let willOpen = false;
  if (token) {
    const res = await page.request.get('/api/v1/auth/profile/', { headers: { Authorization: `Bearer ${token}` } });
    if (res.ok()) willOpen = ((await res.json()) as { user?: { subscription?: boolean } }).user?.subscription === false;
  }
  const shown = willOpen
    ? await dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    : await dialog.isVisible().catch(() => false);
  if (shown) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

const REBUILT =
  'apps/web/dist was rebuilt or removed after the server started; the server still lists the old files, ' +
  'so pages would be blank. Rerun the e2e tests (npm run test:e2e builds once, first).';
let warnedRebuild = false;

type Fixtures = { clientIp: string; webDistUnchanged: void };

export const test = base.extend<Fixtures>({
  // The server registers the web app's files when it starts; a rebuild during the run (new hashed file names)
  // leaves it serving an index whose scripts 404. Fail fast and say so, instead of timing out on a blank page.
  webDistUnchanged: [
    // Playwright reads a fixture's dependencies from this destructuring pattern: it must stay `{}`.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const stamp = process.env.E2E_WEB_DIST_STAMP;
      if (stamp && webDistStamp() !== stamp) {
        // A rebuild in progress may put back the very same files (same hashes): give it a moment.
        const deadline = Date.now() + 15_000;
        while (webDistStamp() !== stamp && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
        if (webDistStamp() !== stamp) throw new Error(REBUILT);
      }
      await use();
      if (stamp && testInfo.status !== testInfo.expectedStatus && webDistStamp() !== stamp) {
        testInfo.annotations.push({ type: 'warning', description: REBUILT });
        if (!warnedRebuild) console.warn(`\n[e2e] ${REBUILT}\n`);
        warnedRebuild = true;
      }
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  clientIp: async ({}, use, testInfo) => {
    await use(clientIpFor(testInfo.parallelIndex));
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },
});

export { expect };

/** A react-hot-toast message (each toast is a role=status live region). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text });
}

/** Builds an unsigned three-part token with the given payload (the client checks format and exp only). */
export function fakeToken(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.${Buffer.from('not-a-signature').toString('base64url')}`;
}

/** Puts values into the page's localStorage (the page must already show an app URL). */
export async function setLocalStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await evaluateAcrossNavigation(
    page,
    `(() => { const e = ${JSON.stringify(entries)}; ` +
      'for (const k of Object.keys(e)) localStorage.setItem(k, e[k]); })()',
  );
}

/** One localStorage value, or null. */
export async function getLocalStorage(page: Page, key: string): Promise<string | null> {
  return (await evaluateAcrossNavigation(page, `localStorage.getItem(${JSON.stringify(key)})`)) as string | null;
}
