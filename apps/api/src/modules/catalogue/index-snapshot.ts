import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which engine build a snapshot of the matching index belongs to (issue 26, migration 120): a hash of the source of
 * the engine (`@kindred/matching`) and of the vocabularies it encodes with (`@kindred/shared`). Any change to either
 * gives another key, so a snapshot is only ever loaded by the code that wrote it; a deploy of changed code pays one
 * start that builds from the rows (and writes a snapshot for the next). Read once per process (~0.5 MB of source).
 */
let build: Promise<string> | undefined;

async function sourceDirHash(hash: ReturnType<typeof createHash>, entry: string) {
  const dir = path.dirname(fileURLToPath(import.meta.resolve(entry)));
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(await readFile(path.join(dir, f)))
      .update('\0');
}

export function engineBuild(): Promise<string> {
  build ??= (async () => {
    const hash = createHash('sha256');
    await sourceDirHash(hash, '@kindred/matching');
    await sourceDirHash(hash, '@kindred/shared/preferences');
    return hash.digest('hex').slice(0, 32);
  })();
  return build;
}
