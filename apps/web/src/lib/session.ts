import { STORAGE_KEYS } from '@kindred/shared';
import type { UserDto } from '@kindred/shared';

/**
 * Browser session storage (spec section 3). The access token lives in localStorage as `userToken`; the refresh
 * token is an httpOnly cookie the script never sees. The password is never stored (see README).
 */
const SESSION_EVENT = 'kindred:session';

function notify(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.userToken);
}

/** The signed-in user's id as stored at sign-in, if any. */
export function getProfileUserId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.profileUserId);
}

export function setToken(access: string): void {
  localStorage.setItem(STORAGE_KEYS.userToken, access);
  notify();
}

export function saveSignIn(access: string, user: UserDto): void {
  localStorage.setItem(STORAGE_KEYS.userToken, access);
  localStorage.setItem(STORAGE_KEYS.profileUserId, user.id);
  saveProfileData(user);
  notify();
}

export function saveProfileData(user: UserDto): void {
  localStorage.setItem(STORAGE_KEYS.profileData, JSON.stringify(user));
}

/**
 * The cached profile, if it still has today's shape. A copy written by an older version (a field missing, say) is
 * dropped rather than shown: the page waits for the fresh profile instead of failing on the stale one.
 */
export function readProfileData(): UserDto | undefined {
  const raw = localStorage.getItem(STORAGE_KEYS.profileData);
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (isUserDto(parsed)) return parsed;
  localStorage.removeItem(STORAGE_KEYS.profileData);
  return undefined;
}

// Every field of UserDto with its type (the compiler checks none is missing). Checked by hand, not with the zod
// schema: this module is in every first load, and zod is not.
const USER_FIELDS = {
  id: 'string',
  first_name: 'string',
  last_name: 'string',
  email: 'string',
  phone_number: 'string',
  date_of_birth: 'string',
  relationship_to_child: 'string',
  highest_education: 'string',
  race: 'string',
  ethnicity: 'string',
  role: 'string',
  subscription: 'boolean',
  created_at: 'string',
} as const satisfies Record<keyof UserDto, 'string' | 'boolean'>;

function isUserDto(value: unknown): value is UserDto {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Object.entries(USER_FIELDS).every(([key, type]) => typeof v[key] === type);
}

/** What the guard removes for every token failure reason (spec section 4). */
export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.userToken);
  localStorage.removeItem(STORAGE_KEYS.profileUserId);
  notify();
}

/** Sign-out: the token, the user id and the cached profile go; remembered e-mail stays. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.profileData);
  clearToken();
}

/** The three keys the spec's 'Complete Now' keeps. */
export const COMPLETE_NOW_KEEPS: readonly string[] = [
  STORAGE_KEYS.profileData,
  STORAGE_KEYS.profileUserId,
  STORAGE_KEYS.userToken,
];

/** Which of `keys` 'Complete Now' removes: all but the spec's three and `alsoKeep`. */
export function keysClearedByCompleteNow(keys: readonly string[], alsoKeep: readonly string[] = []): string[] {
  return keys.filter((key) => !COMPLETE_NOW_KEEPS.includes(key) && !alsoKeep.includes(key));
}

/**
 * 'Complete Now': everything except the three keys the profile flow still needs and `alsoKeep` (the caller passes
 * the wizard's draft and progress keys, so answers given before signing up survive; README, ADR 007).
 */
export function clearAllExceptProfile(alsoKeep: readonly string[] = []): void {
  for (const key of keysClearedByCompleteNow(Object.keys(localStorage), alsoKeep)) localStorage.removeItem(key);
}

export type RememberedLogin = { email: string } | null;

export function readRememberedLogin(): RememberedLogin {
  if (localStorage.getItem(STORAGE_KEYS.rememberMe) !== 'true') return null;
  return { email: localStorage.getItem(STORAGE_KEYS.rememberedEmail) ?? '' };
}

export function saveRememberedLogin(email: string | null): void {
  if (email === null) {
    localStorage.removeItem(STORAGE_KEYS.rememberMe);
    localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
    return;
  }
  localStorage.setItem(STORAGE_KEYS.rememberMe, 'true');
  localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
}

export function getOtpToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.otpToken);
}

export function setOtpToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.otpToken, token);
}

export function clearOtpToken(): void {
  localStorage.removeItem(STORAGE_KEYS.otpToken);
  sessionStorage.removeItem(STORAGE_KEYS.resetEmail);
}

export function setResetEmail(email: string): void {
  sessionStorage.setItem(STORAGE_KEYS.resetEmail, email);
}

export function getResetEmail(): string | null {
  return sessionStorage.getItem(STORAGE_KEYS.resetEmail);
}

/** Subscribe to sign-in/out in this tab and in others (the `storage` event). */
export function subscribeSession(listener: () => void): () => void {
  window.addEventListener(SESSION_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(SESSION_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
