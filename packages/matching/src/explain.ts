/**
 * Plain-text explanations built only from the factors that produced the score. Every sentence is generated from
 * one factor's code (the donor's own value) and the parent's own preference, and carries that factor's id, so
 * tests can check that nothing is said about a factor that did not count. No free text, no inference.
 *
 * The whole truth: every stated preference the donor misses gets a sentence and is named in the summary (the
 * misses come first, and are the last thing cut for length); a factor is called met only at full credit.
 */
import {
  ALCOHOL_USE,
  CHRONIC_CONDITIONS,
  DONOR_RELIGIONS,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EXERCISE_LEVELS,
  EYE_COLORS,
  HAIR_COLORS,
  RACES,
  RECREATIONAL_DRUGS,
  SMOKING_HISTORY,
} from '@kindred/shared/vocabulary';
import type { CarrierStatus, GeneticCondition } from '@kindred/shared/vocabulary';
import { formatMatchPercent } from '@kindred/shared/format';
import { CONDITION_GENES, GENETICS_SENTENCES, GENE_INFO } from '@kindred/shared/genetics';
import type { Gene, PairingReportEntry } from '@kindred/shared/genetics';
import { decode, geneMaskOf } from './codes.ts';
import { NEVER_COMPATIBLE } from './pairing.ts';
import type { DonorCodes } from './codes.ts';
import { BMI_RANGE, LOCAL_KM } from './factors.ts';
import type { FactorValue, Plan } from './score.ts';
import type { CarrierReportEntry, Explanation, ExplanationSentence, FactorId } from './types.ts';

/** Spec section 9: match explanation 50 words. */
export const SUMMARY_MAX_WORDS = 50;

/** What each factor is called in a summary ("Misses: education, drug use."). */
export const FACTOR_LABELS: Record<FactorId, string> = {
  race: 'race',
  ethnicity: 'ethnicity',
  hair_color: 'hair color',
  eye_color: 'eye color',
  height: 'height',
  age: 'age',
  location: 'distance',
  carrier_screening: 'carrier screening',
  donor_genetic_risk: 'donor genetic risk',
  chronic_conditions: 'chronic conditions',
  pregnancy_history: 'pregnancy history',
  pregnancy_complications: 'pregnancy complications',
  bmi: 'BMI',
  education: 'education',
  smoking: 'smoking',
  recreational_drugs: 'drug use',
  alcohol: 'alcohol use',
  exercise: 'exercise',
  religion: 'religion',
  post_match_communication: 'disclosure',
  health_insurance: 'health insurance',
};

const EDUCATION_WORDS: Record<string, string> = { high_school: 'high school', masters: "master's" };
const humanWords = new Map<string, string>();
/** A vocabulary value in words (memoised: the vocabularies are small and every explanation asks again). */
function human(v: string): string {
  let words = humanWords.get(v);
  if (words === undefined) humanWords.set(v, (words = EDUCATION_WORDS[v] ?? v.replace(/_/g, ' ')));
  return words;
}
const list = (values: readonly string[] | null) => (values ?? []).map(human).join(', ');
/** "a", "a and b", "a, b and c". */
const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const notStated = (label: string) => `${capital(label)}: not stated in this donor's profile.`;

/** The donor's own value of a factor in a few words, or null when not stated ("college", "31", "1,450 km"). */
function donorValue(v: FactorValue, c: DonorCodes, plan: Plan): string | null {
  switch (v.id) {
    case 'race':
      return decode(c.race, RACES);
    case 'ethnicity':
      return decode(c.ethnicity, ETHNICITIES);
    case 'hair_color':
      return decode(c.hair, HAIR_COLORS);
    case 'eye_color':
      return decode(c.eye, EYE_COLORS);
    case 'height':
      return v.code === 0 ? null : `${v.code} in`;
    case 'age':
      return v.code === 0 ? null : String(v.code);
    case 'location':
      return v.code < 0 ? null : `${thousands(v.code)} km`;
    case 'education':
      return decode(c.education, EDUCATION_LEVELS);
    case 'smoking':
      return decode(c.smoking, SMOKING_HISTORY);
    case 'recreational_drugs':
      return decode(c.drugs, RECREATIONAL_DRUGS);
    case 'alcohol':
      return decode(c.alcohol, ALCOHOL_USE);
    case 'exercise':
      return decode(c.exercise, EXERCISE_LEVELS);
    case 'religion':
      return decode(c.religion, DONOR_RELIGIONS);
    case 'post_match_communication':
      return [null, 'anonymous', 'known', 'open identity'][v.code] ?? null;
    case 'health_insurance':
      return [null, 'covers pregnancy', 'no pregnancy cover'][v.code] ?? null;
    case 'pregnancy_history':
      return v.code === 0 ? null : `${v.code - 1} full-term`;
    case 'pregnancy_complications':
      return [null, 'none', 'has had complications'][v.code] ?? null;
    case 'chronic_conditions': {
      const names = CHRONIC_CONDITIONS.filter((_, k) => (c.chronic & (1 << k)) !== 0);
      return names.length === 0 ? 'none' : list(names);
    }
    case 'bmi':
      return v.code === 0 ? null : (v.code / 10).toFixed(1);
    case 'carrier_screening':
    case 'donor_genetic_risk':
      return plan.q.type === 'surrogate' ? null : '';
  }
}

/** One sentence on a parent-stated factor, saying the donor's value and whether and how it meets the answer. */
function describe(v: FactorValue, c: DonorCodes, plan: Plan): string {
  const p = plan.q.prefs;
  const value = donorValue(v, c, plan);
  const label = FACTOR_LABELS[v.id];
  if (value === null) return notStated(label);
  const choice = (preferred: readonly string[] | null) =>
    v.met
      ? `${capital(label)}: ${human(value)}, one of your choices.`
      : v.score > 0
        ? `${capital(label)}: ${human(value)}, close to but not one of your choices (${list(preferred)}).`
        : `${capital(label)}: ${human(value)}, not one of your choices (${list(preferred)}).`;
  switch (v.id) {
    case 'race':
      return choice(p.race.values);
    case 'ethnicity':
      return choice(p.ethnicity.values);
    case 'hair_color':
      return choice(p.hairColor.values);
    case 'eye_color':
      return choice(p.eyeColor.values);
    case 'religion':
      return choice(p.religions);
    case 'height':
      // Every measure carries its unit ("60-65 in, 66-72 in"): the page shows them in the parent's units.
      return `Height: ${value}, ${v.met ? 'within' : 'outside'} your range (${(p.height.values ?? []).map((r) => `${r} in`).join(', ')}).`;
    case 'age':
      return `Age: ${value}, ${v.met ? 'within' : 'outside'} your range (${list(p.age.values)}).`;
    case 'location': {
      const surrogate = plan.q.type === 'surrogate';
      if (v.met) return `Distance: about ${value} from you.`;
      return surrogate
        ? `Distance: about ${value} from you; a surrogate within ${LOCAL_KM.surrogate} km counts in full.`
        : `Distance: about ${value} from you (donations are shipped, so distance counts little).`;
    }
    case 'education':
      return v.met
        ? `Education: ${human(value)}, meets your minimum of ${human(p.minimumEducation ?? '')}.`
        : `Education: ${human(value)}, below your minimum of ${human(p.minimumEducation ?? '')}.`;
    case 'smoking':
      return v.met
        ? `Smoking: ${value}, within what you accept (${human(p.maxSmoking ?? '')}).`
        : `Smoking: ${value}, you asked for ${human(p.maxSmoking ?? '')}.`;
    case 'recreational_drugs':
      return v.met
        ? `Drug use: ${value}, within what you accept (${human(p.maxRecreationalDrugs ?? '')}).`
        : `Drug use: ${value}, you asked for ${human(p.maxRecreationalDrugs ?? '')}.`;
    case 'alcohol':
      return v.met
        ? `Alcohol use: ${value}, within what you accept (${human(p.maxAlcohol ?? '')}).`
        : `Alcohol use: ${value}, you asked for ${human(p.maxAlcohol ?? '')}.`;
    case 'exercise':
      return v.met
        ? `Exercise: ${value}, meets what you asked for (${human(p.minExercise ?? '')}).`
        : `Exercise: ${value}, less than you asked for (${human(p.minExercise ?? '')}).`;
    case 'post_match_communication':
      return (
        [
          '',
          'Disclosure: anonymous donor, so post-match communication is not possible.',
          'Disclosure: known donor, so post-match communication is possible.',
          'Disclosure: open-identity donor, so contact is possible only once the child turns 18.',
        ][v.code] ?? ''
      );
    case 'health_insurance':
      return v.met
        ? 'Health insurance: covers pregnancy, as you asked.'
        : 'Health insurance: does not cover pregnancy, which you asked for.';
    case 'chronic_conditions':
      return v.met ? 'Chronic conditions: none reported.' : `Chronic conditions: reports ${value}, you asked for none.`;
    case 'pregnancy_history':
      return v.met
        ? `Pregnancy history: ${value} ${v.code === 2 ? 'pregnancy' : 'pregnancies'}, as you asked.`
        : 'Pregnancy history: no previous full-term pregnancy, you asked for one.';
    case 'pregnancy_complications':
      return v.met
        ? 'Pregnancy complications: none in previous pregnancies.'
        : 'Pregnancy complications: has had them in a previous pregnancy, you asked for none.';
    case 'bmi':
      return `BMI: ${value}, ${v.met ? 'within' : 'outside'} ${BMI_RANGE[0]}-${BMI_RANGE[1]}, the usual range for carrying a pregnancy.`;
    // Both genetic factors are described from the carrier report instead (see carrierSentences).
    case 'carrier_screening':
    case 'donor_genetic_risk':
      return '';
  }
}

const names = (report: CarrierReportEntry[], status: CarrierStatus) =>
  report.filter((r) => r.status === status).map((r) => human(r.condition));

/** The genes of a condition name, as a GENES mask. */
const conditionGenes = (c: GeneticCondition) => geneMaskOf(CONDITION_GENES[c] as readonly Gene[]);

/** A per-gene sentence with its gene and condition filled in. */
const geneSentence = (e: PairingReportEntry) =>
  GENETICS_SENTENCES[e.sentence]
    .replaceAll('{gene}', GENE_INFO[e.gene].label)
    .replace(/^\{condition\}/, GENE_INFO[e.gene].condition)
    .replaceAll('{condition}', GENE_INFO[e.gene].condition.toLowerCase());

/** Entries of the parent's own genes whose outcome is decided by a rule a condition name cannot say. */
const ruleEntries = (genetics: readonly PairingReportEntry[], mask: number) =>
  genetics.filter(
    (e) =>
      (mask & geneMaskOf([e.gene])) !== 0 &&
      ((e.outcome === 'at_risk' && e.sentence !== 'ar_both_carriers') ||
        e.outcome === 'reduced_risk' ||
        e.outcome === 'not_applicable_x_linked_sperm' ||
        e.outcome === 'parent_finding'),
  );

/** Sentences on the pairwise check, worst finding first; the parent's donor-side conditions are not in it. */
function carrierSentences(
  report: CarrierReportEntry[],
  recessive: (c: GeneticCondition) => boolean,
  genetics: readonly PairingReportEntry[],
  listedMask: number,
): string[] {
  const own = report.filter((r) => recessive(r.condition));
  const special = ruleEntries(genetics, listedMask);
  const specialGenes = geneMaskOf(special.map((e) => e.gene));
  // Same-gene pairs keep the plain sentence; compound HBB/HBA pairs, mild pairs and X-linked genes get their own.
  const risky = own
    .filter((r) => r.status === 'high_risk' && (conditionGenes(r.condition) & ~specialGenes) !== 0)
    .map((r) => human(r.condition));
  const unknown = own
    .filter((r) => r.status === 'unknown' && (conditionGenes(r.condition) & ~specialGenes) !== 0)
    .map((r) => human(r.condition));
  const clear = names(own, 'compatible');
  const out: string[] = [];
  if (risky.length) {
    out.push(
      `Carrier screening: the donor also carries ${joinAnd(risky)}, as you do, so the pairing is high risk;` +
        ' genetic counseling is advised.',
    );
  }
  for (const e of special) if (e.outcome === 'at_risk') out.push(`Carrier screening: ${geneSentence(e)}`);
  if (unknown.length) {
    out.push(
      `Carrier screening: the donor was not tested for ${joinAnd(unknown)}, which you carry,` +
        ' so compatibility is unknown.',
    );
  }
  for (const e of special) if (e.outcome !== 'at_risk') out.push(`Carrier screening: ${geneSentence(e)}`);
  if (clear.length) {
    out.push(`Carrier screening: the donor tested and is not a carrier for ${joinAnd(clear)}, which you carry.`);
  }
  return out;
}

/** The carrier finding in a few words: "not tested for cystic fibrosis", "both carry sickle cell disease". */
function carrierDetail(
  report: CarrierReportEntry[],
  recessive: (c: GeneticCondition) => boolean,
  genetics: readonly PairingReportEntry[],
): string {
  const own = report.filter((r) => recessive(r.condition));
  const compound = genetics.find((e) => e.outcome === 'at_risk' && e.sentence !== 'ar_both_carriers');
  if (compound) return `${GENE_INFO[compound.gene].label} variants that combine`;
  const risky = names(own, 'high_risk');
  if (risky.length) return `both carry ${joinAnd(risky)}`;
  const unknown = names(own, 'unknown');
  return unknown.length ? `not tested for ${joinAnd(unknown)}` : 'compatible';
}

/** Words in generated text (single-spaced by construction). */
function wordCount(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) n++;
  return n;
}

type Item = { id: FactorId; text: string; words: number };
const item = (id: FactorId, text: string): Item => ({ id, text, words: wordCount(text) });
/** Words of a list part "Head: a, b.". */
const listWords = (head: string, items: readonly Item[]) =>
  items.length === 0 ? 0 : wordCount(head) + items.reduce((n, i) => n + i.words, 0);
const listText = (head: string, items: readonly Item[]) =>
  items.length === 0 ? '' : `${head}: ${items.map((i) => i.text).join(', ')}.`;

/** How the parent's own "not important" answer reads in a sentence about a factor it switched off. */
const CATEGORY_WORDS: Record<string, string> = {
  demographic: 'demographic factors',
  medical_genetic: 'medical and genetic factors',
  lifestyle_environment: 'lifestyle and environment',
  values_legal: 'values and legal factors',
};

/**
 * The explanation of one donor's score: a sentence for every stated preference (counted misses first, costliest
 * first; then misses that do not count because the parent marked them not important; then the carrier and
 * donor-side findings; then what is met, largest contribution first) and a summary of at most 50 words that
 * names every miss.
 */
export function explain(args: {
  values: FactorValue[];
  missed: FactorValue[];
  uncounted: FactorValue[];
  codes: DonorCodes;
  plan: Plan;
  report: CarrierReportEntry[];
  /** The per-gene report (issue 24); empty for surrogates. */
  genetics?: readonly PairingReportEntry[];
  overall: number;
}): Explanation {
  const { values, missed, uncounted, codes, plan, report, overall } = args;
  const genetics = args.genetics ?? [];
  const parent = plan.q.parent;
  const recessive = (c: GeneticCondition) => (parent.recessiveMask & conditionGenes(c)) !== 0;
  const listedMask = geneMaskOf(parent.screen.carrier_of.map((f) => f.gene));
  // "Compatible" only when every gene of every condition the parent listed was tested on the donor's side and
  // pairs at low risk: never for untested genes, mild or compound pairs, or X-linked genes with a sperm donor.
  const allClear = !genetics.some((e) => (listedMask & geneMaskOf([e.gene])) !== 0 && NEVER_COMPATIBLE.has(e.outcome));
  const isCarrier = (v: FactorValue) => v.id === 'carrier_screening';
  const met = values.filter((v) => v.stated && v.counted && v.met).sort((a, b) => b.coef - a.coef);
  const carrier = values.find(isCarrier);
  const risk = values.find((v) => v.id === 'donor_genetic_risk' && v.code === 1);
  const bmi = values.find((v) => v.id === 'bmi' && !v.met);
  const donorRisks = names(report, 'donor_risk');

  const sentences: ExplanationSentence[] = [];
  const say = (v: FactorValue, suffix = '') => {
    if (isCarrier(v))
      for (const text of carrierSentences(report, recessive, genetics, listedMask))
        sentences.push({ text, factor: v.id });
    else sentences.push({ text: describe(v, codes, plan) + suffix, factor: v.id });
  };
  missed.forEach((v) => say(v));
  for (const v of uncounted) {
    const what = plan.categoryWeights[v.category] === 0 ? CATEGORY_WORDS[v.category] : FACTOR_LABELS[v.id];
    say(v, ` This does not count: you marked ${what} as not important.`);
  }
  if (risk) {
    sentences.push({
      factor: risk.id,
      text:
        `The donor carries ${joinAnd(donorRisks)}, a risk that comes from the donor` +
        ' alone, whatever your own results.',
    });
  }
  if (bmi) sentences.push({ factor: bmi.id, text: describe(bmi, codes, plan) });
  met.forEach((v) => say(v));

  const short = (v: FactorValue) => {
    if (isCarrier(v)) return carrierDetail(report, recessive, genetics);
    const value = donorValue(v, codes, plan);
    return value === null ? 'not stated' : human(value);
  };
  const detailed = (vs: FactorValue[]) => vs.map((v) => item(v.id, `${FACTOR_LABELS[v.id]} (${short(v)})`));
  const bare = (vs: FactorValue[]) => vs.map((v) => item(v.id, FACTOR_LABELS[v.id]));
  const findings: Item[] = [];
  if (carrier?.met)
    findings.push(
      item(
        carrier.id,
        allClear
          ? 'Carrier screening: compatible.'
          : 'Carrier screening: no pair at risk found; not every gene is settled.',
      ),
    );
  if (risk) findings.push(item(risk.id, `Donor-side genetic risk: ${joinAnd(donorRisks)}.`));
  const metItems = bare(met.filter((v) => !isCarrier(v)));

  // Cut for length, in this order: met items one by one, the miss details, the findings. Misses are never cut.
  const head = `${formatMatchPercent(overall)} match.`;
  let misses = detailed(missed);
  let notCounted = detailed(uncounted);
  let kept = findings.length;
  let metKept = metItems.length;
  const total = () =>
    wordCount(head) +
    listWords('Misses', misses) +
    listWords('Not counted', notCounted) +
    findings.slice(0, kept).reduce((n, f) => n + f.words, 0) +
    listWords('Meets', metItems.slice(0, metKept));
  while (total() > SUMMARY_MAX_WORDS && metKept > 0) metKept--;
  if (total() > SUMMARY_MAX_WORDS) {
    misses = bare(missed);
    notCounted = bare(uncounted);
  }
  while (total() > SUMMARY_MAX_WORDS && kept > 0) kept--;
  const parts = [
    head,
    listText('Misses', misses),
    listText('Not counted', notCounted),
    ...findings.slice(0, kept).map((f) => f.text),
    listText('Meets', metItems.slice(0, metKept)),
  ];
  return {
    summary: parts.filter((p) => p !== '').join(' '),
    summary_factors: [...misses, ...notCounted, ...findings.slice(0, kept), ...metItems.slice(0, metKept)].map(
      (i) => i.id,
    ),
    sentences,
  };
}
