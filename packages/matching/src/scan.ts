/**
 * The hot loop: score every donor whose bit is set and keep the best k. It reads only typed-array columns and
 * the plan's lookup tables, allocates nothing, and adds the terms in FACTORS order so the sum is bit-identical
 * to `scoreCodes` (adding an inactive factor's 0 leaves a double unchanged).
 */
import { HIGH_RISK_KEY } from './carrier.ts';
import { distanceCode, popcount } from './codes.ts';
import { locationScore } from './factors.ts';
import type { DonorIndex } from './index-build.ts';
import type { Plan } from './score.ts';
import type { TopK } from './topk.ts';

/** Scores every donor set in `pass` with `plan` and offers each to `top`. */
export function scanInto(index: DonorIndex, pass: Uint32Array, plan: Plan, top: TopK): void {
  if (top.k === 0) return;
  const c = index.cols;
  const { race, ethnicity, hair, eye, height, age, x, y, z, tested, carrier, geneRisk, chronic } = c;
  const { pregnancies, complications, bmi, education, smoking, drugs, exercise, religion, disclosure, insurance } = c;
  const [tRace, tEth, tHair, tEye, tHeight, tAge, , tCarrier, tGene, tChronic, tPreg, tCompl, tBmi, tEdu, tSmoke,
    tDrugs, tExercise, tReligion, tComm, tIns] = plan.tables;
  const locCoef = plan.coef[6]!;
  const origin = plan.q.origin;
  const type = plan.q.type;
  const parentMask = plan.q.parent.recessiveMask;
  for (let w = 0; w < pass.length; w++) {
    let bits = pass[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      const d = (w << 5) | (31 - Math.clz32(low));
      bits ^= low;
      let s = tRace![race[d]!]! + tEth![ethnicity[d]!]! + tHair![hair[d]!]! + tEye![eye[d]!]! +
        tHeight![height[d]!]! + tAge![age[d]!]!;
      if (locCoef !== 0 && origin !== null) {
        s += locCoef * locationScore(distanceCode(x[d]!, y[d]!, z[d]!, origin), type);
      }
      const carried = carrier[d]! & parentMask;
      s += tCarrier![carried !== 0 ? HIGH_RISK_KEY : popcount(parentMask & ~tested[d]!)]!;
      s = s + tGene![geneRisk[d]!]! + tChronic![chronic[d]!]! + tPreg![pregnancies[d]!]! +
        tCompl![complications[d]!]! + tBmi![bmi[d]!]! + tEdu![education[d]!]! + tSmoke![smoking[d]!]! +
        tDrugs![drugs[d]!]! + tExercise![exercise[d]!]! + tReligion![religion[d]!]! + tComm![disclosure[d]!]! +
        tIns![insurance[d]!]!;
      top.offer(s, d);
    }
  }
}
