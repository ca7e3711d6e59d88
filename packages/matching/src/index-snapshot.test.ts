import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizePreferences } from '@kindred/shared/preferences';
import { buildIndex, counterfactuals, deserializeIndex, rankDonors, serializeIndex, updateIndex } from './index.ts';
import { AS_OF, catalogue, origin, rawPreferences, RUNS } from './test-arbitraries.ts';

describe('an index snapshot (issue 26: a start without encoding every donor again)', () => {
  it('gives back an index equal to the one written, which ranks and explains the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        rawPreferences,
        origin,
        (size, seed, raw, where) => {
          const index = buildIndex(catalogue(size, seed), { asOf: AS_OF });
          const bytes = serializeIndex(index);
          // At an odd offset inside a larger buffer, as a database driver may hand it over.
          const shifted = new Uint8Array(bytes.length + 3);
          shifted.set(bytes, 3);
          const back = deserializeIndex(shifted.subarray(3));
          expect(back).toEqual(index);
          // And as a Node Buffer (what node-postgres gives), whose slice is a view into a shared pool.
          expect(deserializeIndex(Buffer.from(bytes))).toEqual(index);
          const prefs = normalizePreferences(raw, { origin: where });
          expect(rankDonors(back, prefs, { limit: 20, offset: 5 })).toEqual(
            rankDonors(index, prefs, { limit: 20, offset: 5 }),
          );
          expect(counterfactuals(back, prefs)).toEqual(counterfactuals(index, prefs));
        },
      ),
      RUNS,
    );
  });

  it('is a starting point that takes later changes like the index it was written from', () => {
    const donors = catalogue(80, 7);
    const index = buildIndex(donors, { asOf: AS_OF });
    const changed = catalogue(80, 8)
      .slice(0, 5)
      .map((d, i) => ({ ...d, reference_id: donors[i]!.reference_id, bank_name: donors[i]!.bank_name }));
    const fromSnapshot = updateIndex(deserializeIndex(serializeIndex(index)), changed, { asOf: AS_OF });
    expect(fromSnapshot).toEqual(updateIndex(index, changed, { asOf: AS_OF }));
  });

  it('refuses bytes that are not a whole snapshot of this engine’s index', () => {
    const bytes = serializeIndex(buildIndex(catalogue(30, 3), { asOf: AS_OF }));
    expect(() => deserializeIndex(bytes.subarray(0, 2))).toThrow(/too short/);
    expect(() => deserializeIndex(bytes.subarray(0, bytes.length - 8))).toThrow(/cut short/);
    // Another engine's shape: a column renamed in the header (same length, so the bytes still parse).
    const headLength = new DataView(bytes.buffer).getUint32(0, true);
    const at = new TextDecoder().decode(bytes.subarray(4, 4 + headLength)).indexOf('"cols.race"');
    expect(at).toBeGreaterThan(0);
    const renamed = bytes.slice();
    renamed[4 + at + 7] = 'i'.charCodeAt(0);
    expect(() => deserializeIndex(renamed)).toThrow(/another shape/);
  });
});
