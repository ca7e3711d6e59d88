/**
 * The hot loop: score every donor whose bit is set and keep the best k. It reads only typed-array columns and
 * the plan's lookup tables (whole units, so the sum equals `scoreCodes` exactly) and allocates nothing. Donors are
 * ordered by the score as shown (tenths of a percent, `shownTenths`), never by hidden decimals; the tie-break keys
 * (preferences met, static rank) are read only for donors that could enter the heap.
 */
import type { SortOrder } from '@kindred/shared/vocabulary';
import { HIGH_RISK_KEY } from './carrier.ts';
import { distanceCode, popcount } from './codes.ts';
import { locationScore } from './factors.ts';
import type { DonorIndex } from './index-build.ts';
import { factorUnits, shownTenths, UNITS_PER_TENTH } from './score.ts';
import type { Plan } from './score.ts';
import type { TopK } from './topk.ts';

/** Primary key of a donor without a known distance when sorting nearest first: after every measured one. */
export const UNKNOWN_DISTANCE_KEY = -1e9;

/** Primary key of a donor without a price to compare when sorting by price: after every priced one (issue 29). */
export const UNKNOWN_PRICE_KEY = -1e15;

/**
 * Scores every donor set in `pass` with `plan` and offers each to `top`, ordered by `sort`; `costs` (per bank code,
 * NaN for none) orders by price, lowest first.
 */
export function scanInto(
  index: DonorIndex,
  pass: Uint32Array,
  plan: Plan,
  top: TopK,
  sort: SortOrder = 'score',
  costs?: Float64Array,
): void {
  if (top.k === 0) return;
  const c = index.cols;
  const bank = c.bank;
  const { race, ethnicity, hair, eye, height, age, x, y, z, tested, carrier, gClass, geneRisk, chronic, tieRank } = c;
  const { medical } = c;
  const { pregnancies, complications, bmi, education, smoking, drugs, alcohol, exercise, religion, disclosure } = c;
  const { insurance } = c;
  const {
    race: tRace,
    ethnicity: tEth,
    hair_color: tHair,
    eye_color: tEye,
    height: tHeight,
    age: tAge,
    carrier_screening: tCarrier,
    donor_genetic_risk: tGene,
    chronic_conditions: tChronic,
    pregnancy_history: tPreg,
    pregnancy_complications: tCompl,
    bmi: tBmi,
    education: tEdu,
    smoking: tSmoke,
    recreational_drugs: tDrugs,
    alcohol: tAlcohol,
    exercise: tExercise,
    religion: tReligion,
    post_match_communication: tComm,
    health_insurance: tIns,
  } = plan.tables;
  const {
    race: mRace,
    ethnicity: mEth,
    hair_color: mHair,
    eye_color: mEye,
    height: mHeight,
    age: mAge,
    carrier_screening: mCarrier,
    donor_genetic_risk: mGene,
    chronic_conditions: mChronic,
    pregnancy_history: mPreg,
    pregnancy_complications: mCompl,
    bmi: mBmi,
    education: mEdu,
    smoking: mSmoke,
    recreational_drugs: mDrugs,
    alcohol: mAlcohol,
    exercise: mExercise,
    religion: mReligion,
    post_match_communication: mComm,
    health_insurance: mIns,
  } = plan.met;
  // Location is the one factor computed per donor (from the distance), so it has a maximum, not a table.
  const locUnits = plan.max.location * UNITS_PER_TENTH;
  const locCoef = plan.coef.location;
  const locTable = plan.locationByKm;
  const locLast = locTable.length - 1;
  const locNeutral = factorUnits(locUnits, locationScore(-1, plan.q.type));
  const origin = plan.q.origin;
  const { recessiveMask: parentMask, riskGenes, riskClasses, reducedClasses } = plan.q.parent;
  const metFull = plan.factors.filter((f) => f.coef > 0 && f.spec.stated !== false).length;
  const byScore = sort === 'score';
  // Best location units any donor can add: with them, an upper bound on a donor's score before its distance.
  const locBest = locCoef === 0 ? 0 : locUnits;
  const tableMax = (t: Float64Array) => t.reduce((m, v) => (v > m ? v : m), 0);
  const restBest =
    locBest +
    [tGene, tChronic, tPreg, tCompl, tBmi, tEdu, tSmoke, tDrugs, tAlcohol, tExercise, tReligion, tComm, tIns].reduce(
      (n, t) => n + tableMax(t),
      0,
    );
  const needKm = origin !== null && (locCoef !== 0 || sort === 'distance');
  for (let w = 0; w < pass.length; w++) {
    let bits = pass[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      const d = (w << 5) | (31 - Math.clz32(low));
      bits ^= low;
      // carrierKey() of carrier.ts, inlined: at risk, else untested genes plus mild pairs.
      const g = gClass[d]!;
      const carrierKey =
        ((carrier[d]! & riskGenes) | (g & riskClasses)) !== 0
          ? HIGH_RISK_KEY
          : popcount(parentMask & ~tested[d]!) + popcount(g & reducedClasses);
      // Whole units: the order of the sum cannot change it, so it equals `scoreCodes` exactly.
      let s =
        tRace[race[d]!]! +
        tEth[ethnicity[d]!]! +
        tHair[hair[d]!]! +
        tEye[eye[d]!]! +
        tHeight[height[d]!]! +
        tAge[age[d]!]! +
        tCarrier[carrierKey]!;
      // By score, once the heap is full: a donor who could not reach its worst entry even with full marks on
      // every factor still to add (and the nearest distance) is skipped here, most donors of a wide search.
      // Exact: the shown score only rises with units, and every table's maximum is an upper bound.
      if (byScore && top.size === top.k && shownTenths(s + restBest) < top.worstPrimary()) continue;
      s =
        s +
        tGene[geneRisk[d]!]! +
        tChronic[chronic[d]!]! +
        tPreg[pregnancies[d]!]! +
        tCompl[complications[d]!]! +
        tBmi[bmi[d]!]! +
        tEdu[education[d]!]! +
        tSmoke[smoking[d]!]! +
        tDrugs[drugs[d]!]! +
        tAlcohol[alcohol[d]!]! +
        tExercise[exercise[d]!]! +
        tReligion[religion[d]!]! +
        tComm[disclosure[d]!]! +
        tIns[insurance[d]!]!;
      // The same bound with every factor but distance known: skips the distance (an arc cosine) too.
      if (byScore && top.size === top.k && shownTenths(s + locBest) < top.worstPrimary()) continue;
      const km = needKm ? distanceCode(x[d]!, y[d]!, z[d]!, origin!) : -1;
      // Location units by whole km from the plan's table (the score stops changing at its last entry).
      const loc = locCoef === 0 ? 0 : km < 0 ? locNeutral : locTable[km < locLast ? km : locLast]!;
      s += loc;
      const shown = shownTenths(s);
      const cost = sort === 'price' && costs ? costs[bank[d]!]! : Number.NaN;
      const primary =
        sort === 'score'
          ? shown
          : sort === 'distance'
            ? km < 0
              ? UNKNOWN_DISTANCE_KEY
              : -km
            : sort === 'price'
              ? Number.isNaN(cost)
                ? UNKNOWN_PRICE_KEY
                : -cost
              : medical[d]!;
      const secondary = sort === 'score' ? 0 : shown;
      if (!top.mayAccept(primary, secondary)) continue;
      // A full score meets every counted preference: no table to read (large runs of 100 % stay cheap).
      const met =
        shown === 1000
          ? metFull
          : mRace[race[d]!]! +
            mEth[ethnicity[d]!]! +
            mHair[hair[d]!]! +
            mEye[eye[d]!]! +
            mHeight[height[d]!]! +
            mAge[age[d]!]! +
            (locCoef !== 0 && loc === locUnits ? 1 : 0) +
            mCarrier[carrierKey]! +
            mGene[geneRisk[d]!]! +
            mChronic[chronic[d]!]! +
            mPreg[pregnancies[d]!]! +
            mCompl[complications[d]!]! +
            mBmi[bmi[d]!]! +
            mEdu[education[d]!]! +
            mSmoke[smoking[d]!]! +
            mDrugs[drugs[d]!]! +
            mAlcohol[alcohol[d]!]! +
            mExercise[exercise[d]!]! +
            mReligion[religion[d]!]! +
            mComm[disclosure[d]!]! +
            mIns[insurance[d]!]!;
      top.offer(primary, secondary, met, tieRank[d]!, d);
    }
  }
}
