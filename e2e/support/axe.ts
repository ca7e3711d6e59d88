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
