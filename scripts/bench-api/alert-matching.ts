/**
 * Saved-search alerts (issue 28, ADR 026): CPU to match a 1,000-donor import against 10,000 active alerts at
 * 100,000 donors (BENCH_DONORS, BENCH_ALERTS, BENCH_IMPORT), the step the alert-matching job runs once per import.
 * Target ≤ 10 s of CPU. The figure is `enteredAlerts` (two bitset indexes of the imported donors alone, then a few
 * word-wise ANDs per alert); anchors measured in the same run: (1) the same alerts against the whole catalogue's
 * bitset index (each alert's passing set over all 101,000 donors, intersected with the import), (2) the
 * straightforward check of every donor object against every alert (`hardFilterFailures`, the engine's oracle),
 * timed on a sample of alerts and scaled up: what "one query per alert" costs before any database round trip.
 * Pure CPU, no database: the job's reads and writes around it are one page query and one insert per import.
 */
import {
  alertPassing,
  buildIndexFromEntriesInSteps,
  DEMO_AS_OF,
  enteredAlerts,
  generateDonorBatches,
  generateDonors,
  hardFilterFailures,
  indexEntryOf,
  indexSourceOf,
  type AlertQuery,
  type Donor,
  type Refinement,
} from '@kindred/matching';
import { normalizePreferences } from '@kindred/shared/preferences';
import {
  AGE_RANGES,
  CHRONIC_CONDITIONS,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  RACES,
} from '@kindred/shared/vocabulary';
import { header, line } from '../bench-api-lib.ts';

const DONORS = Number(process.env.BENCH_DONORS ?? 100_000);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const IMPORT = Number(process.env.BENCH_IMPORT ?? 1_000);
const ORACLE_SAMPLE = Math.min(ALERTS, 200);
const asOf = DEMO_AS_OF;

/** mulberry32: a small seeded generator, so every run draws the same alerts. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(28);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const some = <T>(xs: readonly T[]) => xs.filter(() => rand() < 0.5);
const listOr = <T extends string>(xs: readonly T[]) => (rand() < 0.4 ? ['no_preference'] : some(xs).concat(pick(xs)));

/** A parent's saved search: a varied preference set (dealbreakers, conditions, a location) and sometimes filters. */
function randomAlert(): AlertQuery {
  const raw = {
    donor_type_preference: pick(['egg', 'sperm', 'surrogate', null]),
    preferred_races: listOr(RACES),
    preferred_ethnicities: listOr(ETHNICITIES),
    preferred_hair_colors: listOr(HAIR_COLORS),
    preferred_eye_colors: listOr(EYE_COLORS),
    preferred_age_ranges: listOr(AGE_RANGES),
    race_dealbreaker: rand() < 0.3,
    eye_color_dealbreaker: rand() < 0.3,
    hair_color_dealbreaker: rand() < 0.2,
    age_dealbreaker: rand() < 0.3,
    user_genetic_conditions: rand() < 0.2 ? ['cystic_fibrosis'] : ['none_known'],
    acceptable_chronic_conditions: some(CHRONIC_CONDITIONS),
    no_chronic_conditions_preferred: rand() < 0.5,
    preferred_minimum_education: pick([...EDUCATION_LEVELS, 'no_preference']),
    health_insurance_required: rand() < 0.5,
  };
  const origin = rand() < 0.7 ? { lat: 25 + rand() * 23, lon: -122 + rand() * 50 } : null;
  const refine: Refinement | undefined =
    rand() < 0.4
      ? {
          ageMax: 25 + Math.floor(rand() * 15),
          ...(origin && rand() < 0.5 ? { maxDistanceKm: 200 + Math.floor(rand() * 2000) } : {}),
          includeReserved: rand() < 0.3,
        }
      : undefined;
  return { prefs: normalizePreferences(raw, { origin }), refine };
}

function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}
/** CPU milliseconds (user + system) of `fn`, and its result. */
function cpu<T>(fn: () => T): { ms: number; value: T } {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, value };
}

// The catalogue as an instance holds it: encoded entries only (records are dropped batch by batch).
const refs: string[] = [];
const entries: ReturnType<typeof indexEntryOf>[] = [];
for (const batch of generateDonorBatches(DONORS, 'alert-bench', { asOf, batchSize: 5_000 }))
  for (const d of batch) {
    refs.push(d.reference_id);
    entries.push(indexEntryOf(d, asOf));
  }
const imported: Donor[] = generateDonors(IMPORT, 'alert-bench-import', { asOf }).map((d, i) => ({
  ...d,
  reference_id: `IMP${String(i).padStart(7, '0')}`,
}));
const alerts = Array.from({ length: ALERTS }, randomAlert);

header(
  `saved-search alerts: ${IMPORT.toLocaleString('en')} imported donors × ${ALERTS.toLocaleString('en')} alerts at ${DONORS.toLocaleString('en')} donors`,
);

const changed = {
  refs: imported.map((d) => d.reference_id),
  before: imported.map(() => null),
  after: imported.map(indexSourceOf),
};
const small = cpu(() => enteredAlerts(changed, alerts, asOf));
const hits = small.value.reduce((n, l) => n + l.length, 0);

// Anchor 1: every alert's passing set over the whole catalogue's index, intersected with the imported donors.
const whole = drain(
  buildIndexFromEntriesInSteps(
    [...refs, ...changed.refs],
    [...entries, ...imported.map((d) => indexEntryOf(d, asOf))],
    { asOf, sliceSize: 1e9 },
  ),
);
const importedAt = new Set(changed.refs);
const mask = new Uint32Array((whole.size + 31) >>> 5);
for (let d = 0; d < whole.size; d++) {
  const start = whole.refOffsets[d]!;
  const ref = new TextDecoder().decode(whole.refBytes.subarray(start, whole.refOffsets[d + 1]!));
  if (importedAt.has(ref)) mask[d >>> 5]! |= 1 << (d & 31);
}
const wide = cpu(() => {
  let n = 0;
  for (const a of alerts) {
    const bits = alertPassing(whole, a);
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w]! & mask[w]!;
      while (x !== 0) {
        x &= x - 1;
        n += 1;
      }
    }
  }
  return n;
});

// Anchor 2: each donor object against each alert's hard filters, on a sample of alerts, scaled to all of them.
const oracle = cpu(() => {
  let n = 0;
  for (const a of alerts.slice(0, ORACLE_SAMPLE))
    for (const d of imported)
      if (hardFilterFailures(d, a.prefs, { asOf, includeReserved: a.refine?.includeReserved }).length === 0) n += 1;
  return n;
});
const oracleAll = (oracle.ms * ALERTS) / ORACLE_SAMPLE;

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s CPU`;
line(
  'alert matching (enteredAlerts)',
  `${s(small.ms)}, ${hits.toLocaleString('en')} hits`,
  '≤ 10 s CPU',
  `whole-index bitsets ${s(wide.ms)} (${wide.value.toLocaleString('en')} passing)`,
);
line(
  '  per alert',
  `${((small.ms * 1000) / ALERTS).toFixed(1)} µs`,
  '',
  `per-donor oracle ≈ ${s(oracleAll)} (${ORACLE_SAMPLE} alerts timed, scaled)`,
);
if (wide.value !== hits)
  console.log(
    `note: the whole index counts every passing imported donor (${wide.value}); hits are new donors entering (${hits}) — equal for an import of new donors`,
  );
