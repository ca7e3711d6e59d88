import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import { LEDGER_MSG } from '@kindred/shared/family-ledger.schemas';
import { audience as donorUpdateAudience } from '../src/modules/donor-updates/donor-updates.repository.ts';
import { HOLD_UPDATE_TEXT } from '../src/modules/family-ledger/family-ledger.service.ts';
import { collectExport } from '../src/modules/rights/export.repository.ts';
import { eggPrefs, saveProfile } from './matching-helpers.ts';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  login,
  newParent,
  type TestContext,
} from './harness.ts';

type Badge = {
  donor_reference_id: string;
  confirmed: number;
  reported: number;
  linked_records: number;
  linked_banks: string[];
  bank: { name: string; count: number; limit: number };
  legal: { country: string; limit: number; source_url: string } | null;
  on_hold: boolean;
};

const DAY = 86_400_000;

/**
 * The family ledger across banks (issue 28, ADR 027): parents report, the named clinic confirms, records of the
 * same person are counted together, a donor whose confirmed families reach the bank's limit goes on hold.
 */
describe('family ledger', () => {
  let ctx: TestContext;
  let admin: string;
  let adminLogin: { email: string; password: string };
  const clinics: Record<'A' | 'B', { token: string; id: string }> = {} as never;
  let donors: Donor[];

  async function staff(role: 'admin' | 'clinic', clinicId?: string) {
    const user = await newParent(ctx.app);
    await ctx.db.query('update users set role = $2, clinic_id = $3 where id = $1', [user.id, role, clinicId ?? null]);
    if (role === 'admin') adminLogin = user;
    return signIn(user);
  }
  async function signIn(user: { email: string; password: string }) {
    const res = await login(ctx.app, user.email, user.password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().tokens.access as string;
  }

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    admin = await staff('admin');
    for (const key of ['A', 'B'] as const) {
      const [c] = await ctx.db.query<{ id: string }>(
        `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, is_fictional)
           values ($1, $2, '1 Ledger Street', 'Chicago', 'IL', 41.88, -87.63, 'America/Chicago', true) returning id`,
        [`CLN-LEDGER-${key}`, `Ledger Clinic ${key} (fictional)`],
      );
      clinics[key] = { id: c!.id, token: await staff('clinic', c!.id) };
    }
    // Five records: 0 and 1 the same person at two banks (a shared cross-reference), 2 with a limit of 2.
    donors = generateDonors(5, 'family-ledger').map((d, i) => ({
      ...d,
      bank_name: i === 1 ? 'Second Ledger Bank' : 'First Ledger Bank',
      availability: 'available' as const,
      family_limit: i === 2 ? 2 : 10,
      families_so_far: i === 2 ? 0 : 3,
      ...(i < 2 ? { cross_reference: 'REG-PERSON-1' } : {}),
    }));
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/donors/import/',
      headers: bearer(admin),
      payload: { format: 'json', data: JSON.stringify(donors) },
    });
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(async () => ctx?.close());

  const ref = (i: number) => donors[i]!.reference_id;
  const report = (token: string, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/family-ledger/reports/', headers: bearer(token), payload: body });
  const confirm = (key: 'A' | 'B', id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/clinic/family-reports/${id}/confirm/`,
      headers: bearer(clinics[key].token),
    });
  async function badge(token: string, i: number): Promise<Badge> {
    const res = await ctx.app.inject({
      url: `/api/v1/family-ledger/badges/?donors=${ref(i)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().badges[0];
  }
  /** The parent's notifications as their notification centre lists them. */
  const notificationsOf = async (token: string) =>
    (await ctx.app.inject({ url: '/api/v1/notifications/', headers: bearer(token) })).json().notifications as {
      kind: string;
      title: string;
      body: string;
      link: string;
    }[];
  const availability = async (i: number) =>
    (
      await ctx.db.query<{ availability: string }>('select availability from donors where reference_id = $1', [ref(i)])
    )[0]!.availability;
  const actions = async (target: string) =>
    (
      await ctx.db.query<{ action: string; actor_role: string }>(
        'select action, actor_role from audit_log where target_id = $1 order by id',
        [target],
      )
    ).map((r) => `${r.action}:${r.actor_role}`);

  it('a parent reports a birth; only the clinic named confirms it; the badge follows; every step is audited', async () => {
    const parent = await newParent(ctx.app, { first_name: 'Lena' });
    const res = await report(parent.access, {
      donor_reference_id: ref(3),
      kind: 'birth',
      clinic_reference_id: 'CLN-LEDGER-A',
      event_date: '2026-10-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: LEDGER_MSG.reported,
      report: {
        donor_reference_id: ref(3),
        kind: 'birth',
        status: 'reported',
        clinic: { reference_id: 'CLN-LEDGER-A' },
      },
    });
    const id = res.json().report.id as string;
    expect(await badge(parent.access, 3)).toMatchObject({
      confirmed: 0,
      reported: 1,
      linked_records: 1,
      bank: { name: 'First Ledger Bank', count: 3, limit: 10 },
      on_hold: false,
    });
    // A second report of the same family is a correction, not a new family.
    const twice = await report(parent.access, {
      donor_reference_id: ref(3),
      kind: 'pregnancy',
      clinic_reference_id: 'CLN-LEDGER-A',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LEDGER_MSG.alreadyReported);

    // Clinic A's staff are told a report awaits them (no parent named); clinic B's are told nothing.
    const toA = (await notificationsOf(clinics.A.token)).filter((n) => n.kind === 'ledger_update');
    expect(toA).toHaveLength(1);
    expect(toA[0]).toMatchObject({ title: 'A family report awaits your confirmation', link: '/clinic?tab=families' });
    expect(toA[0]!.body).not.toContain('Lena');
    expect((await notificationsOf(clinics.B.token)).filter((n) => n.kind === 'ledger_update')).toEqual([]);

    // Clinic B never sees it and cannot confirm it; clinic A sees its own patient's report and confirms it.
    expect((await confirm('B', id)).statusCode).toBe(404);
    const listB = await ctx.app.inject({ url: '/api/v1/clinic/family-reports/', headers: bearer(clinics.B.token) });
    expect(listB.json().reports).toEqual([]);
    const listA = await ctx.app.inject({ url: '/api/v1/clinic/family-reports/', headers: bearer(clinics.A.token) });
    expect(listA.json().reports).toEqual([
      expect.objectContaining({
        id,
        status: 'reported',
        parent_name: expect.stringContaining('Lena'),
        parent_email: parent.email,
      }),
    ]);
    const ok = await confirm('A', id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().report.status).toBe('confirmed');
    // The parent is told, without anything about anyone else.
    expect(await notificationsOf(parent.access)).toContainEqual(
      expect.objectContaining({ kind: 'ledger_update', title: 'Your clinic confirmed your report', link: '/profile' }),
    );
    expect((await confirm('A', id)).statusCode).toBe(409);
    // Another parent sees the counts, never the family.
    const other = await newParent(ctx.app);
    const seen = await badge(other.access, 3);
    expect(seen).toMatchObject({ confirmed: 1, reported: 0 });
    expect(JSON.stringify(seen)).not.toContain(parent.email);
    expect(await actions(ref(3))).toEqual(['family_report.create:parent', 'family_report.confirm:clinic']);

    // A parent in the UK sees the legal limit there, with its source; a parent in the US (no national limit) none.
    const uk = await newParent(ctx.app);
    await saveProfile(ctx.app, uk.access, eggPrefs({ current_country: 'GB', primary_zip_code: '' }));
    expect((await badge(uk.access, 3)).legal).toMatchObject({
      country: 'GB',
      limit: 10,
      unit: 'families',
      source_url: 'http://www.hfea.gov.uk/6794.html',
    });
    const us = await newParent(ctx.app);
    await saveProfile(ctx.app, us.access, eggPrefs());
    expect((await badge(us.access, 3)).legal).toBeNull();
  });

  it('a correction waits for confirmation again; a withdrawal stops counting; both are audited', async () => {
    const parent = await newParent(ctx.app);
    const id = (
      await report(parent.access, {
        donor_reference_id: ref(4),
        kind: 'pregnancy',
        clinic_reference_id: 'CLN-LEDGER-A',
      })
    ).json().report.id as string;
    expect((await confirm('A', id)).statusCode).toBe(200);
    expect((await badge(parent.access, 4)).confirmed).toBe(1);

    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/family-ledger/reports/${id}/`,
      headers: bearer(parent.access),
      payload: { kind: 'birth', clinic_reference_id: 'CLN-LEDGER-B', event_date: '2026-11-02' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().report).toMatchObject({
      kind: 'birth',
      status: 'reported',
      clinic: { reference_id: 'CLN-LEDGER-B' },
    });
    expect(await badge(parent.access, 4)).toMatchObject({ confirmed: 0, reported: 1 });
    // Now only clinic B may confirm.
    expect((await confirm('A', id)).statusCode).toBe(404);

    // Another parent cannot touch it.
    const stranger = await newParent(ctx.app);
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/family-ledger/reports/${id}/withdraw/`,
      headers: bearer(stranger.access),
    });
    expect(theirs.statusCode).toBe(404);

    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/family-ledger/reports/${id}/withdraw/`,
      headers: bearer(parent.access),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().report.status).toBe('withdrawn');
    expect(await badge(parent.access, 4)).toMatchObject({ confirmed: 0, reported: 0 });
    const mine = await ctx.app.inject({ url: '/api/v1/family-ledger/reports/', headers: bearer(parent.access) });
    expect(mine.json().reports.map((r: { status: string }) => r.status)).toEqual(['withdrawn']);
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/family-ledger/reports/${id}/`,
      headers: bearer(parent.access),
      payload: { kind: 'birth', clinic_reference_id: 'CLN-LEDGER-B' },
    });
    expect(again.statusCode).toBe(409);
    expect(await actions(ref(4))).toEqual([
      'family_report.create:parent',
      'family_report.confirm:clinic',
      'family_report.correct:parent',
      'family_report.withdraw:parent',
    ]);
  });

  it('records of the same person are counted together: by the bank’s cross-reference, or an operator’s link', async () => {
    const parent = await newParent(ctx.app);
    const id = (
      await report(parent.access, { donor_reference_id: ref(0), kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A' })
    ).json().report.id as string;
    await confirm('A', id);
    // Record 1 is the same person at another bank (the import's shared cross_reference).
    const other = await badge(parent.access, 1);
    expect(other).toMatchObject({
      confirmed: 1,
      linked_records: 2,
      linked_banks: ['First Ledger Bank', 'Second Ledger Bank'],
      bank: { name: 'Second Ledger Bank', count: 3, limit: 10 },
    });
    // An operator links record 4 too, then takes it out again; each is audited.
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/links/',
      headers: bearer(admin),
      payload: { reference_ids: [ref(4), ref(1)], reason: 'Same donor per both banks' },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(
      link
        .json()
        .linked.map((l: { reference_id: string }) => l.reference_id)
        .sort(),
    ).toEqual([ref(0), ref(1)].sort());
    expect((await badge(parent.access, 4)).confirmed).toBe(1);
    const unlink = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/unlink/',
      headers: bearer(admin),
      payload: { reference_id: ref(4) },
    });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(unlink.json().linked).toEqual([]);
    expect(await badge(parent.access, 4)).toMatchObject({ confirmed: 0, linked_records: 1 });
    expect((await badge(parent.access, 0)).linked_records).toBe(2);
    const rows = await ctx.db.query<{ action: string }>(
      `select action from audit_log where action in ('donor.link', 'donor.unlink') order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['donor.link', 'donor.unlink']);
    // Unlinking what is not linked, or linking one record with itself, is refused.
    const lone = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/unlink/',
      headers: bearer(admin),
      payload: { reference_id: ref(4) },
    });
    expect(lone.statusCode).toBe(409);
    const self = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/links/',
      headers: bearer(admin),
      payload: { reference_ids: [ref(4), ref(4)] },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().reference_ids).toEqual([LEDGER_MSG.linkSame]);
  });

  it('confirmed families reaching the bank’s limit hold the donor; the console report lists it; a withdrawal lifts it', async () => {
    const parents = [await newParent(ctx.app), await newParent(ctx.app)];
    // A third parent starred the donor (as the shortlist stores it).
    const fan = await newParent(ctx.app);
    await ctx.db.query(
      'insert into favourites (user_id, donor_id, created_at) select $1, id, now() from donors where reference_id = $2',
      [fan.id, ref(2)],
    );
    const ids: string[] = [];
    for (const p of parents)
      ids.push(
        (
          await report(p.access, { donor_reference_id: ref(2), kind: 'pregnancy', clinic_reference_id: 'CLN-LEDGER-A' })
        ).json().report.id,
      );
    await confirm('A', ids[0]!);
    expect(await availability(2)).toBe('available');
    const near = await ctx.app.inject({ url: '/api/v1/admin/family-ledger/report/', headers: bearer(admin) });
    expect(near.statusCode, near.body).toBe(200);
    // 1 of 2 is under 80 %: not listed yet.
    expect(near.json().donors.map((d: { reference_id: string }) => d.reference_id)).not.toContain(ref(2));

    await confirm('A', ids[1]!);
    expect(await availability(2)).toBe('unavailable');
    expect(await badge(parents[0]!.access, 2)).toMatchObject({ confirmed: 2, on_hold: true });
    const held = await ctx.db.query<{ action: string; actor_role: string }>(
      `select action, actor_role from audit_log where target_id = $1 and action = 'donor.family_limit_hold'`,
      [ref(2)],
    );
    expect(held).toEqual([{ action: 'donor.family_limit_hold', actor_role: 'clinic' }]);
    // The parent who starred it is told, by donor, never by family.
    const told = (await notificationsOf(fan.access)).filter((n) => n.kind === 'family_limit');
    expect(told).toEqual([
      expect.objectContaining({
        title: 'A donor you starred has reached its family limit',
        link: `/donors/${ref(2)}`,
      }),
    ]);
    // The matching engine no longer offers it (the catalogue's index followed the change).
    const [indexed] = await ctx.services.catalogue.donorsByReference([ref(2)]).then((m) => [...m.values()]);
    expect(indexed?.availability).toBe('unavailable');

    const full = await ctx.app.inject({ url: '/api/v1/admin/family-ledger/report/', headers: bearer(admin) });
    expect(full.json().donors).toContainEqual(
      expect.objectContaining({
        reference_id: ref(2),
        confirmed: 2,
        family_limit: 2,
        status: 'reached',
        on_hold: true,
      }),
    );

    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/family-ledger/reports/${ids[1]}/withdraw/`,
      headers: bearer(parents[1]!.access),
    });
    expect(await availability(2)).toBe('available');
    expect((await badge(parents[0]!.access, 2)).on_hold).toBe(false);
  });

  it('the console report reads counts stored with each change: the same figures as counting every family', async () => {
    // What the report listed before migration 105, counted from every report and link on each request.
    const counted = async () =>
      (
        await ctx.db.query<{ reference_id: string; confirmed: number; reported: number; linked_records: number }>(
          `with fam as (
             select coalesce(i.person_id::text, r.donor_reference_id) as person,
               coalesce(r.user_id::text, r.id::text) as family, bool_or(r.status = 'confirmed') as confirmed
             from family_reports r left join donor_identities i on i.reference_id = r.donor_reference_id
             where r.status <> 'withdrawn' group by 1, 2
           ), per_person as (
             select person, count(*) filter (where confirmed)::int as confirmed,
               count(*) filter (where not confirmed)::int as reported from fam group by person
           )
           select d.reference_id, coalesce(p.confirmed, 0) as confirmed, coalesce(p.reported, 0) as reported,
             case when i.person_id is null then 1
               else (select count(*) from donor_identities m where m.person_id = i.person_id)::int end as linked_records
           from donors d left join donor_identities i on i.reference_id = d.reference_id
           left join per_person p on p.person = coalesce(i.person_id::text, d.reference_id)
           where d.reference_id = any($1::text[]) order by d.reference_id`,
          [donors.map((d) => d.reference_id)],
        )
      ).map((r) => ({ ...r }));
    const stored = async () =>
      ctx.db.query<{ reference_id: string; confirmed: number; reported: number; linked_records: number }>(
        `select reference_id, family_confirmed as confirmed, family_reported as reported,
           family_linked_records as linked_records
         from donors where reference_id = any($1::text[]) order by reference_id`,
        [donors.map((d) => d.reference_id)],
      );
    const listed = async () =>
      (await ctx.app.inject({ url: '/api/v1/admin/family-ledger/report/', headers: bearer(admin) })).json();
    expect(await stored()).toEqual(await counted());

    // Record 3 (limit 10, its bank counts 3): 8 confirmed families put it at 80 % and into the report.
    const base = (await badge(admin, 3)).confirmed;
    const parents = await Promise.all(Array.from({ length: 8 - base }, () => newParent(ctx.app)));
    const ids: string[] = [];
    for (const p of parents)
      ids.push(
        (
          await report(p.access, { donor_reference_id: ref(3), kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A' })
        ).json().report.id,
      );
    expect(await stored()).toEqual(await counted());
    expect((await listed()).donors.map((d: { reference_id: string }) => d.reference_id)).not.toContain(ref(3));
    for (const id of ids) await confirm('A', id);
    expect(await stored()).toEqual(await counted());
    const near = await listed();
    expect(near.donors).toContainEqual(
      expect.objectContaining({
        reference_id: ref(3),
        bank_count: 3,
        confirmed: 8,
        reported: 0,
        linked_records: 1,
        share: 0.8,
        status: 'near',
        on_hold: false,
      }),
    );
    // Linked to record 4, the person's counts show on both records; unlinked, record 4 is alone again.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/links/',
      headers: bearer(admin),
      payload: { reference_ids: [ref(3), ref(4)] },
    });
    expect(await stored()).toEqual(await counted());
    expect((await listed()).donors).toContainEqual(
      expect.objectContaining({ reference_id: ref(4), confirmed: 8, linked_records: 2, status: 'near' }),
    );
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/unlink/',
      headers: bearer(admin),
      payload: { reference_id: ref(4) },
    });
    expect(await stored()).toEqual(await counted());
    // A withdrawal takes record 3 under 80 % again: out of the report, the total one less.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/family-ledger/reports/${ids[0]}/withdraw/`,
      headers: bearer(parents[0]!.access),
    });
    expect(await stored()).toEqual(await counted());
    const after = await listed();
    expect(after.donors.map((d: { reference_id: string }) => d.reference_id)).not.toContain(ref(3));
    expect(after.total).toBe(near.total - 1);
    // Put the ledger back as the later tests expect it.
    for (const [i, id] of ids.slice(1).entries())
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/family-ledger/reports/${id}/withdraw/`,
        headers: bearer(parents[i + 1]!.access),
      });
    expect(await stored()).toEqual(await counted());
  });

  it('a hold goes through the catalogue once and is posted as a donor update every family that cares is told of', async () => {
    // A record with a limit of 1, at a bank of its own.
    const [extra] = generateDonors(1, 'family-ledger-hold').map((d) => ({
      ...d,
      bank_name: 'Hold Ledger Bank',
      availability: 'available' as const,
      family_limit: 1,
      families_so_far: 0,
    }));
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/donors/import/',
      headers: bearer(admin),
      payload: { format: 'json', data: JSON.stringify([extra]) },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const target = extra!.reference_id;
    // One parent starred it; two reported families with it (one the clinic confirms, one still waiting).
    const [fan, confirmedParent, waitingParent] = [
      await newParent(ctx.app),
      await newParent(ctx.app),
      await newParent(ctx.app),
    ];
    await ctx.db.query(
      'insert into favourites (user_id, donor_id, created_at) select $1, id, now() from donors where reference_id = $2',
      [fan!.id, target],
    );
    const id = (
      await report(confirmedParent!.access, {
        donor_reference_id: target,
        kind: 'birth',
        clinic_reference_id: 'CLN-LEDGER-A',
      })
    ).json().report.id as string;
    await report(waitingParent!.access, {
      donor_reference_id: target,
      kind: 'pregnancy',
      clinic_reference_id: 'CLN-LEDGER-B',
    });
    const version = async () =>
      Number(
        (await ctx.db.query<{ version: string }>('select version::text as version from catalogue_state'))[0]!.version,
      );
    const before = await version();
    expect((await confirm('A', id)).statusCode).toBe(200);

    // The catalogue's change path stamped one version, on the held donor; the index followed.
    expect(await version()).toBe(before + 1);
    const [row] = await ctx.db.query<{ availability: string; catalogue_version: string }>(
      'select availability, catalogue_version::text as catalogue_version from donors where reference_id = $1',
      [target],
    );
    expect(row).toEqual({ availability: 'unavailable', catalogue_version: String(before + 1) });
    const [indexed] = await ctx.services.catalogue.donorsByReference([target]).then((m) => [...m.values()]);
    expect(indexed?.availability).toBe('unavailable');

    // The console's donor page lists the hold as a family-limit update from Kindred.
    const staffList = async () =>
      (await ctx.app.inject({ url: `/api/v1/admin/donors/${target}/updates/`, headers: bearer(admin) })).json()
        .updates as { id: string; kind: string; source: string; text: string; counts: { affected: number } }[];
    const [posted] = await staffList();
    expect(posted).toMatchObject({ kind: 'family_limit', source: 'Kindred', text: HOLD_UPDATE_TEXT });
    const [hold] = await ctx.db.query<{ diff: { update_id: [null, string] } }>(
      `select diff from audit_log where target_id = $1 and action = 'donor.family_limit_hold'`,
      [target],
    );
    expect(hold!.diff.update_id).toEqual([null, posted!.id]);

    // The fan-out tells both reporting families; the parent who starred it was told at once, and only once.
    await ctx.services.donorUpdates.fanOut();
    for (const p of [confirmedParent!, waitingParent!])
      expect((await notificationsOf(p.access)).filter((n) => n.kind === 'family_limit')).toEqual([
        expect.objectContaining({
          title: `Donor ${target}: family limit reached`,
          body: `Kindred: ${HOLD_UPDATE_TEXT}`,
          link: `/donors/${target}`,
        }),
      ]);
    expect((await notificationsOf(fan!.access)).filter((n) => n.kind === 'family_limit')).toEqual([
      expect.objectContaining({ title: 'A donor you starred has reached its family limit' }),
    ]);
    expect((await staffList())[0]!.counts.affected).toBe(3);
    // The donor page shows the update to a family that cares.
    const page = await ctx.app.inject({
      url: `/api/v1/donors/${target}/updates/`,
      headers: bearer(waitingParent!.access),
    });
    expect(page.json().updates).toEqual([expect.objectContaining({ kind: 'family_limit', text: HOLD_UPDATE_TEXT })]);
  });

  it('an admin’s unlink survives the bank importing the cross-reference again; an admin’s link ends it', async () => {
    // Two records at two banks sharing a cross-reference: the import links them.
    const pair = generateDonors(3, 'family-ledger-unlink').map((d, i) => ({
      ...d,
      bank_name: ['Unlink Bank One', 'Unlink Bank Two', 'Unlink Bank Three'][i]!,
      availability: 'available' as const,
      family_limit: 10,
      families_so_far: 0,
      cross_reference: 'REG-PERSON-2',
    }));
    const importAs = async (rows: typeof pair) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/donors/import/',
        headers: bearer(admin),
        payload: { format: 'json', data: JSON.stringify(rows) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The records as stored (by bank and bank id).
    const stored = async () =>
      (
        await ctx.db.query<{ reference_id: string }>(
          `select d.reference_id from unnest($1::text[], $2::text[]) with ordinality as p(bank, id, n)
           join donors d on d.bank_name = p.bank and d.bank_donor_id = p.id order by p.n`,
          [pair.map((d) => d.bank_name), pair.map((d) => d.bank_donor_id)],
        )
      ).map((r) => r.reference_id);
    const linkedTo = async (referenceId: string) =>
      (
        await ctx.app.inject({ url: `/api/v1/admin/family-ledger/links/${referenceId}/`, headers: bearer(admin) })
      ).json() as { linked: { reference_id: string; linked_by: string }[] };
    const linkedIds = async (referenceId: string) =>
      (await linkedTo(referenceId)).linked.map((l) => l.reference_id).sort();
    await importAs(pair.slice(0, 2));
    const [x, y] = (await stored()) as [string, string];
    expect(await linkedIds(x)).toEqual([y]);

    // The admin says they are two people.
    const unlink = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/unlink/',
      headers: bearer(admin),
      payload: { reference_id: x, reason: 'Two different donors, per both banks' },
    });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(unlink.json().linked).toEqual([]);
    const [audited] = await ctx.db.query<{ diff: Record<string, unknown> }>(
      `select diff from audit_log where action = 'donor.unlink' and target_id = $1`,
      [x],
    );
    expect(audited!.diff.cross_reference_ignored).toEqual([null, 'REG-PERSON-2']);

    // The banks import the same records again: they stay apart.
    await importAs(pair.slice(0, 2));
    expect(await linkedIds(x)).toEqual([]);
    expect(await linkedIds(y)).toEqual([]);
    const res = await ctx.app.inject({ url: `/api/v1/family-ledger/badges/?donors=${x},${y}`, headers: bearer(admin) });
    expect(res.json().badges.map((b: Badge) => b.linked_records)).toEqual([1, 1]);

    // A third bank's record with the same cross-reference links with the record still in the person, not with x.
    await importAs(pair);
    const w = (await stored())[2]!;
    expect(await linkedIds(w)).toEqual([y]);
    expect(await linkedIds(x)).toEqual([]);

    // The admin links x after all: the unlink is forgotten, and later imports leave the link as it is.
    const relink = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/family-ledger/links/',
      headers: bearer(admin),
      payload: { reference_ids: [x, y] },
    });
    expect(relink.statusCode, relink.body).toBe(200);
    await importAs(pair);
    expect(await linkedIds(x)).toEqual([w, y].sort());
    expect(await ctx.db.query('select 1 from donor_unlinks where reference_id = $1', [x])).toEqual([]);
  });

  it('bad input is a documented 4xx; staff and anonymous callers are refused the parent’s routes', async () => {
    const parent = await newParent(ctx.app);
    const bad = [
      { donor_reference_id: 'nope', kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A' },
      { donor_reference_id: 'ZZZZ-0000', kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A' },
      { donor_reference_id: ref(3), kind: 'twins', clinic_reference_id: 'CLN-LEDGER-A' },
      { donor_reference_id: ref(3), kind: 'birth', clinic_reference_id: 'CLN-NOWHERE' },
      { donor_reference_id: ref(3), kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A', event_date: '2999-01-01' },
      { donor_reference_id: ref(3), kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A', event_date: '2026-02-30' },
    ];
    for (const body of bad) {
      const res = await report(parent.access, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectDocumentedErrorShape(res);
    }
    const fields = (await report(parent.access, bad[3]!)).json();
    expect(fields.clinic_reference_id).toEqual([LEDGER_MSG.clinicNotFound]);
    const many = Array.from({ length: 51 }, (_, i) => `REF-${String(i).padStart(4, '0')}`).join(',');
    const tooMany = await ctx.app.inject({
      url: `/api/v1/family-ledger/badges/?donors=${many}`,
      headers: bearer(admin),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await report(clinics.A.token, bad[0]!)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/family-ledger/reports/' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/v1/admin/family-ledger/report/', headers: bearer(clinics.A.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/v1/clinic/family-reports/', headers: bearer(parent.access) })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/clinic/family-reports/not-a-uuid/confirm/',
          headers: bearer(clinics.A.token),
        })
      ).statusCode,
    ).toBe(400);
  });
  it('the export holds the parent’s ledger entries; deletion drops the parent but keeps the anonymous count', async () => {
    const parent = await newParent(ctx.app);
    const id = (
      await report(parent.access, { donor_reference_id: ref(3), kind: 'birth', clinic_reference_id: 'CLN-LEDGER-B' })
    ).json().report.id as string;
    await confirm('B', id);
    const before = (await badge(admin, 3)).confirmed;
    const file = await collectExport(ctx.db, parent.id, 'x', ctx.clock.now());
    expect(file!.family_ledger).toEqual([
      expect.objectContaining({
        id,
        donor_reference_id: ref(3),
        kind: 'birth',
        status: 'confirmed',
        clinic_reference_id: 'CLN-LEDGER-B',
      }),
    ]);
    expect(await ctx.services.familyLedger.reportingParents(ctx.db, ref(3))).toContain(parent.id);
    // Donor updates reach parents who reported with the donor, or with a linked record of the same person.
    const [d3] = await ctx.db.query<{ id: string }>('select id from donors where reference_id = $1', [ref(3)]);
    expect(await donorUpdateAudience(ctx.db, d3!.id, ref(3))).toContain(parent.id);

    const del = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete/',
      headers: bearer(parent.access),
      payload: { password: parent.password },
    });
    expect(del.statusCode, del.body).toBe(202);
    ctx.clock.advance(8 * DAY);
    await ctx.services.deletion.purgeDue();
    admin = await signIn(adminLogin); // the clock moved past the access token's life
    const rows = await ctx.db.query<{ user_id: string | null; status: string }>(
      'select user_id, status from family_reports where id = $1',
      [id],
    );
    expect(rows).toEqual([{ user_id: null, status: 'confirmed' }]);
    expect((await badge(admin, 3)).confirmed).toBe(before);
    expect(await ctx.services.familyLedger.reportingParents(ctx.db, ref(3))).not.toContain(parent.id);
  });

  it('a deleted parent’s reports on two records of one person become two families, in the report’s counts too', async () => {
    // Records 0 and 1 are one person (the cross-reference); a parent reported with both, both confirmed.
    const parent = await newParent(ctx.app);
    // The clock has moved past the earlier tokens' life: clinic A's staff sign in afresh.
    const clinicUser = await newParent(ctx.app);
    await ctx.db.query(`update users set role = 'clinic', clinic_id = $2 where id = $1`, [clinicUser.id, clinics.A.id]);
    const clinicToken = await signIn(clinicUser);
    for (const i of [0, 1]) {
      const id = (
        await report(parent.access, { donor_reference_id: ref(i), kind: 'birth', clinic_reference_id: 'CLN-LEDGER-A' })
      ).json().report.id as string;
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/clinic/family-reports/${id}/confirm/`,
        headers: bearer(clinicToken),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    const stored = async () =>
      (
        await ctx.db.query<{ family_confirmed: number }>(
          'select family_confirmed from donors where reference_id = $1',
          [ref(0)],
        )
      )[0]!.family_confirmed;
    const before = (await badge(admin, 0)).confirmed;
    expect(await stored()).toBe(before);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete/',
      headers: bearer(parent.access),
      payload: { password: parent.password },
    });
    ctx.clock.advance(8 * DAY);
    await ctx.services.deletion.purgeDue();
    admin = await signIn(adminLogin);
    // Without the parent, each report is a family of its own.
    expect((await badge(admin, 0)).confirmed).toBe(before + 1);
    expect(await stored()).toBe(before + 1);
  });
});
