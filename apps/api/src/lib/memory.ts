import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's collector as `--expose-gc` exposes it; the options object is V8's (d8 and Node accept it). */
type Collector = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: 'last-resort' }) => void;

let collector: Collector | undefined;

/**
 * V8's collector without starting the process with `--expose-gc`: the flag is set for one new context, whose
 * global `gc` is taken, and unset again, so no other context (and not this one's global) gets it. Jest's leak
 * detector does the same.
 */
function gcFunction(): Collector {
  if (collector) return collector;
  const exposed = (globalThis as { gc?: Collector }).gc;
  if (exposed) return (collector = exposed);
  setFlagsFromString('--expose-gc');
  try {
    collector = runInNewContext('gc') as Collector;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collector;
}

/**
 * Hands back to the operating system the heap pages garbage filled during a burst of allocation (ADR 015,
 * memory). After reading the catalogue (every donor's source parsed from JSON, ~1.3 KB a donor) V8 has freed the
 * garbage, but it keeps the freed pages resident for reuse: at 200,000 donors ~330 MiB of pages no object
 * lives in. Neither a regular full collection nor the idle-time memory reducer returns them; a last-resort
 * collection (all available garbage, memory-reducing) does. It is synchronous and costs one full collection of
 * the live heap (tens of milliseconds), so it is called once, where the process has just done such a burst.
 */
export function releaseFreedHeap(): { ms: number; cpuMs: number; rssBefore: number; rssAfter: number } {
  const gc = gcFunction();
  const rssBefore = process.memoryUsage.rss();
  const started = performance.now();
  const cpu = process.cpuUsage();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const used = process.cpuUsage(cpu);
  return {
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    rssBefore,
    rssAfter: process.memoryUsage.rss(),
  };
}
