import { scaled } from '../../scripts/time-factor.ts';

/** The config's test limit, in ms before scaling. */
export const TEST_LIMIT_MS = 120_000;

/**
 * A spec's own limit for a long journey: never below the config's (a spec that set 90 s under a 120 s config made
 * its test the first to fail on a busy machine), scaled by the run's time factor like every other limit.
 */
export const journeyTimeout = (ms: number) => scaled(Math.max(ms, TEST_LIMIT_MS));

export { scaled };
