/** Injected time source so expiry rules can be tested at their boundaries. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
/** Milliseconds in a day (periods counted in days: retention, exports, deletion grace). */
export const DAY_MS = 86_400_000;

/** A clock tests can move by hand. */
export function manualClock(
  start = new Date('2026-01-15T12:00:00Z'),
): Clock & { advance(ms: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}
