import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * In a fresh process started without --expose-gc, as the server is: a burst of JSON parsing like the catalogue's
 * first load (rows parsed, almost nothing kept), then a regular full collection, then releaseFreedHeap.
 */
const script = `
import { releaseFreedHeap } from ${JSON.stringify(path.join(import.meta.dirname, 'memory.ts'))};
const kept = [];
for (let page = 0; page < 100; page++) {
  const rows = [];
  for (let i = 0; i < 2000; i++)
    rows.push(JSON.parse(JSON.stringify({ race: 'x'.repeat(400) + i, codes: [1, 2, 3], panel: { found: 'y'.repeat(300) } })));
  kept.push(rows[0].codes);
}
const afterBurst = process.memoryUsage.rss();
const released = releaseFreedHeap();
console.log(JSON.stringify({ afterBurst, ...released, kept: kept.length, gcOnGlobal: typeof globalThis.gc }));
`;

describe('releaseFreedHeap', () => {
  it('returns the pages a parsing burst left resident to the system, without exposing gc to the program', () => {
    const out = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as { afterBurst: number; rssBefore: number; rssAfter: number; ms: number; kept: number; gcOnGlobal: string };
    const MiB = 2 ** 20;
    // The burst leaves ~60 MiB or more of freed pages resident; a regular collection would give back next to none.
    expect(out.rssBefore - out.rssAfter).toBeGreaterThan(30 * MiB);
    expect(out.kept).toBe(100);
    expect(out.gcOnGlobal).toBe('undefined');
  }, 60_000);
});
