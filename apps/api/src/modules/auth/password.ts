import { hash, verify } from '@node-rs/argon2';
import { SERVER_MSG } from '@kindred/shared';

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

/** Very common passwords are refused even though they meet the spec's 6-character minimum. */
const COMMON = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'qwerty',
  'qwerty123',
  'abc123',
  '111111',
  '000000',
  '123123',
  'iloveyou',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'admin',
  'admin123',
  'passw0rd',
  'master',
  'shadow',
  '654321',
  '666666',
  '121212',
  'qwertyuiop',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'zaq12wsx',
  'asdfgh',
  'secret',
]);

/** A field error for the new password, or null when it is acceptable. */
export function passwordPolicyError(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return SERVER_MSG.passwordTooCommon;
  if (email && lower === email.toLowerCase()) return SERVER_MSG.passwordTooCommon;
  return null;
}
