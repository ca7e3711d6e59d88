import {
  counterfactuals,
  rankDonors,
  type Counterfactual,
  type DonorIndex,
  type RankOptions,
  type RankResult,
} from '@kindred/matching';
import type { NormalizedPreferences } from '@kindred/shared/preferences';

/**
 * The engine's answers for queries asked again, per index (issue 12). A parent going back to their results asks
 * the same question of the same catalogue: the answer is a pure function of the index, the preference set and the
 * options, so it is kept rather than ranked again (ranking 100,000 donors takes milliseconds; the rest of the
 * request much less). Entries live as long as their index (a rebuilt index starts empty), are keyed by the
 * catalogue version too (an index changed in place by an incremental update answers anew), and the oldest go first.
 */
const MAX_PER_INDEX = 256;
type Answer = { ranked: RankResult; counterfactuals?: Counterfactual[] };
const byIndex = new WeakMap<DonorIndex, Map<string, Answer>>();

function remember<T extends keyof Answer>(
  index: DonorIndex,
  key: string,
  field: T,
  compute: () => NonNullable<Answer[T]>,
): NonNullable<Answer[T]> {
  let answers = byIndex.get(index);
  if (!answers) byIndex.set(index, (answers = new Map()));
  let answer = answers.get(key);
  if (!answer) {
    if (answers.size >= MAX_PER_INDEX) answers.delete(answers.keys().next().value!);
    answer = {} as Answer;
    answers.set(key, answer);
  }
  if (answer[field] === undefined) answer[field] = compute();
  return answer[field]!;
}

/** rankDonors, answered from memory when the same set (by fingerprint) and options were ranked on this index. */
export const rankCached = (
  index: DonorIndex,
  query: { version: string; prefs: NormalizedPreferences; fingerprint: string },
  options: RankOptions,
): RankResult =>
  remember(index, `${query.version}|${query.fingerprint}|${JSON.stringify(options)}`, 'ranked', () =>
    rankDonors(index, query.prefs, options),
  );

/** counterfactuals, answered from memory likewise. */
export const counterfactualsCached = (
  index: DonorIndex,
  query: { version: string; prefs: NormalizedPreferences; fingerprint: string },
): Counterfactual[] =>
  remember(index, `${query.version}|${query.fingerprint}|cf`, 'counterfactuals', () =>
    counterfactuals(index, query.prefs),
  );
