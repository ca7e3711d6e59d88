/**
 * Deterministic demo donors. No public donor dataset exists, so demo catalogues are generated from a seed with
 * realistic distributions (heights by sex, education, disclosure by donor type, carrier frequencies by
 * ancestry), clearly labelled fictional, with generated geometric avatars instead of photos. Donor i depends
 * only on the seed and the donors before it, so a smaller catalogue is a prefix of a larger one.
 */
import { BLOOD_GROUPS, DONOR_RELIGIONS, GENETIC_CONDITIONS, HAIR_COLORS, EYE_COLORS } from '@kindred/shared/vocabulary';
import type { DonorType, GeneticCondition, Race } from '@kindred/shared/vocabulary';
import { AVATAR_PALETTE } from '@kindred/shared/format';
import {
  ASHKENAZI,
  BANKS,
  CITIES,
  CORE_PANEL,
  FAMILY_HISTORY,
  INTERESTS,
  OCCUPATIONS,
  PERSONALITY,
  carrierRate,
} from './generate-data.ts';
import type { Ancestry, Bank } from './generate-data.ts';
import { civilFromDays, daysFromCivil } from './codes.ts';
import { createRng } from './random.ts';
import type { Rng } from './random.ts';
import type { CarrierResult, Donor, SurrogateDetails } from './types.ts';
import { ancestryOfDonor } from '@kindred/shared/genetics';
import type { Ancestry as GeneticAncestry, DonorGeneResult } from '@kindred/shared/genetics';
import { carrierFrequency } from './carrier-frequencies.ts';

/** The fixed "today" demo ages are computed from unless the caller injects one (the engine has no clock). */
export const DEMO_AS_OF = '2025-01-01';

const TYPE_CODE: Record<DonorType, string> = { egg: 'EG', sperm: 'SP', surrogate: 'SU' };
const RACE_WEIGHTS = [
  ['white', 55],
  ['black_african', 12],
  ['asian', 13],
  ['mixed_race', 14],
  ['american_indian', 3],
  ['pacific_islander', 3],
] as const satisfies readonly (readonly [Race, number])[];
const RELIGION_WEIGHTS = DONOR_RELIGIONS.map(
  (r) =>
    [
      r,
      ({ christianity: 42, none: 33, judaism: 6, islam: 4, hinduism: 4, buddhism: 5 } as Record<string, number>)[r] ??
        1,
    ] as const,
);
const BLOOD_WEIGHTS = BLOOD_GROUPS.map((g, i) => [g, [38, 7, 34, 6, 9, 2, 3, 1][i]!] as const);
const BANKS_BY_TYPE: Record<DonorType, Bank[]> = {
  egg: BANKS.filter((b) => b.types.includes('egg')),
  sperm: BANKS.filter((b) => b.types.includes('sperm')),
  surrogate: BANKS.filter((b) => b.types.includes('surrogate')),
};
const CITY_WEIGHTS = CITIES.map((c) => [c, c[5]] as const);
const CHRONIC_RATES = [
  ['hypertension', 0.03],
  ['diabetes_i', 0.005],
  ['diabetes_ii', 0.01],
  ['high_cholesterol', 0.04],
  ['cancer', 0.003],
  ['autoimmune_disease', 0.02],
] as const;

/** The date `years` years and then `days` days before an ISO date (29 Feb maps to 1 Mar in common years). */
function daysBefore(iso: string, years: number, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return civilFromDays(daysFromCivil(y - years, m, d) - days);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function distinct<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return out;
}

/** Shared, frozen results: 24 fresh objects per donor made generating 10^5 donors mostly garbage collection. */
const UNTESTED: CarrierResult = Object.freeze({ tested: false, carrier: false });
const CLEAR: CarrierResult = Object.freeze({ tested: true, carrier: false });
const CARRIER: CarrierResult = Object.freeze({ tested: true, carrier: true });

function screening(rng: Rng, a: Ancestry): Partial<Record<GeneticCondition, CarrierResult>> {
  const expanded = rng.chance(0.75);
  // Older records were often screened for CF alone: the source of "unknown" carrier results.
  const minimal = !expanded && rng.chance(0.2);
  const panel: Partial<Record<GeneticCondition, CarrierResult>> = {};
  for (const c of GENETIC_CONDITIONS) {
    let tested: boolean;
    if (minimal) tested = c === 'cystic_fibrosis';
    else if (CORE_PANEL.includes(c)) tested = true;
    else if (c === 'fragile_x_syndrome') tested = rng.chance(a.female ? 0.92 : 0.15);
    else if (c === 'turner_syndrome') tested = a.female && rng.chance(0.5);
    else if (c === 'brca1_brca2') tested = rng.chance(a.jewish ? 0.8 : 0.25);
    else tested = expanded || (a.jewish && ASHKENAZI[c] !== undefined);
    const carrier = rng.chance(carrierRate(c, a));
    panel[c] = !tested ? UNTESTED : carrier ? CARRIER : CLEAR;
  }
  return panel;
}

const gene = (g: DonorGeneResult['gene'], extra: Partial<DonorGeneResult> = {}): DonorGeneResult => ({
  gene: g,
  tested: true,
  carrier: false,
  detection_rate: null,
  ...extra,
});

/**
 * Per-gene results for the genes where the class changes the pairing (issue 24), drawn from a second random
 * stream so the rest of the demo catalogue stays as it was. HbS carriers follow the published HbS trait rates
 * (carrier-frequencies.ts); the condition names' HbC, HbE and thalassemia carriers get their class (an unstated
 * thalassemia becomes α- or β-thalassemia, α⁰ mostly in Asian donors); SMA carriers are 1 SMN1 copy and everyone
 * else tested 2; tested egg donors carry an FMR1 premutation at the published rate. Deterministic from the seed.
 */
function geneResults(
  rng: Rng,
  type: DonorType,
  ancestry: GeneticAncestry,
  screening: Partial<Record<GeneticCondition, CarrierResult>>,
): DonorGeneResult[] | undefined {
  if (type === 'surrogate') return undefined;
  const out: DonorGeneResult[] = [];
  const r = (c: GeneticCondition) => screening[c];
  // Every draw happens whatever the outcome, so one donor's results never shift the next donor's.
  const hbs = rng.chance(carrierFrequency('HBB', ancestry) ?? 0);
  const alphaNotBeta = rng.chance(0.5);
  const zero = rng.chance(ancestry === 'asian' ? 0.5 : 0.1);
  const fmr1 = rng.chance(carrierFrequency('FMR1', ancestry) ?? 0);
  if (r('sickle_cell_disease')?.tested) {
    const thal = r('thalassemia')?.carrier === true;
    const cls = hbs
      ? 'hbb_s'
      : r('hemoglobin_c')?.carrier
        ? 'hbb_c'
        : r('hemoglobin_e')?.carrier
          ? 'hbb_e'
          : thal && !alphaNotBeta
            ? zero
              ? 'hbb_beta0'
              : 'hbb_beta_plus'
            : null;
    out.push(cls ? gene('HBB', { carrier: true, variant_class: cls }) : gene('HBB'));
    const alpha = thal && alphaNotBeta;
    out.push(
      alpha ? gene('HBA', { carrier: true, variant_class: zero ? 'hba_alpha0_cis' : 'hba_alpha_plus' }) : gene('HBA'),
    );
  }
  const sma = r('spinal_muscular_atrophy');
  if (sma?.tested) out.push(gene('SMN1', { carrier: sma.carrier, smn1_copies: sma.carrier ? 1 : 2 }));
  if (type === 'egg' && r('fragile_x_syndrome')?.tested)
    out.push(gene('FMR1', { carrier: fmr1, fmr1_category: fmr1 ? 'premutation' : 'normal' }));
  return out;
}

function surrogateDetails(rng: Rng, bmi: number): SurrogateDetails {
  return {
    previous_full_term_pregnancies: rng.weighted([
      [0, 3],
      [1, 35],
      [2, 35],
      [3, 18],
      [4, 9],
    ]),
    pregnancy_complications: rng.chance(0.12),
    health_insurance_covers_pregnancy: rng.chance(0.6),
    bmi,
    max_embryos_per_transfer: rng.chance(0.7) ? 1 : 2,
    open_to_selective_reduction: rng.chance(0.4),
  };
}

function generateDonor(rng: Rng, geneRng: Rng, seq: number, digits: number, asOf: string): Donor {
  const type = rng.weighted<DonorType>([
    ['sperm', 45],
    ['egg', 35],
    ['surrogate', 20],
  ]);
  const bank = rng.pick(BANKS_BY_TYPE[type]);
  const female = type !== 'sperm';
  const race = rng.weighted<Race>(RACE_WEIGHTS);
  const hispanic = rng.chance(0.18);
  const religion = rng.chance(0.03) ? null : rng.weighted(RELIGION_WEIGHTS);
  const ancestry: Ancestry = { race, hispanic, jewish: religion === 'judaism', female };
  const age = type === 'egg' ? rng.int(21, 32) : type === 'sperm' ? rng.int(18, 39) : rng.int(21, 42);
  const height = Math.round(female ? clamp(rng.normal(64.8, 2.6), 58, 75) : clamp(rng.normal(70.6, 2.8), 62, 80));
  const rawBmi = type === 'surrogate' ? clamp(rng.normal(26.5, 3.5), 19, 38) : clamp(rng.normal(23, 2.8), 18, 32);
  const bmi = Math.round(10 * rawBmi) / 10;
  const light = race === 'white' && !hispanic;
  const hair = light
    ? rng.weighted([
        ['brown', 50],
        ['blonde', 25],
        ['black', 17],
        ['red', 8],
      ] as const)
    : rng.weighted([
        ['black', 75],
        ['brown', 25],
      ] as const);
  const eye = light
    ? rng.weighted([
        ['blue', 30],
        ['brown', 30],
        ['green', 12],
        ['hazel', 18],
        ['grey', 5],
        ['amber', 5],
      ] as const)
    : rng.weighted([
        ['brown', 85],
        ['hazel', 8],
        ['amber', 4],
        ['green', 3],
      ] as const);
  const [city, state, zip, lat, lon] = rng.weighted(CITY_WEIGHTS);
  const chronic = CHRONIC_RATES.filter(([, p]) => rng.chance(p)).map(([c]) => c);
  const conditions = bmi >= 30 ? [...chronic, 'obesity' as const] : chronic;
  const familyLimit = type === 'sperm' ? 25 : type === 'egg' ? 6 : 1;
  const full = rng.chance(0.05);
  const occupation = rng.pick(OCCUPATIONS);
  const interests = distinct(rng, INTERESTS, 3);
  const personality = distinct(rng, PERSONALITY, 3);
  const donor: Donor = {
    reference_id: `${bank.code}${TYPE_CODE[type]}${String(seq).padStart(digits, '0')}`,
    bank_donor_id: `${bank.code.toLowerCase()}-${seq}`,
    clinic_reference_id: bank.clinic,
    bank_name: bank.name,
    donor_type: type,
    disclosure: rng.weighted(
      type === 'surrogate'
        ? ([
            ['KNOWN', 80],
            ['OPEN', 15],
            ['ANON', 5],
          ] as const)
        : type === 'egg'
          ? ([
              ['ANON', 65],
              ['OPEN', 25],
              ['KNOWN', 10],
            ] as const)
          : ([
              ['ANON', 45],
              ['OPEN', 50],
              ['KNOWN', 5],
            ] as const),
    ),
    availability: rng.weighted([
      ['available', 82],
      ['reserved', 11],
      ['unavailable', 7],
    ] as const),
    family_limit: familyLimit,
    families_so_far: full ? familyLimit : rng.int(0, familyLimit - 1),
    last_medical_update: daysBefore(asOf, 0, rng.int(0, 540)),
    display_name: `Fictional Donor ${seq}`,
    is_fictional: true,
    date_of_birth: daysBefore(asOf, age, rng.int(0, 364)),
    height_in: height,
    weight_lb: Math.round((bmi * height * height) / 703),
    race,
    ethnicity: hispanic ? 'hispanic_latino' : 'not_hispanic_latino',
    hair_color: HAIR_COLORS.includes(hair) ? hair : null,
    eye_color: EYE_COLORS.includes(eye) ? eye : null,
    blood_group: rng.weighted(BLOOD_WEIGHTS),
    location: rng.chance(0.01)
      ? null
      : {
          city,
          state,
          zip,
          country: 'US',
          lat: Math.round((lat + (rng.next() - 0.5) * 0.5) * 1e4) / 1e4,
          lon: Math.round((lon + (rng.next() - 0.5) * 0.6) * 1e4) / 1e4,
        },
    education: rng.weighted(
      type === 'surrogate'
        ? ([
            ['high_school', 40],
            ['college', 45],
            ['masters', 12],
            ['doctorate', 3],
          ] as const)
        : ([
            ['high_school', 18],
            ['college', 52],
            ['masters', 22],
            ['doctorate', 8],
          ] as const),
    ),
    occupation,
    religion,
    languages: [
      'english',
      ...(rng.chance(hispanic ? 0.6 : 0.08) ? ['spanish'] : []),
      ...(rng.chance(0.07) ? [rng.pick(['french', 'mandarin', 'hindi', 'arabic', 'korean', 'german'])] : []),
    ],
    smoking: rng.weighted([
      ['never', 82],
      ['former', 12],
      ['occasional', 5],
      ['regular', 1],
    ] as const),
    recreational_drugs: rng.weighted([
      ['never', 78],
      ['former', 15],
      ['occasional', 6],
      ['regular', 1],
    ] as const),
    alcohol: rng.weighted([
      ['none', 25],
      ['social', 65],
      ['regular', 10],
    ] as const),
    exercise: rng.weighted([
      ['none', 8],
      ['occasional', 32],
      ['regular', 42],
      ['daily', 18],
    ] as const),
    chronic_conditions: conditions,
    family_medical_history: distinct(rng, FAMILY_HISTORY, rng.int(0, 2)),
    carrier_screening: screening(rng, ancestry),
    surrogate: type === 'surrogate' ? surrogateDetails(rng, bmi) : null,
    personality,
    interests,
    essay:
      `Fictional demo profile, not a real person. A ${occupation} who enjoys ${interests.join(', ')}; ` +
      `friends would say ${personality.slice(0, 2).join(' and ')}.`,
    avatar: {
      style: 'geometric',
      background: rng.pick(AVATAR_PALETTE),
      accent: rng.pick(['#FFE082', '#B2EBF2', '#F8BBD0', '#C5E1A5', '#D1C4E9', '#FFCCBC']),
      shape: rng.pick(['circle', 'hexagon', 'leaf', 'wave'] as const),
      initials: 'FD',
    },
  };
  const geneAncestry = ancestry.jewish ? 'ashkenazi_jewish' : ancestryOfDonor(race, donor.ethnicity);
  const genes = geneResults(geneRng, type, geneAncestry, donor.carrier_screening);
  if (genes) donor.genes = genes;
  return donor;
}

/**
 * `count` fictional donors of all three types, fully determined by `seed`. Ages are relative to `asOf`
 * (default DEMO_AS_OF); pass the same date to `buildIndex` so the ages the index computes are the intended ones.
 */
export function generateDonors(count: number, seed: number | string, options: { asOf?: string } = {}): Donor[] {
  return [...generateDonorBatches(count, seed, { ...options, batchSize: Math.max(1, count) })].flat();
}

/**
 * The donors `generateDonors` returns, in batches of `batchSize`, so a caller can store a catalogue of millions
 * without holding it all (a generated donor is a few KB of objects).
 */
export function* generateDonorBatches(
  count: number,
  seed: number | string,
  options: { asOf?: string; batchSize: number },
): Generator<Donor[], void, void> {
  const rng = createRng(seed);
  const geneRng = createRng(`${seed}/genes`);
  const asOf = options.asOf ?? DEMO_AS_OF;
  const digits = Math.max(6, String(count).length);
  for (let start = 0; start < count; start += options.batchSize) {
    const donors: Donor[] = [];
    for (let i = start; i < Math.min(count, start + options.batchSize); i++)
      donors.push(generateDonor(rng, geneRng, i + 1, digits, asOf));
    yield donors;
  }
}
