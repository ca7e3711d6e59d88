/**
 * @kindred/matching: the matching engine. Pure TypeScript with no I/O, clock or randomness of its own: the
 * caller injects "today" (`asOf`) and seeds. Build an index from the catalogue once (and again whenever donors
 * change), then rank, count and compute counterfactuals against it per request.
 */

/**
 * Builds the compact in-memory index of a donor catalogue (typed-array columns plus per-value bitsets, in
 * reference-id order). `asOf` is the date ages are computed for. Rebuild when donors change; it is O(n).
 */
export { buildIndex } from './index-build.ts';

/**
 * `buildIndex` as a generator that yields every `sliceSize` donors, so a server can build a large index without
 * holding its event loop (drive it with `setImmediate` between steps); returns the same index.
 */
export { buildIndexInSteps } from './index-build.ts';

/**
 * The index with some donors' attributes changed (copy-on-write; the given index is left as it was), equal to a
 * rebuild; null when the change needs a rebuild (a new reference id, or another `asOf`).
 */
export { updateIndex } from './index-update.ts';

/**
 * A new index from an old one plus new or changed donors, for any `asOf` (ages are recomputed from the dates of
 * birth the index keeps), in slices like `buildIndexInSteps`: no donor records needed besides the changed ones.
 */
export { rebuildIndexInSteps } from './index-update.ts';

/**
 * The index with donors added, changed and removed on the same day, without re-encoding the others (their columns
 * copied in runs, their bits moved), in slices; equal to a rebuild. Null for another day.
 */
export { mergeIndexInSteps } from './index-update.ts';

/**
 * The index built from encoded entries (`indexEntryOf`: codes, clinic, date of birth) rather than donor records,
 * in slices: lets a server load a large catalogue page by page and keep only the entries.
 */
export { buildIndexFromEntriesInSteps, indexEntryOf } from './index-update.ts';

/**
 * A donor's index source (`IndexSource`: the indexed fields, the carrier panel as two lists of names), what a
 * store keeps beside each record so a server starts from it instead of whole records; and its index entry.
 */
export { indexEntryOfSource, indexSourceOf } from './index-source.ts';

/**
 * An index of a known number of donors written one encoded entry at a time (`write(i, indexEntryOf(d))`), then
 * finished with every position's reference id: the way to load a catalogue without holding its records.
 */
export { createIndexWriter } from './index-build.ts';

/**
 * Bytes held by an index and bytes per donor (the benchmark reports this; the design target is < 300).
 */
export { indexMemory } from './index-build.ts';

/**
 * Ranks matching donors for a normalised preference set: hard filters, carrier check, weighted soft scores,
 * deterministic tie-break by reference id, and for the requested page the category scores, carrier report and
 * a faithful plain-text explanation. Options: `limit` (default 50), `offset`, `showFlagged`.
 */
export { rankDonors } from './rank.ts';

/**
 * The number of donors passing every hard filter (the live match count); equal to `rankDonors(...).total`
 * but computed from bitsets alone.
 */
export { countMatches } from './rank.ts';

/**
 * One named donor scored and explained for a preference set (whether or not it passes), with the hard filters it
 * fails: how a parent's shortlist shows each starred donor against their current preferences.
 */
export { matchDonor } from './rank.ts';

/**
 * Saved-search alerts: for changed donors (now and before), which alerts each has just entered the passing set of,
 * from two small indexes of those donors alone (a donor passes or fails an alert by its own attributes).
 */
export { alertPassing, enteredAlerts, enteredByAlert } from './alerts.ts';
export type { AlertQuery, ChangedDonors } from './alerts.ts';

/** How the summary names each factor ("Misses: education, drug use."). */
export { FACTOR_LABELS } from './explain.ts';

/**
 * For each active dealbreaker or hard filter, how many more donors would match if only it were relaxed, and
 * the best score among them (Premium).
 */
export { counterfactuals } from './counterfactual.ts';

/**
 * Deterministic fictional demo donors from a seed, with realistic distributions and generated avatars (all at
 * once, or in batches for catalogues too large to hold).
 */
export { DEMO_AS_OF, generateDonorBatches, generateDonors } from './generate.ts';

/**
 * Renders a donor's generated avatar descriptor as an SVG data URL.
 */
export { avatarSvg } from './avatar.ts';

/**
 * The straightforward implementation (filter and score every donor object, sort everything): the benchmark
 * baseline and the oracle the tests compare the indexed engine against. Not for production traffic.
 */
export { countMatchesReference, hardFilterFailures, rankDonorsReference } from './reference.ts';

export type { DonorIndex } from './index-build.ts';
export { bankAt, positionOf } from './index-build.ts';
export { FACTOR_IDS, HARD_FILTER_IDS, SORT_ORDERS } from './types.ts';
export type {
  AvatarDescriptor,
  CarrierReportEntry,
  CarrierResult,
  CategoryScores,
  Counterfactual,
  Donor,
  DonorLocation,
  Explanation,
  ExplanationSentence,
  FactorId,
  FactorResult,
  HardFilterId,
  IndexedFields,
  IndexSource,
  Match,
  RankOptions,
  RankResult,
  Refinement,
  CostByBank,
  SortOrder,
  SurrogateDetails,
} from './types.ts';

/**
 * The index as bytes and back, for a store to keep beside the catalogue so a server starts without encoding every
 * donor again (issue 26); the caller decides whether a snapshot fits its engine.
 */
export { deserializeIndex, serializeIndex } from './index-snapshot.ts';
