import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's WCAG checks on the page as it is now; the failure lists each rule with up to five offending nodes.
 * `level` '2.1' adds the WCAG 2.1 A/AA rules; `soft` lets a test go on to check its other screens.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  opts: { level?: '2.0' | '2.1'; soft?: boolean } = {},
) {
  const tags = opts.level === '2.1' ? ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] : ['wcag2a', 'wcag2aa'];
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
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  const check = opts.soft === false ? expect : expect.soft;
  check(summary, `axe violations on ${label}:\n${JSON.stringify(summary, null, 2)}`).toEqual([]);
}
