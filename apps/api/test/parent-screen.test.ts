import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_SCREEN_MSG } from '@kindred/shared/parent-screen.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  newParent,
  type TestContext,
} from './harness.ts';
import { collectExport } from '../src/modules/rights/export.repository.ts';

const URL = '/api/v1/profile/carrier-screening/';

/**
 * A parent's own carrier screening (issue 24, ADR 023): the panel (name and genes covered, or "I don't know") and
 * the genes where they carry something, stored as health data under the consent of ADR 019.
 */
describe('parent carrier screening', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
  });
  afterAll(async () => ctx?.close());

  const get = (token: string) => ctx.app.inject({ url: URL, headers: bearer(token) });
  const put = (token: string, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as object });
  const stored = async (userId: string) =>
    (
      await ctx.db.query<{ screening: unknown }>('select screening from parent_carrier_screenings where user_id = $1', [
        userId,
      ])
    )[0]?.screening;

  const screen = {
    panel: { name: 'Horizon 27', genes_covered: ['CFTR', 'HBB', 'HBA', 'SMN1', 'FMR1'] },
    carrier_of: [{ gene: 'HBB', variant_class: 'hbb_s' }],
  };

  it('is empty until entered; saved, read back and replaced; removed on request', async () => {
    const parent = await newParent(ctx.app);
    expect((await get(parent.access)).json()).toEqual({ success: true, screen: null, updated_at: null });

    const saved = await put(parent.access, screen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: PARENT_SCREEN_MSG.saved, screen });
    expect((await get(parent.access)).json()).toMatchObject({ screen, updated_at: expect.any(String) });

    const unknownPanel = { panel: 'unknown', carrier_of: [{ gene: 'CFTR' }] };
    expect((await put(parent.access, unknownPanel)).statusCode).toBe(200);
    expect((await get(parent.access)).json().screen).toEqual(unknownPanel);

    const removed = await ctx.app.inject({ method: 'DELETE', url: URL, headers: bearer(parent.access) });
    expect(removed.json()).toMatchObject({ screen: null, message: PARENT_SCREEN_MSG.removed });
    expect(await stored(parent.id)).toBeUndefined();
  });

  it('is refused (403) without the health-data consent, and stores nothing', async () => {
    const parent = await newParent(ctx.app, {}, { consent: false });
    const res = await put(parent.access, screen);
    expect(res.statusCode).toBe(403);
    expectDocumentedErrorShape(res);
    expect(res.json().message).toBe(PARENT_SCREEN_MSG.consentRequired);
    expect(await stored(parent.id)).toBeUndefined();
  });

  it('bad input is a 400 naming the field, and leaves the saved screen as it was', async () => {
    const parent = await newParent(ctx.app);
    expect((await put(parent.access, screen)).statusCode).toBe(200);
    const bad = [
      // A carrier gene the panel did not cover.
      { panel: { name: 'Small panel', genes_covered: ['CFTR'] }, carrier_of: [{ gene: 'HBB' }] },
      // Not a gene.
      { panel: 'unknown', carrier_of: [{ gene: 'NOPE' }] },
      // A class of another gene.
      { panel: 'unknown', carrier_of: [{ gene: 'CFTR', variant_class: 'hbb_s' }] },
      // A panel with no genes, and the same gene twice.
      { panel: { name: 'Empty', genes_covered: [] }, carrier_of: [] },
      { panel: 'unknown', carrier_of: [{ gene: 'CFTR' }, { gene: 'CFTR' }] },
      {},
    ];
    for (const body of bad) {
      const res = await put(parent.access, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectDocumentedErrorShape(res);
    }
    const named = await put(parent.access, bad[0]);
    expect(named.json().carrier_of).toEqual([expect.stringContaining('HBB is not among the genes your panel covered')]);
    expect(await stored(parent.id)).toEqual(screen);
  });

  it('is in the data export and goes with the account', async () => {
    const parent = await newParent(ctx.app);
    expect((await put(parent.access, screen)).statusCode).toBe(200);
    const file = await collectExport(ctx.db, parent.id, 'x', ctx.clock.now());
    expect(file!.carrier_screening).toEqual([
      { screening: screen, created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    await ctx.db.query('delete from users where id = $1', [parent.id]);
    expect(await stored(parent.id)).toBeUndefined();
  });
});
