/**
 * The anchor `npm run bench:api find-matches` measures POST find-matches against (issue 26): the same database and
 * engine work with no framework around it. Bare Fastify; jose verifying the same access token; ONE read of the
 * preference set and the entitling plan; the engine's ranking with explanations (rankDonors, 50 a page, and the
 * counterfactuals a Premium answer carries) on an index of the same donors, kept per (set, page) in a plain Map as
 * the app keeps a ranked page (so a repeated page measures everything but the engine, a new page the engine
 * too); the same record of shown donors as the app (matches.repository.ts: a page shown before, as
 * it was, is only read; a new page is written in one transaction that locks the credits); JSON.stringify of the
 * same shape. Nothing else: no rate limit, no security headers, no schema validation, no consent check.
 *
 * ANCHOR_DB: a PostgreSQL URL, or a PGlite data directory (`pglite:/path`, opened after the app has closed it).
 */
import {
  buildIndexFromEntriesInSteps,
  counterfactuals,
  indexEntryOfSource,
  rankDonors,
  type DonorIndex,
  type Match,
} from '@kindred/matching';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import { openPglite, openPostgres, type Db } from '../apps/api/src/db/db.ts';
import { loadIndexPage } from '../apps/api/src/modules/catalogue/catalogue.repository.ts';
import {
  findShown,
  insertShown,
  keepShownPreferences,
  lockCredits,
  setCreditsUsed,
  updateShown,
  type ShownWrite,
} from '../apps/api/src/modules/matching/matches.repository.ts';
import { preferencesFingerprint } from '../apps/api/src/modules/matching/shown-matches.ts';
import { renormalize, type StoredPreferenceSet } from '../apps/api/src/modules/matching/stored-preferences.ts';
import { entitledAt } from '../apps/api/src/modules/subscriptions/entitlement.sql.ts';
import { STRIPE_RENEWAL_GRACE_MS } from '../apps/api/src/modules/subscriptions/entitlements.ts';

const key = new TextEncoder().encode(process.env.JWT_SECRET!);
const target = process.env.ANCHOR_DB!;
const db: Db = target.startsWith('pglite:') ? await openPglite(target.slice(7)) : await openPostgres(target);

const day = new Date().toISOString().slice(0, 10);
async function loadIndex(): Promise<DonorIndex> {
  const refs: string[] = [];
  const entries: ReturnType<typeof indexEntryOfSource>[] = [];
  for (let after = ''; ;) {
    const rows = await loadIndexPage(db, after, 5000);
    for (const r of rows) {
      refs.push(r.reference_id);
      entries.push(indexEntryOfSource(r.source, day, r.bank_name));
    }
    if (rows.length < 5000) break;
    after = rows.at(-1)!.reference_id;
  }
  const steps = buildIndexFromEntriesInSteps(refs, entries, { asOf: day, sliceSize: Number.POSITIVE_INFINITY });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
const index = await loadIndex();

/** The set and the plan in one statement. */
const SQL = `select f.raw, f.latitude, f.longitude, f.normalized, f.xmin::text as v, s.id as sub_id, s.user_id,
    s.match_credits_total, s.match_credits_used, s.plan_name
  from fertility_profiles f left join lateral (
    select s.*, p.name as plan_name from subscriptions s join plans p on p.id = s.plan_id
    where s.user_id = f.user_id and ${entitledAt('$3', '$4')} order by s.started_at desc limit 1) s on true
  where f.id = $1 and f.user_id = $2`;
type Row = StoredPreferenceSet & {
  v: string;
  sub_id: string | null;
  user_id: string;
  match_credits_total: number | null;
  match_credits_used: number;
  plan_name: string;
};
const pages = new Map<string, { ranked: ReturnType<typeof rankDonors>; cf: ReturnType<typeof counterfactuals> }>();
const cfs = new Map<string, ReturnType<typeof counterfactuals>>();
const counterfactualsOf = (set: { fp: string; prefs: ReturnType<typeof renormalize> }) => {
  let cf = cfs.get(set.fp);
  if (!cf) cfs.set(set.fp, (cf = counterfactuals(index, set.prefs)));
  return cf;
};
const normalised = new Map<string, { v: string; prefs: ReturnType<typeof renormalize>; fp: string }>();

/** matches.service.ts reveal(), without the service around it. */
async function record(row: Row, matches: Match[], fp: string) {
  const refs = matches.map((m) => m.donor_reference_id);
  const seen = await findShown(db, row.sub_id!, refs);
  if (
    matches.every(
      (m) =>
        seen.get(m.donor_reference_id)?.fp === fp &&
        seen.get(m.donor_reference_id)?.score === m.overall_match_percentage,
    )
  )
    return;
  await db.transaction(async (tx) => {
    const credits = await lockCredits(tx, row.sub_id!);
    const again = await findShown(tx, row.sub_id!, refs);
    const fresh: ShownWrite[] = [];
    const changed: ShownWrite[] = [];
    for (const m of matches) {
      const w = { referenceId: m.donor_reference_id, score: m.overall_match_percentage };
      const s = again.get(m.donor_reference_id);
      if (s) {
        if (s.fp !== fp || s.score !== w.score) changed.push(w);
      } else fresh.push(w);
    }
    const at = new Date();
    if (fresh.length + changed.length > 0)
      await keepShownPreferences(tx, { userId: row.user_id, fingerprint: fp, preferences: row, at });
    const inserted = await insertShown(tx, {
      subscriptionId: row.sub_id!,
      userId: row.user_id,
      at,
      fingerprint: fp,
      rows: fresh,
    });
    await updateShown(tx, { subscriptionId: row.sub_id!, fingerprint: fp, rows: changed });
    if (inserted > 0) await setCreditsUsed(tx, row.sub_id!, credits.used + inserted);
  });
}

const app = Fastify();
app.post('/find-matches', async (request, reply) => {
  const token = (request.headers.authorization ?? '').slice('Bearer '.length);
  let sub: string;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'kindred',
      audience: 'kindred-web',
    });
    sub = payload.sub!;
  } catch {
    return reply.code(401).send({ detail: 'invalid token' });
  }
  const { profile_id: profileId, offset = 0 } = request.body as { profile_id: string; offset?: number };
  const now = new Date();
  const [row] = await db.query<Row>(SQL, [profileId, sub, now, new Date(now.getTime() - STRIPE_RENEWAL_GRACE_MS)]);
  if (!row) return reply.code(404).send({ success: false, message: 'not found' });
  if (!row.sub_id) return reply.code(402).send({ success: false, message: 'no plan' });
  let set = normalised.get(profileId);
  if (set?.v !== row.v) {
    const prefs = renormalize(row);
    normalised.set(profileId, (set = { v: row.v, prefs, fp: preferencesFingerprint(prefs) }));
  }
  const pageKey = `${set.fp}|${offset}`;
  let page = pages.get(pageKey);
  if (!page)
    pages.set(
      pageKey,
      (page = { ranked: rankDonors(index, set.prefs, { limit: 50, offset }), cf: counterfactualsOf(set) }),
    );
  const { ranked, cf } = page;
  await record(row, ranked.matches, set.fp);
  const body = JSON.stringify({
    success: true,
    message: `${ranked.total} donors match your preferences.`,
    total_matches: ranked.total,
    matches: ranked.matches.map(({ factors: _f, ...m }) => m),
    subscription: true,
    plan_name: row.plan_name,
    matches_shown: null,
    match_credits_remaining: null,
    counterfactuals: cf,
    passing_matches: ranked.passing,
    relaxed: [],
    credits_exhausted: false,
    withheld: 0,
  });
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('anchor ready');
