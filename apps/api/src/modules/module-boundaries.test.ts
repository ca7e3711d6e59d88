/**
 * A module's repository (its SQL) is private to the module: other modules go through its service. Enforced here
 * for the modules listed, which keep it today (issue 24: matching and favourites read the parent's carrier
 * screening through the genetics service). Older modules that still share repositories are not listed yet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const PRIVATE_REPOSITORIES = ['genetics'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('module boundaries', () => {
  it.each(PRIVATE_REPOSITORIES)("no other module imports the %s module's repository", (module) => {
    const offenders = sources(SRC)
      .filter((file) => !relative(SRC, file).startsWith(join('modules', module)))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from '([^']+\.repository\.ts)'/g)]
          .filter((m) => m[1]!.includes(`/${module}/`))
          .map((m) => `${relative(SRC, file)} imports ${m[1]}`),
      );
    expect(offenders).toEqual([]);
  });
});
