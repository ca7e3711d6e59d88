import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { findMatchesResponseSchema } from '@kindred/shared/matching.schemas';
import { createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, saveProfile, seedCatalogue } from './matching-helpers.ts';

/** What find-matches costs when a parent asks for a page again (issue 26): reads only, and few of them. */
describe('find-matches, a page asked again', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  it('reads the database in 4 statements, writes nothing, and answers what the schema would', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const first = await findMatches(ctx.app, parent.access, profileId);
    expect(first.statusCode, first.body).toBe(200);
    // The purchase's receipt is delivered after its commit: let it finish, or its "sent" mark lands in the count.
    await ctx.services.mail.flush();

    const statements = vi.spyOn(ctx.db, 'query');
    const transactions = vi.spyOn(ctx.db, 'transaction');
    try {
      const again = await findMatches(ctx.app, parent.access, profileId);
      expect(again.statusCode, again.body).toBe(200);
      // The caller and their plan, the health-data consent, the set's version (with the parent's screen's), and
      // how the page's donors were last shown. It was 5: the screen was read apart on every request.
      const read = statements.mock.calls.map(([sql]) => sql.replace(/\s+/g, ' ').slice(0, 90));
      expect(read, read.join('\n')).toHaveLength(4);
      expect(transactions).not.toHaveBeenCalled();
      expect(again.body).toBe(first.body);
      // The schema serializer writes what zod's encoding of the same answer would (defaults filled, nothing
      // unlisted such as the per-factor breakdown); only the order of keys may differ.
      expect(again.json()).toEqual(z.encode(findMatchesResponseSchema, again.json()));
      expect(again.json()).toEqual(findMatchesResponseSchema.strict().parse(again.json()));
      expect(again.json().matches.length).toBeGreaterThan(10);
    } finally {
      statements.mockRestore();
      transactions.mockRestore();
    }
  });
});
