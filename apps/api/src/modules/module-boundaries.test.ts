/**
 * A module's repository (its SQL) is private to the module: other modules go through its service (issues 24 and 27,
 * ADR 011). Checked for every module, with no exceptions list, next to the dependency-cruiser rule
 * `module-repositories-are-private`: a file under modules/X/ (a sub-folder such as appointments/booking is the same
 * module) imports only X's *.repository.ts; a file outside modules/ (lib, jobs, plugins, seed, cli, scripts) imports
 * none. Tests outside modules/ and the benchmarks in scripts/bench* may: they set rows up and time or check a
 * repository's SQL directly, as they did before the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const MODULES = join(SRC, 'modules');
const ROOT = join(SRC, '..', '..', '..');
const SCRIPTS = join(ROOT, 'scripts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'node_modules'
        ? []
        : sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

/** Every module specifier a text names: static imports and re-exports (over several lines too) and import(). */
const specifiersIn = (text: string) =>
  [...text.matchAll(/\bfrom\s*'([^']+)'|\bimport\s*\(?\s*'([^']+)'/g)].map((m) => (m[1] ?? m[2])!);
const specifiers = (file: string) => specifiersIn(readFileSync(file, 'utf8'));

/** The module a file belongs to (first folder under modules/), or undefined outside modules/. */
function moduleOf(file: string): string | undefined {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') || !rel.includes(sep) ? undefined : rel.split(sep)[0];
}

function offenders(files: string[]): string[] {
  return files.flatMap((file) => {
    const own = moduleOf(file);
    return specifiers(file)
      .filter((s) => s.startsWith('.') && s.endsWith('.repository.ts'))
      .map((s) => resolve(dirname(file), s))
      .filter((target) => {
        const owner = moduleOf(target);
        return owner !== undefined && owner !== own;
      })
      .map((target) => `${relative(ROOT, file)} imports ${relative(ROOT, target)}`);
  });
}

const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('module boundaries', () => {
  it('finds the modules and their repositories', () => {
    expect(modules).toContain('genetics');
    expect(modules.length).toBeGreaterThan(20);
  });

  it.each(modules)("no file outside the %s module imports the module's repositories", (module) => {
    const own = join(MODULES, module);
    const files = sources(SRC).filter(
      (f) => !f.startsWith(own + sep) && (moduleOf(f) !== undefined || !f.endsWith('.test.ts')),
    );
    const scripts = sources(SCRIPTS).filter(
      (f) => !relative(SCRIPTS, f).startsWith('bench') && !f.endsWith('.test.ts'),
    );
    expect(offenders([...files, ...scripts]).filter((o) => o.includes(`/modules/${module}/`))).toEqual([]);
  });

  it('catches an import from another module, over several lines too', () => {
    // The check above relies on these: a multi-line import and an import() of another module's repository count.
    const text =
      "import {\n  a,\n  b,\n} from '../x/x.repository.ts';\nconst c = await import('../y/y.repository.ts');";
    expect(specifiersIn(text)).toEqual(['../x/x.repository.ts', '../y/y.repository.ts']);
  });
});
