import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A message as the SMTP sink (support/global-setup.ts) stored it. */
export type StoredMail = { file: string; to: string[]; raw: string };

function mailDir(): string {
  const dir = process.env.MAIL_DIR;
  if (!dir)
    throw new Error(
      'MAIL_DIR is not set: run the tests through e2e/playwright.config.ts (its global setup starts the SMTP sink)',
    );
  return dir;
}

/** Every stored message to `address`, oldest first (file names sort by arrival). */
export function mailsTo(address: string): StoredMail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  const want = address.toLowerCase();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string }),
    }))
    .filter((m) => m.to.includes(want));
}

/** Undoes quoted-printable: soft line breaks (`=\r\n`) and `=XX` escapes. Harmless on 7bit/8bit bodies. */
export function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text of a raw message: headers and every part, quoted-printable and base64 parts decoded. */
export function decodedText(raw: string): string {
  const pieces: string[] = [decodeQuotedPrintable(raw)];
  // base64 parts: decode each block that follows a `Content-Transfer-Encoding: base64` header.
  const b64 = /Content-Transfer-Encoding:\s*base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi;
  for (const m of raw.matchAll(b64)) pieces.push(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return pieces.join('\n');
}

const CODE_RE = /Your Kindred verification code is\s+(?:<[^>]*>\s*)?(\d{6})/;

/** The six-digit code in a message, or null. */
export function extractCode(raw: string): string | null {
  return CODE_RE.exec(decodedText(raw))?.[1] ?? null;
}

/**
 * Waits for a verification-code mail to `address` that arrived after `afterCount` earlier messages to that
 * address (take the count with `mailsTo(address).length` before triggering the mail) and returns its code.
 */
export async function waitForVerificationCode(
  address: string,
  opts: { afterCount?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const fresh = mailsTo(address).slice(opts.afterCount ?? 0);
    for (let i = fresh.length - 1; i >= 0; i--) {
      const code = extractCode(fresh[i]!.raw);
      if (code) return code;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no verification-code mail to ${address} within ${opts.timeoutMs ?? 10_000} ms (${fresh.length} new messages to it; MAIL_DIR=${process.env.MAIL_DIR})`,
      );
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Waits until a message to `address` whose decoded text matches `pattern` has arrived. */
export async function waitForMail(address: string, pattern: RegExp, timeoutMs = 10_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(address).findLast((m) => pattern.test(decodedText(m.raw)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
