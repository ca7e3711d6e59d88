import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, rankDonors, type Donor } from '@kindred/matching';
import { normalizePreferences } from '@kindred/shared/preferences';
import type { UserRole } from '@kindred/shared';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  expectDocumentedErrorShape,
  login,
  newParent,
  type TestContext,
} from './harness.ts';
import { seedCatalogue } from './matching-helpers.ts';
import { wideRates } from './payments-helpers.ts';

/** The operator console's donor catalogue (issue 15): list, availability (one and bulk), import dry run, audit. */

const LIST = '/api/v1/admin/donors/';
const BULK = '/api/v1/admin/donors/bulk/availability/';
const IMPORT = '/api/v1/admin/donors/import/';
const availabilityUrl = (ref: string) => `/api/v1/admin/donors/${ref}/availability/`;

/** A new account signed in with `role` (set in the database, as an operator would). */
async function signedInAs(ctx: TestContext, role: UserRole): Promise<{ id: string; access: string }> {
  const p = await newParent(ctx.app);
  await ctx.db.query('update users set role = $2 where id = $1', [p.id, role]);
  const res = await login(ctx.app, p.email, p.password);
  expect(res.statusCode, res.body).toBe(200);
  return { id: p.id, access: res.json().tokens.access };
}

describe('console: donors', () => {
  let ctx: TestContext;
  let admin: { id: string; access: string };
  let support: { id: string; access: string };
  let parent: { id: string; access: string };
  let donors: Donor[];

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    donors = await seedCatalogue(ctx, 240, 'console-donors');
    admin = await signedInAs(ctx, 'admin');
    support = await signedInAs(ctx, 'support');
    parent = await signedInAs(ctx, 'parent');
  });
  afterAll(async () => ctx?.close());

  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (token: string, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: bearer(token), payload });
  const auditRows = (action: string) =>
    ctx.db.query<{ actor_id: string; target_id: string | null; diff: Record<string, unknown>; reason: string | null }>(
      'select actor_id, target_id, diff, reason from audit_log where action = $1 order by id',
      [action],
    );

  it('filters, sorts and pages in SQL, with the family-limit status and no health data', async () => {
    const res = await get(
      support.access,
      `${LIST}?donor_type=egg&availability=available&page_size=10&sort=last_medical_update&order=desc`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = donors
      .filter((d) => d.donor_type === 'egg' && d.availability === 'available')
      .sort((a, b) =>
        b.last_medical_update === a.last_medical_update
          ? b.reference_id.localeCompare(a.reference_id)
          : b.last_medical_update.localeCompare(a.last_medical_update),
      );
    expect(body.total).toBe(expected.length);
    expect(body.donors.map((d: { reference_id: string }) => d.reference_id)).toEqual(
      expected.slice(0, 10).map((d) => d.reference_id),
    );
    const first = body.donors[0];
    const source = expected[0]!;
    expect(first).toMatchObject({
      bank_name: source.bank_name,
      family_limit: source.family_limit,
      families_so_far: source.families_so_far,
      family_status: source.families_so_far < source.family_limit ? 'open' : 'full',
      last_medical_update: source.last_medical_update,
    });
    expect(res.body).not.toMatch(/carrier|chronic|family_medical_history/);

    const page2 = (
      await get(
        support.access,
        `${LIST}?donor_type=egg&availability=available&page_size=10&page=2&sort=last_medical_update&order=desc`,
      )
    ).json();
    expect(page2.donors.map((d: { reference_id: string }) => d.reference_id)).toEqual(
      expected.slice(10, 20).map((d) => d.reference_id),
    );

    const full = (await get(admin.access, `${LIST}?family=full&page_size=100`)).json();
    expect(full.total).toBe(donors.filter((d) => d.families_so_far >= d.family_limit).length);
    const eyes = (await get(admin.access, `${LIST}?eye_color=green&page_size=100`)).json();
    expect(eyes.total).toBe(donors.filter((d) => d.eye_color === 'green').length);
    const byRef = (await get(admin.access, `${LIST}?q=${donors[5]!.reference_id.toLowerCase()}`)).json();
    expect(byRef.donors[0].reference_id).toBe(donors[5]!.reference_id);
  });

  it('answers a bad filter with a clear 400, and parents and clinics with 403', async () => {
    const bad = await get(admin.access, `${LIST}?availability=maybe&sort=name`);
    expect(bad.statusCode).toBe(400);
    expectDocumentedErrorShape(bad);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['availability', 'sort']));
    for (const url of [LIST, `${LIST}banks/`]) expect((await get(parent.access, url)).statusCode).toBe(403);
    const clinic = await signedInAs(ctx, 'clinic');
    expect((await get(clinic.access, LIST)).statusCode).toBe(403);
  });

  it('changes one donor’s availability: audited, and the engine no longer ranks the donor', async () => {
    const prefs = normalizePreferences({ donor_type_preference: 'sperm' });
    const ranked = async () => {
      const { index } = await ctx.services.catalogue.current();
      return rankDonors(index, prefs, { limit: 1000 }).matches.map((m) => m.donor_reference_id);
    };
    const top = (await ranked())[0];
    const donor = donors.find((d) => d.reference_id === top)!;
    expect(donor.availability).toBe('available');

    const res = await send(admin.access, 'PATCH', availabilityUrl(donor.reference_id), {
      availability: 'unavailable',
      reason: 'bank withdrew the donor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().donor).toMatchObject({ reference_id: donor.reference_id, availability: 'unavailable' });
    expect(await ranked()).not.toContain(donor.reference_id);
    const [row] = await ctx.db.query<{ availability: string; record: Donor }>(
      'select availability, record from donors where reference_id = $1',
      [donor.reference_id],
    );
    expect(row).toMatchObject({ availability: 'unavailable', record: { availability: 'unavailable' } });
    expect((await auditRows('donor.availability')).at(-1)).toEqual({
      actor_id: admin.id,
      target_id: donor.reference_id,
      diff: { availability: ['available', 'unavailable'] },
      reason: 'bank withdrew the donor',
    });

    const missing = await send(admin.access, 'PATCH', availabilityUrl('KS999999'), { availability: 'available' });
    expect(missing.statusCode).toBe(404);
    expectDocumentedErrorShape(missing);
  });

  it('bulk: a dry run reports and writes nothing; the real run changes and audits each donor; over 500 is a 400', async () => {
    const targets = donors.filter((d) => d.availability === 'available').slice(0, 5);
    const already = donors.find((d) => d.availability === 'reserved')!;
    const ids = [...targets.map((d) => d.reference_id), already.reference_id, 'KE000000'];
    const auditBefore = (await auditRows('donor.availability')).length;
    const versionBefore = (await ctx.db.query<{ version: string }>('select version from catalogue_state'))[0]!.version;

    const dry = await send(admin.access, 'POST', BULK, { reference_ids: ids, availability: 'reserved', dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dry_run: true,
      changed: targets.map((d) => d.reference_id),
      unchanged: [already.reference_id],
      not_found: ['KE000000'],
    });
    expect(dry.json().message).toMatch(/Nothing was written/);
    const stillAvailable = await ctx.db.query<{ n: string }>(
      `select count(*)::text as n from donors where reference_id = any($1::text[]) and availability = 'available'`,
      [targets.map((d) => d.reference_id)],
    );
    expect(stillAvailable[0]!.n).toBe('5');
    expect((await auditRows('donor.availability')).length).toBe(auditBefore);
    expect((await ctx.db.query<{ version: string }>('select version from catalogue_state'))[0]!.version).toBe(
      versionBefore,
    );

    const real = await send(admin.access, 'POST', BULK, {
      reference_ids: ids,
      availability: 'reserved',
      reason: 'audit',
    });
    expect(real.json()).toMatchObject({ dry_run: false, changed: targets.map((d) => d.reference_id) });
    const rows = (await auditRows('donor.availability')).slice(auditBefore);
    expect(rows.map((r) => r.target_id)).toEqual(targets.map((d) => d.reference_id));
    expect(rows.every((r) => r.reason === 'audit' && r.actor_id === admin.id)).toBe(true);

    // The same change again changes nothing: no audit row, no new catalogue version.
    const version = (await ctx.db.query<{ version: string }>('select version from catalogue_state'))[0]!.version;
    const again = await send(admin.access, 'POST', BULK, { reference_ids: ids, availability: 'reserved' });
    expect(again.json()).toMatchObject({
      changed: [],
      unchanged: [...targets.map((d) => d.reference_id), already.reference_id],
    });
    expect((await auditRows('donor.availability')).length).toBe(auditBefore + 5);
    expect((await ctx.db.query<{ version: string }>('select version from catalogue_state'))[0]!.version).toBe(version);

    const tooMany = Array.from({ length: 501 }, (_, i) => `KE${String(i).padStart(6, '0')}`);
    const over = await send(admin.access, 'POST', BULK, { reference_ids: tooMany, availability: 'available' });
    expect(over.statusCode).toBe(400);
    expectDocumentedErrorShape(over);
    expect(over.json().reference_ids).toEqual(['Choose at most 500 donors at once.']);
  });

  it('support reads but every write is 403, before the body is read', async () => {
    const ref = donors[0]!.reference_id;
    expect((await get(support.access, `${LIST}banks/`)).json().banks.length).toBeGreaterThan(0);
    const writes = [
      send(support.access, 'PATCH', availabilityUrl(ref), { availability: 'reserved' }),
      send(support.access, 'POST', BULK, { reference_ids: [ref], availability: 'reserved', dry_run: true }),
      send(support.access, 'POST', IMPORT, { format: 'json', data: '[]', dry_run: true }),
      send(parent.access, 'PATCH', availabilityUrl(ref), { availability: 'reserved' }),
      send(support.access, 'PATCH', availabilityUrl(ref), { junk: true }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expectDocumentedErrorShape(res);
    }
  });

  it('import: a dry run reports rows and errors and writes nothing; the real import writes its audit row', async () => {
    const fresh = generateDonors(3, 'console-import-fresh');
    const known = donors[7]!;
    const file = JSON.stringify([
      fresh[0],
      fresh[1],
      { ...fresh[2], eye_color: 'violet' },
      { ...known, availability: 'reserved' },
    ]);
    const count = async () =>
      Number((await ctx.db.query<{ n: string }>('select count(*)::text as n from donors'))[0]!.n);
    const before = await count();
    const importsBefore = (await auditRows('donor.import')).length;

    const dry = await send(admin.access, 'POST', IMPORT, { format: 'json', data: file, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      success: true,
      dry_run: true,
      inserted: 2,
      updated: 1,
      rows: 4,
      invalid_rows: 1,
      errors: [{ row: 3, field: 'eye_color', error: expect.stringMatching(/must be one of/) }],
    });
    expect(await count()).toBe(before);
    expect((await auditRows('donor.import')).length).toBe(importsBefore);

    const real = await send(admin.access, 'POST', IMPORT, { format: 'json', data: file });
    expect(real.json()).toMatchObject({ success: true, dry_run: false, inserted: 2, updated: 1 });
    expect(await count()).toBe(before + 2);
    const rows = (await auditRows('donor.import')).slice(importsBefore);
    expect(rows).toEqual([
      {
        actor_id: admin.id,
        target_id: null,
        diff: { format: [null, 'json'], inserted: [null, 2], updated: [null, 1], rows: [null, 4] },
        reason: '1 rows rejected',
      },
    ]);
  });
});

describe('console: an availability change reaches another instance', () => {
  let ctx: TestContext;
  let admin: { id: string; access: string };

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx, 200, 'console-two-instances');
    admin = await signedInAs(ctx, 'admin');
  });
  afterAll(async () => ctx?.close());

  it('B stops ranking the donor within 2 s, by an incremental update of its index', async () => {
    const b = await buildExtraInstance(ctx, { rateRules: wideRates() });
    try {
      const prefs = normalizePreferences({ donor_type_preference: 'egg' });
      const rankedOnB = async () => {
        const { index } = await b.services.catalogue.current();
        return rankDonors(index, prefs, { limit: 1000 }).matches.map((m) => m.donor_reference_id);
      };
      const ref = (await rankedOnB())[0]!;
      const builds = b.services.catalogue.stats();
      const started = performance.now();
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: availabilityUrl(ref),
        headers: bearer(admin.access),
        payload: { availability: 'unavailable' },
      });
      expect(res.statusCode, res.body).toBe(200);
      while ((await rankedOnB()).includes(ref) && performance.now() - started < 2000)
        await new Promise((r) => setTimeout(r, 50));
      expect(await rankedOnB()).not.toContain(ref);
      expect(b.services.catalogue.stats()).toEqual({
        fullBuilds: builds.fullBuilds,
        incrementalUpdates: builds.incrementalUpdates + 1,
      });
    } finally {
      await b.app.close();
    }
  });
});
