import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DB } from './harness.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every file and folder under `dir` (itself included) with its permission bits. */
function modes(dir: string): { file: string; mode: number; isDir: boolean }[] {
  const out = [{ file: dir, mode: statSync(dir).mode & 0o777, isDir: true }];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...modes(full));
    else out.push({ file: full, mode: statSync(full).mode & 0o777, isDir: false });
  }
  return out;
}

/** Starts the real server process on a free port and stops it once it says it is running. */
async function startAndStop(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    // The shell's usual umask would make files world-readable; the server must not depend on it.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += String(c)));
  child.stderr.on('data', (c: Buffer) => (output += String(c)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not running within 60 s:\n${output}`)), 60_000);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.stdout.on('data', () => {
      if (output.includes('Kindred is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

describe('the data directory', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'k-datadir-')), 'data');
  const db = TEST_DB === 'postgres' ? createTestDb() : undefined;
  afterAll(async () => {
    await (await db)?.close();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('a fresh DATA_DIR is for its owner only once the server started: folders 0700, files 0600', async () => {
    const url = (await db)?.url;
    await startAndStop({ DATA_DIR: dataDir, DATABASE_URL: url ?? '', JWT_SECRET: '' });
    const found = modes(dataDir);
    // The generated JWT secret, and with PGlite the whole embedded database.
    expect(found.some((f) => f.file.endsWith('jwt-secret'))).toBe(true);
    if (!url) expect(found.filter((f) => !f.isDir).length).toBeGreaterThan(10);
    const open = found.filter((f) => f.mode & 0o077).map((f) => `${f.file} ${f.mode.toString(8)}`);
    expect(open).toEqual([]);
  }, 120_000);
});
