import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { RunOptions } from 'axe-core';

/** axe-core's browser bundle, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact?: string | null; help: string; nodes: string[] };

/**
 * `axe.run` on the page's document; null when axe-core is not in this document yet. Only the violations come back,
 * each with up to five offending nodes (`resultTypes` spares axe the details of every passing node).
 */
function runAxe(page: Page, options: RunOptions): Promise<Violation[] | null> {
  return page.evaluate(async (opts) => {
    const axe = (window as unknown as { axe?: typeof import('axe-core') }).axe;
    if (!axe) return null;
    const results = await axe.run(document, { ...opts, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
    }));
  }, options);
}

/**
 * axe-core's WCAG checks on the page as it is now; the failure lists each rule with up to five offending nodes.
 * `level` '2.1' adds the WCAG 2.1 A/AA rules, `tags` and `rules` add others; `soft` false stops the test at a
 * failure, otherwise it goes on to check its other screens.
 *
 * axe-core is added to a document once and run in it directly (`axe.run`). @axe-core/playwright's `analyze()` did
 * the same work at a higher price on every call: it evaluated the 650 kB bundle twice, then opened a new blank page
 * to combine the results of the page's frames, and sent every passing node back; about a fifth of the CPU of an
 * axe-heavy spec (issue 26). The app has no frames, which is all that combining was for.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  opts: { level?: '2.0' | '2.1'; soft?: boolean; tags?: string[]; rules?: RunOptions['rules'] } = {},
) {
  const tags = [
    ...(opts.level === '2.1' ? ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] : ['wcag2a', 'wcag2aa']),
    ...(opts.tags ?? []),
  ];
  // A toast fading in is measured mid-animation at a fraction of its colour contrast (seen in a run: a toast at
  // 1.13:1, and the spec's retry then failed on the state its first try had left). axe looks once the finite
  // animations running now have ended (loaders and skeletons run forever and are not waited for), 3 s at most.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const options: RunOptions = { runOnly: { type: 'tag', values: tags }, ...(opts.rules ? { rules: opts.rules } : {}) };
  let violations = await runAxe(page, options);
  if (violations === null) {
    await page.evaluate(AXE_SOURCE);
    violations = await runAxe(page, options);
  }
  const check = opts.soft === false ? expect : expect.soft;
  check(violations, `axe violations on ${label}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
