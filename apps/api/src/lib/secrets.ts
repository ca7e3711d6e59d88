import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The JWT signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in
 * DATA_DIR/jwt-secret (mode 0600), so nothing secret is ever committed and restarts keep sessions valid.
 */
export const resolveJwtSecret = (configured: string | undefined, dataDir: string) =>
  resolveGenerated(configured, dataDir, 'jwt-secret', 48, 32);

/**
 * The demo editor's password: DEMO_ADMIN_PASSWORD when set, otherwise one generated on first start and kept in
 * DATA_DIR/demo-admin-password (mode 0600). No deployment shares a known admin password.
 */
export const resolveDemoAdminPassword = (configured: string | undefined, dataDir: string) =>
  resolveGenerated(configured, dataDir, 'demo-admin-password', 12, 12);

/** `configured`, else the value kept in `dataDir/name`, else a new random one written there. */
async function resolveGenerated(
  configured: string | undefined,
  dataDir: string,
  name: string,
  bytes: number,
  minLength: number,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= minLength) return existing;
  } catch {
    // first start: fall through and create it
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
