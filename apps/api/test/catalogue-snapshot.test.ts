import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, rankDonors, type Donor, type DonorIndex } from '@kindred/matching';
import { normalizePreferences } from '@kindred/shared/preferences';
import { buildExtraInstance, createTestContext, type TestContext, type TestInstance } from './harness.ts';

/** Three questions a parent might ask, over every donor type and the filters that read most of the columns. */
const QUESTIONS = [
  normalizePreferences({ donor_type_preference: 'sperm' }, { origin: null }),
  normalizePreferences(
    { donor_type_preference: 'egg', preferred_races: ['asian', 'white'], preferred_eye_colors: ['brown'] },
    { origin: { lat: 40.75, lon: -73.99 } },
  ),
  normalizePreferences({ donor_type_preference: 'surrogate', dealbreakers: 'yes' }, { origin: null }),
];
const answers = (index: DonorIndex) => QUESTIONS.map((q) => rankDonors(index, q, { limit: 40, offset: 3 }));

/**
 * Issue 26, start time: an instance keeps a snapshot of the index it built (migration 120), and the next one to
 * start loads it and applies only the donors changed since, instead of reading and encoding every donor.
 */
describe('a snapshot of the matching index', () => {
  let ctx: TestContext;
  const started: TestInstance[] = [];
  const donors = generateDonors(300, 'snapshot');
  /** An instance started now on the test's database; `min` donors make a catalogue keep a snapshot. */
  const start = async (min = 1) => {
    const instance = await buildExtraInstance(ctx, { indexSnapshotMinDonors: min });
    started.push(instance);
    const { index } = await instance.services.catalogue.current();
    await instance.services.catalogue.snapshotWritten();
    return { catalogue: instance.services.catalogue, index };
  };
  const stored = () =>
    ctx.db.query<{ catalogue_version: string; donors: number }>(
      'select catalogue_version::text, donors from catalogue_index_snapshots',
    );

  beforeAll(async () => {
    // The test's own instance keeps no snapshot (the default size is far above this catalogue's).
    ctx = await createTestContext();
    await ctx.services.catalogue.upsert(donors);
  });
  afterAll(async () => {
    for (const instance of started) await instance.app.close();
    await ctx?.close();
  });

  it('is written by an instance that built its index from the rows, and loaded by the next one', async () => {
    const first = await start();
    expect(first.catalogue.loadedFrom()).toBe('rows');
    const [row] = await stored();
    expect(row).toMatchObject({ donors: 300 });

    const second = await start();
    expect(second.catalogue.loadedFrom()).toBe('snapshot');
    expect(answers(second.index)).toEqual(answers(first.index));
  });

  it('is brought up to date with the donors changed and added since it was written', async () => {
    const before = Number((await stored())[0]!.catalogue_version);
    // Twelve donors change (other attributes, the same people), eight arrive: fewer than the tenth of the catalogue
    // past which reading the rows is cheaper than catching up.
    const others = generateDonors(20, 'snapshot-changes');
    const changed: Donor[] = others.slice(0, 12).map((d, i) => ({
      ...d,
      reference_id: donors[i * 7]!.reference_id,
      bank_name: donors[i * 7]!.bank_name,
      bank_donor_id: donors[i * 7]!.bank_donor_id,
    }));
    // New people: ids of their own, landing all over the reference-id order.
    const arrivals = others
      .slice(12)
      .map((d, i) => ({ ...d, reference_id: `${d.reference_id}N${i}`, bank_donor_id: `SNAP-NEW-${i}` }));
    await ctx.services.catalogue.upsert([...changed, ...arrivals]);

    const caughtUp = await start();
    expect(caughtUp.catalogue.loadedFrom()).toBe('snapshot');
    expect(caughtUp.index.size).toBe(308);
    // The same answers as an instance that reads every row (it keeps no snapshot and reads none).
    const fromRows = await start(Number.POSITIVE_INFINITY);
    expect(fromRows.catalogue.loadedFrom()).toBe('rows');
    expect(answers(caughtUp.index)).toEqual(answers(fromRows.index));
    // The instance that caught up stored the newer snapshot for the next start.
    const [row] = await stored();
    expect(Number(row!.catalogue_version)).toBeGreaterThan(before);
    expect(row!.donors).toBe(308);
  });

  it('is passed over when it is not a whole snapshot of this engine’s index, or another engine’s', async () => {
    const reference = answers((await start(Number.POSITIVE_INFINITY)).index);
    await ctx.db.query(`update catalogue_index_snapshots set bytes = '\\x0100'::bytea`);
    const afterDamage = await start();
    expect(afterDamage.catalogue.loadedFrom()).toBe('rows');
    expect(answers(afterDamage.index)).toEqual(reference);

    // It wrote a good one again; under another engine's key it is not read.
    await ctx.db.query(`update catalogue_index_snapshots set engine = 'another-engine-build'`);
    const otherEngine = await start();
    expect(otherEngine.catalogue.loadedFrom()).toBe('rows');
    expect(answers(otherEngine.index)).toEqual(reference);
  });

  it('is not kept for a catalogue below the size that needs one', async () => {
    await ctx.db.query('delete from catalogue_index_snapshots');
    const small = await start(10_000);
    expect(small.catalogue.loadedFrom()).toBe('rows');
    expect(await stored()).toEqual([]);
  });
});
