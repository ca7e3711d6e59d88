/**
 * The quality report's independent checks (read from the donor record, no engine code) and its statistics
 * (Spearman ρ of disclosure against position, percentiles). Split from quality-report.ts; bench support only.
 */
import { ALCOHOL_USE, EDUCATION_LEVELS, RECREATIONAL_DRUGS, SMOKING_HISTORY } from '@kindred/shared/vocabulary';
import type { Disclosure, DonorType, MatchCategory } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences, RawPreferences } from '@kindred/shared/preferences';
import { DEMO_AS_OF } from '../src/index.ts';
import type { Donor, FactorId, Match } from '../src/index.ts';

/** How a set answered post-match communication: key left out, Yes (5), No (0). */
export const COMM = ['skipped', 'yes', 'no'] as const;
export type Comm = (typeof COMM)[number];

/** One seeded preference set of the report, as drawn and normalised, with how many donors pass it. */
export type QuerySet = {
  id: string;
  type: DonorType;
  comm: Comm;
  city: string | null;
  carriers: string[];
  redraws: number;
  raw: RawPreferences;
  origin: { lat: number; lon: number } | null;
  prefs: NormalizedPreferences;
  passing: number;
};

/** The page size the runtime target and the top-of-list tie figures are for. */
export const TOP = 50;

// ---------------------------------------------------------------------------------------------------------------
// Independent checks against the donor record (no engine code)
// ---------------------------------------------------------------------------------------------------------------

export const bounds = (range: string) => range.split('-').map(Number) as [number, number];
export const inRanges = (v: number, ranges: readonly string[]) =>
  ranges.some((r) => {
    const [lo, hi] = bounds(r);
    return v >= lo && v <= hi;
  });
/** Whole years from an ISO birth date to an ISO day. */
export function yearsOld(dob: string, asOf: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = asOf.split('-').map(Number) as [number, number, number];
  return ny - by - (nm < bm || (nm === bm && nd < bd) ? 1 : 0);
}

export type RecordCheck = { factor: FactorId; missed: boolean | null };
/** The category of each factor the record checks. */
export const RECORD_CATEGORY: Partial<Record<FactorId, MatchCategory>> = {
  education: 'lifestyle_environment',
  smoking: 'lifestyle_environment',
  recreational_drugs: 'lifestyle_environment',
  alcohol: 'lifestyle_environment',
  age: 'demographic',
  height: 'demographic',
};
/** For the six factors the record can decide: whether the donor misses the stated preference (null: no check). */
export function recordChecks(d: Donor, p: NormalizedPreferences): RecordCheck[] {
  const out: RecordCheck[] = [];
  const ordinal = <T extends string>(list: readonly T[], v: T | null, bound: T | null, dir: 'min' | 'max') =>
    v === null || bound === null
      ? null
      : dir === 'min'
        ? list.indexOf(v) < list.indexOf(bound)
        : list.indexOf(v) > list.indexOf(bound);
  out.push({ factor: 'education', missed: ordinal(EDUCATION_LEVELS, d.education, p.minimumEducation, 'min') });
  out.push({ factor: 'smoking', missed: ordinal(SMOKING_HISTORY, d.smoking, p.maxSmoking, 'max') });
  out.push({
    factor: 'recreational_drugs',
    missed: ordinal(RECREATIONAL_DRUGS, d.recreational_drugs, p.maxRecreationalDrugs, 'max'),
  });
  out.push({ factor: 'alcohol', missed: ordinal(ALCOHOL_USE, d.alcohol, p.maxAlcohol, 'max') });
  out.push({
    factor: 'age',
    missed: p.age.values === null ? null : !inRanges(yearsOld(d.date_of_birth, DEMO_AS_OF), p.age.values),
  });
  out.push({
    factor: 'height',
    missed:
      p.height.values === null || d.height_in === null ? null : !inRanges(Math.round(d.height_in), p.height.values),
  });
  return out;
}

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The label as a whole word or phrase in a text ("age" is not found in "percentage"). */
export const names = (text: string, label: string) =>
  new RegExp(`(^|[^a-z])${escape(label)}([^a-z]|$)`, 'i').test(text);
/** The "Misses: ..." and "Not counted: ..." lists of a summary ("Misses: education (college), age (31)."). */
export const missesPart = (summary: string) =>
  [...summary.matchAll(/(?:Misses|Not counted): (.*?)\.(?:\s|$)/g)].map((x) => x[1]).join(', ');

// ---------------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------------

/** Average ranks (1-based), ties sharing the mean of their positions. */
export function averageRanks(values: readonly number[]): Float64Array {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
    for (let t = i; t <= j; t++) ranks[order[t]!] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0,
    mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma,
      db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}
/** Disclosure encodings: the three orders (ANON<OPEN<KNOWN first) and the three one-vs-rest indicators. */
export const ENCODINGS: { name: string; code: Record<Disclosure, number> }[] = [
  { name: 'ANON<OPEN<KNOWN', code: { ANON: 0, OPEN: 1, KNOWN: 2 } },
  { name: 'OPEN<ANON<KNOWN', code: { OPEN: 0, ANON: 1, KNOWN: 2 } },
  { name: 'ANON<KNOWN<OPEN', code: { ANON: 0, KNOWN: 1, OPEN: 2 } },
  { name: 'KNOWN vs rest', code: { ANON: 0, OPEN: 0, KNOWN: 1 } },
  { name: 'OPEN vs rest', code: { ANON: 0, OPEN: 1, KNOWN: 0 } },
  { name: 'ANON vs rest', code: { ANON: 1, OPEN: 0, KNOWN: 0 } },
];
/** Spearman ρ of disclosure against position (0 = best), per encoding; positive ρ = that end ranks lower. */
export function disclosureRho(matches: readonly Match[]) {
  const position = Float64Array.from(matches, (_, i) => i + 1);
  const byEncoding = ENCODINGS.map(({ name, code }) => ({
    name,
    rho: pearson(averageRanks(matches.map((m) => code[m.disclosure])), position),
  }));
  const worst = byEncoding.reduce((w, e) => (Math.abs(e.rho) > Math.abs(w.rho) ? e : w));
  return { primary: byEncoding[0]!.rho, worst, byEncoding };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const median = (v: readonly number[]) =>
  percentile(
    [...v].sort((a, b) => a - b),
    50,
  );
export const p99 = (v: readonly number[]) =>
  percentile(
    [...v].sort((a, b) => a - b),
    99,
  );

// ---------------------------------------------------------------------------------------------------------------
// Carrier screening (issue 24), read from the donor record and the references, not from the engine
// ---------------------------------------------------------------------------------------------------------------

/** Haemoglobin findings by family (domain notes: HbS, HbC, HbE and β-thal are one gene, HBB; α-thal is HBA). */
type HbFinding = 'S' | 'C' | 'E' | 'beta' | 'alpha0' | 'alpha_plus' | 'thal';
const HB_NAMES: Record<string, HbFinding> = {
  sickle_cell_disease: 'S',
  hemoglobin_c: 'C',
  hemoglobin_e: 'E',
  thalassemia: 'thal',
};

/** The donor's haemoglobin findings: per-gene results where the record has them, else the condition names. */
function donorHb(d: Donor): HbFinding[] {
  const out: HbFinding[] = [];
  const genes = d.genes ?? [];
  const hbb = genes.find((r) => r.gene === 'HBB' && r.tested);
  const hba = genes.find((r) => r.gene === 'HBA' && r.tested);
  if (hbb?.carrier) {
    const c = hbb.variant_class;
    out.push(c === 'hbb_s' ? 'S' : c === 'hbb_c' ? 'C' : c === 'hbb_e' ? 'E' : 'beta');
  }
  if (hba?.carrier) out.push(hba.variant_class === 'hba_alpha_plus' ? 'alpha_plus' : 'alpha0');
  for (const [name, f] of Object.entries(HB_NAMES)) {
    if (!d.carrier_screening[name as keyof Donor['carrier_screening']]?.carrier) continue;
    if (f === 'thal' ? hbb && hba : hbb) continue;
    out.push(f);
  }
  return out;
}

/**
 * True when a parent haemoglobin finding and a donor's make a serious disorder (1 in 4): any two β-globin
 * variants except HbC/HbE with HbC/HbE (mild), two α⁰ (Hb Bart's), α⁰ with α⁺ (HbH); an unstated thalassemia
 * counts as either β- or α⁰-thalassemia.
 */
function hbSevere(p: HbFinding, d: HbFinding): boolean {
  const beta = (f: HbFinding) => f === 'S' || f === 'C' || f === 'E' || f === 'beta' || f === 'thal';
  const alpha = (f: HbFinding) => f === 'alpha0' || f === 'alpha_plus' || f === 'thal';
  const mild = (f: HbFinding) => f === 'C' || f === 'E';
  if (beta(p) && beta(d) && !(mild(p) && mild(d))) return true;
  if (alpha(p) && alpha(d) && !(p === 'alpha_plus' && d === 'alpha_plus')) return true;
  return false;
}

const COMPATIBLE = /Carrier screening: compatible/;

/**
 * Genetics violations of one returned gamete-donor match: `compound_hb_compatible` (an HBB/HBA pair called
 * compatible, in the summary or the per-condition report), `compound_hb_unflagged` (a serious pair shown without
 * the high-risk flag), `untested_compatible` (a condition the parent carries, untested on the donor's record, or
 * an X-linked one with a sperm donor, summarised as compatible).
 */
export function geneticsViolations(d: Donor, m: Match, parentConditions: readonly string[]): string[] {
  if (d.donor_type === 'surrogate') return [];
  const out: string[] = [];
  const parentHb = parentConditions.flatMap((c) => (HB_NAMES[c] ? [HB_NAMES[c]] : []));
  const hb = donorHb(d);
  // Pairs inside one gene family only: an HbS parent and an α-thalassemia donor are different genes.
  const beta = (f: HbFinding) => f === 'S' || f === 'C' || f === 'E' || f === 'beta' || f === 'thal';
  const alpha = (f: HbFinding) => f === 'alpha0' || f === 'alpha_plus' || f === 'thal';
  const pairs = parentHb
    .flatMap((p) => hb.map((x) => [p, x] as const))
    .filter(([p, x]) => (beta(p) && beta(x)) || (alpha(p) && alpha(x)));
  if (pairs.length > 0) {
    const calledCompatible =
      COMPATIBLE.test(m.ai_explanation) ||
      m.carrier_report.some((r) => HB_NAMES[r.condition] !== undefined && r.status === 'compatible');
    if (calledCompatible) out.push('compound_hb_compatible');
    if (pairs.some(([p, x]) => hbSevere(p, x)) && !m.flagged) out.push('compound_hb_unflagged');
  }
  const untested = parentConditions.some((c) => {
    if (c === 'fragile_x_syndrome') return d.donor_type === 'sperm';
    if (c === 'turner_syndrome' || c === 'brca1_brca2') return false;
    const r = d.carrier_screening[c as keyof Donor['carrier_screening']];
    return !(r?.tested || r?.carrier) && !(d.genes ?? []).some((g) => g.tested && HB_NAMES[c] && g.gene === 'HBB');
  });
  if (untested && COMPATIBLE.test(m.ai_explanation)) out.push('untested_compatible');
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers that never contradict (issue 24), from the match records alone
// ---------------------------------------------------------------------------------------------------------------

/** Tenths of a percent, so one-decimal figures compare exactly. */
const tenths = (v: number) => Math.round(v * 10);

export type NumberChecks = {
  /** Donors meeting every counted factor (the engine's own judgements included) not shown at 100 %. */
  fullNotHundred: number;
  /** Donors shown at 100 % while a counted factor is not met. */
  hundredNotFull: number;
  /** Points tables whose points do not add up to the badge, or with a row outside 0..weight. */
  tableMismatch: number;
  /** The largest gap between a table's sum and its badge, in points. */
  tableWorstGap: number;
  /** Adjacent pairs out of the order: displayed score, then preferences met, medical update, availability. */
  tieOrder: number;
  /** Adjacent pairs showing the same score. */
  tiedPairs: number;
  /** Distinct displayed scores among the first 20. */
  top20Distinct: number;
};

/** The issue 24 checks over one ranked list (best first). */
export function numberChecks(matches: readonly Match[]): NumberChecks {
  const out: NumberChecks = {
    fullNotHundred: 0,
    hundredNotFull: 0,
    tableMismatch: 0,
    tableWorstGap: 0,
    tieOrder: 0,
    tiedPairs: 0,
    top20Distinct: new Set(matches.slice(0, 20).map((m) => m.overall_match_percentage)).size,
  };
  const availability = (m: Match) => (m.availability === 'available' ? 0 : 1);
  matches.forEach((m, i) => {
    const counted = m.factors.filter((f) => f.weight > 0);
    const full = counted.every((f) => f.met);
    const shown = tenths(m.overall_match_percentage);
    if (full && shown !== 1000) out.fullNotHundred++;
    if (!full && shown === 1000) out.hundredNotFull++;
    const sum = counted.reduce((n, f) => n + tenths(f.points), 0);
    const rowOutside = m.factors.some((f) => f.points < 0 || tenths(f.points) > tenths(f.weight));
    if (sum !== shown || rowOutside) out.tableMismatch++;
    out.tableWorstGap = Math.max(out.tableWorstGap, Math.abs(sum - shown) / 10);
    const next = matches[i + 1];
    if (!next) return;
    const a = shown;
    const b = tenths(next.overall_match_percentage);
    if (a === b) out.tiedPairs++;
    const wrong =
      a < b ||
      (a === b &&
        (m.preferences_met < next.preferences_met ||
          (m.preferences_met === next.preferences_met &&
            (m.last_medical_update < next.last_medical_update ||
              (m.last_medical_update === next.last_medical_update && availability(m) > availability(next))))));
    if (wrong) out.tieOrder++;
  });
  return out;
}
