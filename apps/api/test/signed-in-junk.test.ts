import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { createTestClinic, quickParents } from './appointments-helpers.ts';
import { routesFrom, type Route } from './openapi-routes.ts';
import { wideRates } from './payments-helpers.ts';
import { walkSignedIn } from './signed-in-junk.ts';

/**
 * Junk at the signed-in routes of parents and of clinic staff, with a valid token of that role (the console's own
 * walk is in console-review.test.ts; junk.test.ts sends junk without a valid token). A clinic's date filter
 * answered 500 to the year 0000 before this walk existed.
 */

/** Generated cases per property (more with REVIEW_JUNK_RUNS). */
const RUNS = Number(process.env.REVIEW_JUNK_RUNS ?? 15);

describe('junk past the guard', () => {
  let ctx: TestContext;
  let routes: Route[];

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    routes = routesFrom(ctx.app.swagger() as never).filter((r) => r.secured);
  });
  afterAll(() => ctx.close());

  it(
    'every clinic portal route with a clinic staff token: a documented 4xx, never a 5xx',
    { timeout: 600_000 },
    async () => {
      const clinic = await createTestClinic(ctx.db);
      const [staff] = await quickParents(ctx, 1, 'clinic');
      await ctx.db.query('update users set clinic_id = $2 where id = $1', [staff!.id, clinic.clinicId]);
      const own = routes.filter((r) => r.path.startsWith('/api/v1/clinic/'));
      expect(own.length).toBeGreaterThan(8);
      await walkSignedIn(ctx, own, staff!.access, { runs: RUNS, bodies: 'all' });
    },
  );

  it(
    "every parent's signed-in route with a parent token: a documented 4xx, never a 5xx",
    { timeout: 600_000 },
    async () => {
      const [parent] = await quickParents(ctx, 1);
      const own = routes.filter((r) => !/^\/api\/v1\/(admin|clinic)\//.test(r.path));
      expect(own.length).toBeGreaterThan(20);
      await walkSignedIn(ctx, own, parent!.access, { runs: RUNS, bodies: 'with-path' });
    },
  );
});
