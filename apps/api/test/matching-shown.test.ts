import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTestContext, newParent, TEST_DB, TEST_PG_URL, type TestContext } from './harness.ts';
import { buyWithTestCheckout, getJson, planIds, wideRates } from './payments-helpers.ts';
import { matchDonor } from '@kindred/matching';
import { eggPrefs, findMatches, saveProfile, seedCatalogue, storedPreferences } from './matching-helpers.ts';

type Shown = {
  donor_reference_id: string;
  overall_match_percentage: number;
  ai_explanation: string;
  tie_note?: string | null;
};
/** A match as a list showed it, less the tie sentence (a fact about its place in that list, not about the donor). */
const withoutTie = (m: Shown) => ({ ...m, tie_note: null });

/**
 * Reads that do not write (issue 12, ADR 016): a find-matches call writes only what is new, and a repeated call
 * for the same list writes nothing at all; the detail view still explains each match as it was shown.
 */
describe('matches shown are stored compactly', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  /** Transaction ids handed out between two reads of this one: each call of ours takes one, any write another. */
  const xid = async () => Number((await ctx.db.query<{ x: string }>('select pg_current_xact_id()::text as x'))[0]!.x);
  /** Every row the parent's matches touch, with its version and lock (xmin, xmax): a write or lock changes it. */
  const rowVersions = async (userId: string) =>
    (
      await ctx.db.query<{ v: string }>(
        `select 'r' || r.ctid::text || r.xmin::text || ':' || r.xmax::text as v from revealed_donors r
           where r.user_id = $1
         union all select 's' || s.ctid::text || s.xmin::text || ':' || s.xmax::text from subscriptions s
           where s.user_id = $1
         union all select 'p' || p.ctid::text || p.xmin::text || ':' || p.xmax::text from shown_preferences p
           where p.user_id = $1
         order by 1`,
        [userId],
      )
    ).map((r) => r.v);

  it('Premium: the first call records 50 donors; the same call again writes nothing, in any table', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const first = (await findMatches(ctx.app, parent.access, profileId)).json();
    expect(first.matches).toHaveLength(50);
    const versions = await rowVersions(parent.id);
    expect(versions.filter((v) => v.startsWith('r'))).toHaveLength(50);

    // Mail sent on the way here (welcome, receipt) is marked sent in the background: let it finish first.
    await ctx.services.mail.flush();
    const before = await xid();
    for (let i = 0; i < 3; i += 1) {
      const again = await findMatches(ctx.app, parent.access, profileId);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().matches).toEqual(first.matches);
    }
    // The three requests wrote nothing: no row, no lock. On the embedded database nothing else runs, so not even
    // a transaction id was taken but our own reads' (on a shared PostgreSQL server other databases take them).
    expect(await rowVersions(parent.id)).toEqual(versions);
    if (TEST_DB === 'pglite') expect((await xid()) - before).toBe(1);
    const stored = await ctx.db.query<{ n: string | number; bytes: string | number }>(
      `select count(*) as n, coalesce(sum(pg_column_size(r.*)), 0) as bytes from revealed_donors r
       where r.user_id = $1`,
      [parent.id],
    );
    // Donor, score and the preference set's fingerprint: about 100 bytes a row, not a 1.8 KB copy of the match.
    expect(Number(stored[0]!.bytes) / Number(stored[0]!.n)).toBeLessThan(200);
  });

  it('the token of a changed password is refused by find-matches at once (the guard reads the caller with the plan)', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    expect((await findMatches(ctx.app, parent.access, profileId)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password/',
      headers: { authorization: `Bearer ${parent.access}` },
      payload: {
        old_password: parent.password,
        new_password: 'Lantern-river-77',
        confirm_new_password: 'Lantern-river-77',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await findMatches(ctx.app, parent.access, profileId)).statusCode).toBe(401);
  });

  it('new preferences: donors shown again are updated once; the detail scores against the current set', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const first = (await findMatches(ctx.app, parent.access, profileId)).json().matches as Shown[];
    await saveProfile(ctx.app, parent.access, eggPrefs({ preferred_minimum_education: 'masters' }));
    const second = (await findMatches(ctx.app, parent.access, profileId)).json().matches as Shown[];
    const versions = await rowVersions(parent.id);
    await findMatches(ctx.app, parent.access, profileId);
    expect(await rowVersions(parent.id)).toEqual(versions);

    // The detail page scores every donor against the current set (issue 24: one donor, one score): a donor in the
    // second list reads as shown there; one only in the first list, as the current set scores it now.
    const secondRefs = new Set(second.map((m) => m.donor_reference_id));
    const onlyFirst = first.filter((m) => !secondRefs.has(m.donor_reference_id));
    const current = await storedPreferences(ctx, profileId);
    const index = (await ctx.services.catalogue.current()).index;
    for (const m of [...second.slice(0, 3), ...onlyFirst.slice(0, 3)]) {
      const res = await getJson(ctx.app, parent.access, `/api/v1/donors/${m.donor_reference_id}/`);
      expect(res.statusCode, res.body).toBe(200);
      const now = matchDonor(index, current, m.donor_reference_id)!;
      expect(res.json()).toMatchObject({ scored_with: 'current', failed: now.failed });
      expect(res.json().match.overall_match_percentage).toBe(now.match.overall_match_percentage);
      if (secondRefs.has(m.donor_reference_id)) expect(res.json().match).toMatchObject(withoutTie(m));
    }
    // The list of revealed donors keeps each as last shown (the tie sentence belongs to the list it was shown in).
    const revealed = (await getJson(ctx.app, parent.access, '/api/v1/donors/revealed/')).json().donors as {
      match: Shown;
    }[];
    const byRef = new Map(revealed.map((r) => [r.match.donor_reference_id, r.match]));
    for (const m of [...second, ...onlyFirst]) expect(byRef.get(m.donor_reference_id)).toEqual(withoutTie(m));
    expect(revealed).toHaveLength(new Set([...first, ...second].map((m) => m.donor_reference_id)).size);
  });

  it('a row kept from before migration 015 shows its stored copy until the donor is shown again', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const [m] = (await findMatches(ctx.app, parent.access, profileId)).json().matches as Shown[];
    const legacy = { ...m!, ai_explanation: 'As shown before the upgrade.' };
    await ctx.db.query(
      `update revealed_donors r set legacy_match = $3, preferences_fp = null from donors d
       where d.id = r.donor_id and r.user_id = $1 and d.reference_id = $2`,
      [parent.id, m!.donor_reference_id, JSON.stringify(legacy)],
    );
    const detail = async () =>
      ((await getJson(ctx.app, parent.access, '/api/v1/donors/revealed/')).json().donors as { match: Shown }[]).find(
        (r) => r.match.donor_reference_id === m!.donor_reference_id,
      )!;
    expect((await detail()).match).toMatchObject(withoutTie(legacy));
    await findMatches(ctx.app, parent.access, profileId);
    expect((await detail()).match).toMatchObject(withoutTie(m!));
    const rows = await ctx.db.query<{ legacy_match: unknown }>(
      'select legacy_match from revealed_donors where user_id = $1 and legacy_match is not null',
      [parent.id],
    );
    expect(rows).toEqual([]);
  });
});

describe('migration 015', () => {
  /** A database with every migration before 015 applied, on this run's engine. */
  async function before015() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'k-reads-mig-'));
    const src = path.resolve(import.meta.dirname, '../migrations');
    for (const f of (await readdir(src)).filter((f) => f < '015')) await copyFile(path.join(src, f), path.join(dir, f));
    let db: Db;
    let drop = async () => {};
    if (TEST_DB === 'pglite') db = await openPglite('memory://');
    else {
      const name = `k_reads_${randomBytes(6).toString('hex')}`;
      const admin = async (sql: string) => {
        const c = new pg.Client({ connectionString: TEST_PG_URL });
        await c.connect();
        await c.query(sql);
        await c.end();
      };
      await admin(`create database ${name}`);
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${name}`;
      db = await openPostgres(url.toString(), 2);
      drop = () => admin(`drop database if exists ${name} with (force)`);
    }
    await migrate(db, dir);
    await rm(dir, { recursive: true, force: true });
    return { db, close: async () => (await db.close(), await drop()) };
  }

  it('carries rows stored before it over: the score kept, the stored copy kept until the donor is shown again', async () => {
    const { db, close } = await before015();
    try {
      const [user] = await db.query<{ id: string }>(
        `insert into users (email, password_hash, first_name, last_name, phone_number, date_of_birth,
           relationship_to_child, highest_education, race, ethnicity)
         values ('old@example.com', 'x', 'A', 'B', '+12025550100', '1990-01-01', 'self', 'college', 'white', 'x')
         returning id`,
      );
      const [plan] = await db.query<{ id: string }>("select id from plans where subscription_type = 'premium'");
      await db.query(
        `insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, created_at)
         values ('cs_old', $1, $2, 'test', 149, 'usd', now())`,
        [user!.id, plan!.id],
      );
      const [sub] = await db.query<{ id: string }>(
        `insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, started_at,
           current_period_end, updated_at)
         values ($1, $2, 'cs_old', 'active', 'test', now(), now() + interval '30 days', now()) returning id`,
        [user!.id, plan!.id],
      );
      const [donor] = await db.query<{ id: string }>(
        `insert into donors (reference_id, bank_name, bank_donor_id, donor_type, disclosure, availability, record,
           created_at, updated_at)
         values ('OLD-0001', 'Bank', 'b1', 'egg', 'ANON', 'available', '{}', now(), now()) returning id`,
      );
      const match = { donor_reference_id: 'OLD-0001', overall_match_percentage: 87.5, ai_explanation: 'As shown.' };
      await db.query(
        `insert into revealed_donors (subscription_id, donor_id, user_id, revealed_at, match)
         values ($1, $2, $3, now(), $4)`,
        [sub!.id, donor!.id, user!.id, JSON.stringify(match)],
      );
      await migrate(db);
      const rows = await db.query<{ score: string | number; preferences_fp: string | null; legacy_match: unknown }>(
        'select score, preferences_fp, legacy_match from revealed_donors',
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.score)).toBe(87.5);
      expect(rows[0]!.preferences_fp).toBeNull();
      expect(rows[0]!.legacy_match).toEqual(match);
    } finally {
      await close();
    }
  });
});
