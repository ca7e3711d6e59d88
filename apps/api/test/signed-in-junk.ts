import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { bearer, expectDocumentedErrorShape, type TestContext } from './harness.ts';
import { encodeAll, junkBody, junkPathParam, junkQuery, nastyStrings } from './junk-arbitraries.ts';
import type { Route } from './openapi-routes.ts';

/** Numbers out of every range, for query parameters such as page and size. */
const NUMBERS = ['-1', '0', '1e400', '99999999999999999999', 'NaN', 'Infinity', '1.5', '0x10', ' 2'];
const numbers = fc.constantFrom(...NUMBERS);
/** Days at the edges of what JavaScript and PostgreSQL hold (there is no year 0 in PostgreSQL; 10000 is too late). */
const EDGE_DATES = ['0000-01-01', '0001-01-01', '1969-12-31', '2026-02-30', '9999-12-31', '+010000-01-01'];
const EDGE_TIMES = ['0000-01-01T00:00:00Z', '9999-12-31T23:30:00-05:00', '2026-02-30T10:00:00Z'];

/**
 * Throws junk at `routes` with a valid token of the role they are for, so every request gets past the guard to the
 * route's own validation (junk.test.ts sends junk without one): junk query strings and values for each of a GET
 * route's own query names (and every edge date and number at each), junk path parameters, and junk bodies at a
 * path no row has. Every answer must be under 500, and a 4xx must be in the documented shape. `bodies:
 * 'with-path'` keeps junk bodies to routes with a path parameter (a random id finds nothing), for a role whose own
 * routes could act on its own account.
 */
export async function walkSignedIn(
  ctx: TestContext,
  routes: Route[],
  token: string,
  opts: { runs: number; bodies: 'all' | 'with-path' },
): Promise<void> {
  const fill = (r: Route, v: string) => r.path.replace(/\{[^}]+\}/g, v);
  const check = async (r: Route, url: string, payload?: string) => {
    const res = await ctx.app.inject({
      method: r.method,
      url,
      payload,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    });
    const label = `${r.method} ${url.slice(0, 200)} body=${(payload ?? '').slice(0, 200)}`;
    if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${label}: ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400) expectDocumentedErrorShape(res);
    return res;
  };
  const runs = { numRuns: opts.runs };
  for (const r of routes) {
    if (r.method === 'GET') {
      const names = r.query.map((q) => q.name);
      await fc.assert(
        fc.asyncProperty(junkQuery(names), (q) => check(r, `${fill(r, randomUUID())}${q}`).then(() => true)),
        runs,
      );
      // Every edge value at every query name, each time (chance would find a year 0 only now and then).
      for (const name of names)
        for (const v of [...NUMBERS, ...EDGE_DATES, ...EDGE_TIMES])
          await check(r, `${fill(r, randomUUID())}?${name}=${encodeURIComponent(v)}`);
      if (names.length)
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...names),
            fc.oneof(numbers, nastyStrings),
            fc.boolean(),
            async (name, value, twice) => {
              const v = encodeAll(value);
              await check(r, `${fill(r, randomUUID())}?${name}=${v}${twice ? `&${name}=${v}` : ''}`);
            },
          ),
          runs,
        );
    }
    if (r.pathParams.length)
      await fc.assert(
        fc.asyncProperty(junkPathParam, async (p) => {
          await check(r, fill(r, p), r.method === 'GET' ? undefined : '{}');
        }),
        runs,
      );
    if (r.method !== 'GET' && (opts.bodies === 'all' || r.pathParams.length))
      await fc.assert(
        fc.asyncProperty(junkBody(r.bodyKeys), async (b) => {
          await check(r, fill(r, randomUUID()), JSON.stringify(b));
        }),
        runs,
      );
  }
}
