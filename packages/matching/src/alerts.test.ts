import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizePreferences } from '@kindred/shared/preferences';
import { alertPassing, buildIndex, enteredAlerts, indexSourceOf } from './index.ts';
import { referenceIdAt } from './index-build.ts';
import { AS_OF, catalogue, origin, rawPreferences } from './test-arbitraries.ts';
import type { AlertQuery } from './alerts.ts';
import type { Donor, Refinement } from './types.ts';

/** Reference ids passing the alert in a whole-catalogue index: the oracle the small indexes must agree with. */
function passingRefs(donors: readonly Donor[], alert: AlertQuery): Set<string> {
  const index = buildIndex(donors, { asOf: AS_OF });
  const bits = alertPassing(index, alert);
  const out = new Set<string>();
  for (let d = 0; d < index.size; d++) if ((bits[d >>> 5]! >>> (d & 31)) & 1) out.add(referenceIdAt(index, d));
  return out;
}

const refinement: fc.Arbitrary<Refinement | undefined> = fc.option(
  fc.record(
    {
      ageMin: fc.integer({ min: 18, max: 35 }),
      heightMin: fc.integer({ min: 60, max: 72 }),
      includeReserved: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

describe('saved-search alerts: donors entering a passing set', () => {
  it('equals "passes now in the whole catalogue and did not before, or is new" for any change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.record({ raw: rawPreferences, origin, refine: refinement }), { minLength: 1, maxLength: 4 }),
        (seed, changedSeed, queries) => {
          const donors = catalogue(60, seed);
          const others = catalogue(60, changedSeed);
          // Donors 0-19 change attributes, 20-29 are new, the rest stay as they were.
          const changed = donors.slice(0, 20).map((d, i) => ({ ...others[i]!, reference_id: d.reference_id }));
          const fresh = others
            .slice(20, 30)
            .map((d, i) => ({ ...d, reference_id: `NEW${String(i).padStart(4, '0')}` }));
          const beforeAll = donors;
          const afterAll = [...changed, ...donors.slice(20), ...fresh];
          const alerts = queries.map((q) => ({
            prefs: normalizePreferences(q.raw, { origin: q.origin }),
            refine: q.refine,
          }));
          const refs = [...changed, ...fresh].map((d) => d.reference_id);
          const got = enteredAlerts(
            {
              refs,
              before: [...donors.slice(0, 20).map(indexSourceOf), ...fresh.map(() => null)],
              after: [...changed, ...fresh].map(indexSourceOf),
            },
            alerts,
            AS_OF,
          );
          alerts.forEach((alert, k) => {
            const was = passingRefs(beforeAll, alert);
            const now = passingRefs(afterAll, alert);
            const expected = refs.filter((r) => now.has(r) && !was.has(r)).sort();
            expect(got[k]).toEqual(expected);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a donor back in availability enters; one that was already passing does not, nor one now failing', () => {
    const [a, b, c] = catalogue(3, 7).map((d) => ({
      ...d,
      donor_type: 'egg' as const,
      chronic_conditions: [],
      families_so_far: 0,
      family_limit: 10,
    }));
    const prefs = normalizePreferences({ donor_type_preference: 'egg' }, { origin: null });
    const got = enteredAlerts(
      {
        refs: [a!.reference_id, b!.reference_id, c!.reference_id],
        before: [
          indexSourceOf({ ...a!, availability: 'unavailable' }),
          indexSourceOf({ ...b!, availability: 'available' }),
          indexSourceOf({ ...c!, availability: 'available' }),
        ],
        after: [
          indexSourceOf({ ...a!, availability: 'available' }),
          indexSourceOf({ ...b!, availability: 'available', essay: 'edited' } as Donor),
          indexSourceOf({ ...c!, availability: 'unavailable' }),
        ],
      },
      [{ prefs }],
      AS_OF,
    );
    expect(got).toEqual([[a!.reference_id]]);
  });

  it('a family slot opening makes a donor enter', () => {
    const [a] = catalogue(1, 9).map((d) => ({ ...d, availability: 'available' as const, chronic_conditions: [] }));
    const prefs = normalizePreferences({ donor_type_preference: a!.donor_type }, { origin: null });
    const full = indexSourceOf({ ...a!, family_limit: 5, families_so_far: 5 });
    const open = indexSourceOf({ ...a!, family_limit: 6, families_so_far: 5 });
    expect(enteredAlerts({ refs: [a!.reference_id], before: [full], after: [open] }, [{ prefs }], AS_OF)).toEqual([
      [a!.reference_id],
    ]);
  });
});
