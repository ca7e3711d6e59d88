import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import { ALERTS_MSG } from '@kindred/shared/alerts.schemas';
import type { NotifyInput } from '../src/modules/notifications/notifications.service.ts';
import { createAlertsService } from '../src/modules/alerts/alerts.service.ts';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  mailsTo,
  newParent,
  type TestContext,
  verifyEmail,
} from './harness.ts';
import { plain } from './appointments-helpers.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, saveProfile, seedCatalogue } from './matching-helpers.ts';

const ALERTS = '/api/v1/alerts/';

/** Egg donors who pass `eggPrefs()` (and the filters used below) whatever the generator drew. */
function passingDonors(n: number, seed: string): Donor[] {
  return generateDonors(n, seed).map((d, i) => ({
    ...d,
    bank_name: 'Alert Test Bank',
    bank_donor_id: `${seed}-${i}`,
    reference_id: `AT-${seed.toUpperCase()}-${i}`,
    donor_type: 'egg',
    surrogate: null,
    availability: 'available',
    family_limit: 10,
    families_so_far: 1,
    race: 'white',
    eye_color: 'brown',
    education: 'masters',
    chronic_conditions: [],
    date_of_birth: '1998-03-14',
  }));
}

/** Saved-search alerts that never expire (issue 28, ADR 026). */
describe('saved-search alerts', () => {
  let ctx: TestContext;
  let told: NotifyInput[];
  /** The job's service with the notification step captured (the server's own is built the same way). */
  let job: ReturnType<typeof createAlertsService>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx, 200);
    told = [];
    job = createAlertsService({
      db: ctx.db,
      clock: ctx.clock,
      parentScreens: ctx.services.parentScreens,
      consents: ctx.services.consents,
      notifications: { notify: async (_tx, input) => (told.push(input), null) },
    });
    // Whatever the seed changed is behind the job before the tests save alerts.
    await job.matchChanges();
  });
  afterAll(async () => ctx.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });

  async function parentWithPlan(plan: 'trial' | 'starter' | 'premium') {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, (await planIds(ctx.db))[plan]);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    return { ...parent, profileId };
  }

  it('saves, lists, pauses, resumes, renames and deletes alerts; bad input is a 400 naming the field', async () => {
    const p = await parentWithPlan('premium');
    const created = await call(p.access, 'POST', ALERTS, {
      profile_id: p.profileId,
      name: '  Brown-eyed egg donors  ',
      filters: { ageMax: 35, includeReserved: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json().alert;
    expect(alert).toMatchObject({
      name: 'Brown-eyed egg donors',
      profile_id: p.profileId,
      donor_type: 'egg',
      filters: { ageMax: 35, includeReserved: true },
      paused: false,
      last_fired_at: null,
      hits: 0,
    });
    expect((await call(p.access, 'GET', ALERTS)).json().alerts.map((a: { id: string }) => a.id)).toEqual([alert.id]);

    const paused = await call(p.access, 'PATCH', `${ALERTS}${alert.id}/`, { paused: true });
    expect(paused.json().alert.paused).toBe(true);
    const resumed = await call(p.access, 'PATCH', `${ALERTS}${alert.id}/`, { paused: false, name: 'Renamed' });
    expect(resumed.json().alert).toMatchObject({ paused: false, name: 'Renamed' });

    for (const [body, field] of [
      [{ profile_id: p.profileId, name: '' }, 'name'],
      [{ profile_id: 'nope', name: 'x' }, 'profile_id'],
      [{ profile_id: p.profileId, name: 'x', filters: { ageMin: 40, ageMax: 30 } }, 'filters.ageMax'],
      [{ profile_id: '00000000-0000-4000-8000-000000000000', name: 'x' }, 'profile_id'],
    ] as const) {
      const res = await call(p.access, 'POST', ALERTS, body);
      expect(res.statusCode, res.body).toBe(400);
      expectDocumentedErrorShape(res);
      expect(Object.keys(res.json()).join(' ')).toContain(field.split('.')[0]);
    }
    expect((await call(p.access, 'PATCH', `${ALERTS}${alert.id}/`, {})).statusCode).toBe(400);
    expect((await call(p.access, 'PATCH', `${ALERTS}not-a-uuid/`, { paused: true })).statusCode).toBe(400);

    // Another parent neither sees nor changes it, nor saves an alert on this parent's preference set.
    const other = await parentWithPlan('trial');
    expect((await call(other.access, 'GET', ALERTS)).json().alerts).toEqual([]);
    expect((await call(other.access, 'PATCH', `${ALERTS}${alert.id}/`, { paused: true })).statusCode).toBe(404);
    expect((await call(other.access, 'DELETE', `${ALERTS}${alert.id}/`)).statusCode).toBe(404);
    const theirs = await call(other.access, 'POST', ALERTS, { profile_id: p.profileId, name: 'Mine now' });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().profile_id).toEqual([ALERTS_MSG.profileNotFound]);

    expect((await call(p.access, 'DELETE', `${ALERTS}${alert.id}/`)).json()).toEqual({ success: true });
    expect((await call(p.access, 'GET', ALERTS)).json().alerts).toEqual([]);
    expect((await call(p.access, 'DELETE', `${ALERTS}${alert.id}/`)).statusCode).toBe(404);
  });

  it('an import of matching donors gives exactly one hit per alert and donor; a paused alert gets none', async () => {
    const p = await parentWithPlan('premium');
    const save = async (name: string, filters?: object) =>
      (await call(p.access, 'POST', ALERTS, { profile_id: p.profileId, name, filters })).json().alert.id as string;
    const wide = await save('Everyone');
    const narrow = await save('Born before 1990 only', { ageMin: 36 });
    const paused = await save('Paused');
    await call(p.access, 'PATCH', `${ALERTS}${paused}/`, { paused: true });
    told = [];

    const fresh = passingDonors(3, 'imp1');
    const sperm = { ...passingDonors(1, 'imp2')[0]!, donor_type: 'sperm' as const };
    await ctx.services.catalogue.upsert([...fresh, sperm]);
    expect((await job.matchChanges()).hits).toBe(3);
    const refs = (
      await ctx.db.query<{ id: string }>(
        "select id from donors where donor_type = 'egg' and bank_donor_id like 'imp1-%'",
      )
    ).map((r) => r.id);
    expect(told.map((m) => m.dedupeKey).sort()).toEqual(refs.map((r) => `${wide}:${r}`).sort());

    // Running again, or the same donors imported again with another essay, tells nobody twice.
    expect((await job.matchChanges()).hits).toBe(0);
    await ctx.services.catalogue.upsert(fresh.map((d) => ({ ...d, essay: `${d.essay} (updated)` })));
    expect((await job.matchChanges()).hits).toBe(0);

    // Availability back: a donor going unavailable and coming back is told once, as it re-enters.
    await ctx.services.catalogue.upsert([{ ...fresh[0]!, availability: 'unavailable' }]);
    expect((await job.matchChanges()).hits).toBe(0);
    await ctx.services.catalogue.upsert([{ ...fresh[0]!, availability: 'available' }]);
    // Already told about this donor for this alert: the dedupe holds for good.
    expect((await job.matchChanges()).hits).toBe(0);

    // A family slot opening: a donor at her limit when imported enters when the limit rises.
    const full = { ...passingDonors(1, 'imp3')[0]!, family_limit: 2, families_so_far: 2 };
    await ctx.services.catalogue.upsert([full]);
    expect((await job.matchChanges()).hits).toBe(0);
    told = [];
    await ctx.services.catalogue.upsert([{ ...full, family_limit: 3 }]);
    expect((await job.matchChanges()).hits).toBe(1);
    expect(told.map((m) => m.dedupeKey!.split(':')[0])).toEqual([wide]);

    const list = (await call(p.access, 'GET', ALERTS)).json().alerts as {
      id: string;
      hits: number;
      last_fired_at: string | null;
    }[];
    const by = new Map(list.map((a) => [a.id, a]));
    expect(by.get(wide)).toMatchObject({ hits: 4, last_fired_at: ctx.clock.now().toISOString() });
    expect(by.get(narrow)).toMatchObject({ hits: 0, last_fired_at: null });
    expect(by.get(paused)).toMatchObject({ hits: 0, last_fired_at: null });

    // Resuming does not announce what entered while paused; what enters afterwards is announced.
    await call(p.access, 'PATCH', `${ALERTS}${paused}/`, { paused: false });
    told = [];
    await ctx.services.catalogue.upsert(passingDonors(1, 'imp4'));
    await job.matchChanges();
    expect(told.map((m) => m.dedupeKey!.split(':')[0]).sort()).toEqual([wide, paused].sort());
  });

  it('plan rules: a Trial or Starter parent is told that a donor matches and what seeing it costs, not which', async () => {
    const trial = await parentWithPlan('trial');
    const premium = await parentWithPlan('premium');
    for (const p of [trial, premium])
      expect((await call(p.access, 'POST', ALERTS, { profile_id: p.profileId, name: 'Egg donors' })).statusCode).toBe(
        201,
      );
    told = [];
    await ctx.services.catalogue.upsert(passingDonors(1, 'plan1'));
    await job.matchChanges();
    const [ref] = (
      await ctx.db.query<{ reference_id: string }>("select reference_id from donors where bank_donor_id = 'plan1-0'")
    ).map((r) => r.reference_id);
    const toTrial = told.filter((m) => m.userId === trial.id);
    const toPremium = told.filter((m) => m.userId === premium.id);
    expect(toTrial).toHaveLength(1);
    expect(toPremium).toHaveLength(1);
    expect(toTrial[0]!.body).toBe(
      'A new donor now matches your saved search “Egg donors”. Seeing who it is uses 1 match credit; you have 1 left.',
    );
    expect(JSON.stringify(toTrial[0])).not.toContain(ref!);
    expect(toPremium[0]!.body).toContain(ref!);
    expect(toTrial[0]!.link).toBe('/donor-matches');
  });

  it('two runs at once record each hit once (the cursor row serialises them)', async () => {
    const p = await parentWithPlan('premium');
    await call(p.access, 'POST', ALERTS, { profile_id: p.profileId, name: 'Twice' });
    told = [];
    await ctx.services.catalogue.upsert(passingDonors(2, 'twice'));
    const other = createAlertsService({
      db: ctx.db,
      clock: ctx.clock,
      parentScreens: ctx.services.parentScreens,
      consents: ctx.services.consents,
      notifications: { notify: async (_tx, input) => (told.push(input), null) },
    });
    const [a, b] = await Promise.all([job.matchChanges(), other.matchChanges()]);
    expect(a.hits + b.hits).toBeGreaterThanOrEqual(2);
    expect(told.filter((m) => m.userId === p.id)).toHaveLength(2);
  });

  it("through the server's own job and notification path: the bell's list shows one alert_match per donor", async () => {
    const p = await parentWithPlan('starter');
    await call(p.access, 'POST', ALERTS, { profile_id: p.profileId, name: 'Bell' });
    // The server's service is behind the others' runs: whatever they matched is already recorded.
    await ctx.services.alerts.matchChanges();
    await ctx.services.catalogue.upsert(passingDonors(2, 'bell'));
    expect((await ctx.services.alerts.matchChanges()).hits).toBeGreaterThanOrEqual(2);
    await ctx.services.catalogue.upsert(
      passingDonors(2, 'bell').map((d) => ({ ...d, availability: 'reserved' as const })),
    );
    await ctx.services.alerts.matchChanges();
    await ctx.services.catalogue.upsert(passingDonors(2, 'bell'));
    await ctx.services.alerts.matchChanges();
    const page = (await call(p.access, 'GET', '/api/v1/notifications/?kind=alert_match')).json();
    expect(page.notifications).toHaveLength(2);
    expect(page.notifications[0]).toMatchObject({
      kind: 'alert_match',
      title: 'A new donor matches “Bell”',
      link: '/donor-matches',
      safety: false,
    });
    expect(page.notifications[0].body).toContain('Seeing who it is uses 1 match credit');
    expect(page.notifications[0].body).not.toContain('AT-BELL');
  });

  const GJB2 = {
    gene: 'GJB2',
    tested: true,
    carrier: true,
    detection_rate: null,
    variant_class: 'pathogenic',
  } as const;
  const screen = (token: string, carrierOf: string[]) =>
    call(token, 'PUT', '/api/v1/profile/carrier-screening/', {
      panel: { name: 'Panel', genes_covered: ['GJB2', 'CFTR'] },
      carrier_of: carrierOf.map((gene) => ({ gene })),
    });
  /**
   * A premium parent with a saved alert, mailed instantly about alerts (email_updates granted), with their own carrier
   * screen saved before the alert when `carrierOf` is given.
   */
  async function alertedParent(name: string, carrierOf?: string[]) {
    const p = await parentWithPlan('premium');
    await verifyEmail(ctx, p.email);
    const consent = (kind: string, granted: boolean) =>
      call(p.access, 'POST', '/api/v1/profile/consents/', { kind, granted, source: 'profile' });
    expect((await consent('email_updates', true)).statusCode).toBe(200);
    if (carrierOf) expect((await screen(p.access, carrierOf)).statusCode).toBe(200);
    const saved = await call(p.access, 'POST', ALERTS, { profile_id: p.profileId, name });
    expect(saved.statusCode, saved.body).toBe(201);
    return { ...p, consent, alertId: saved.json().alert.id as string };
  }
  const alertNotes = async (token: string) =>
    (await call(token, 'GET', '/api/v1/notifications/?kind=alert_match')).json().notifications as {
      title: string;
      body: string;
    }[];
  const flushMail = async () => {
    await new Promise((r) => setTimeout(r, 50));
    await ctx.services.mail.flush();
  };

  it('a parent who withdrew the health-data consent is not matched: no alert, no mail, until they consent again', async () => {
    await ctx.services.alerts.matchChanges();
    const withdrawn = await alertedParent('Withdrawn', ['GJB2']);
    const control = await alertedParent('Given');
    expect((await withdrawn.consent('health_data_matching', false)).statusCode).toBe(200);

    // One donor carrying what the parent carries, one plain: neither reaches the parent who withdrew.
    await ctx.services.catalogue.upsert([
      { ...passingDonors(1, 'hc1')[0]!, genes: [GJB2] },
      ...passingDonors(1, 'hc2'),
    ]);
    await ctx.services.alerts.matchChanges();
    await flushMail();
    expect(await alertNotes(withdrawn.access)).toEqual([]);
    expect(await alertNotes(control.access)).toHaveLength(2);
    await ctx.smtp.waitFor(control.email, (m) => /A new donor matches/.test(m.raw));
    expect(mailsTo(ctx.smtp, withdrawn.email, (m) => /A new donor matches/.test(m.raw))).toHaveLength(0);
    expect((await call(withdrawn.access, 'GET', ALERTS)).json().alerts[0]).toMatchObject({ hits: 0 });

    // Consenting again: what enters from then on is announced (with the screen: the GJB2 carrier stays out),
    // what entered meanwhile is not, and no text gives a health-based reason.
    expect((await withdrawn.consent('health_data_matching', true)).statusCode).toBe(200);
    await ctx.services.catalogue.upsert([
      { ...passingDonors(1, 'hc3')[0]!, genes: [GJB2] },
      ...passingDonors(1, 'hc4'),
    ]);
    await ctx.services.alerts.matchChanges();
    await flushMail();
    const notes = await alertNotes(withdrawn.access);
    expect(notes).toHaveLength(1);
    const [plainRef] = (
      await ctx.db.query<{ reference_id: string }>("select reference_id from donors where bank_donor_id = 'hc4-0'")
    ).map((r) => r.reference_id);
    expect(notes[0]!.body).toContain(plainRef!);
    expect(JSON.stringify(notes)).not.toMatch(/GJB2|carrier|genetic|health/i);
    const mails = mailsTo(ctx.smtp, withdrawn.email, (m) => /A new donor matches/.test(m.raw));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).not.toMatch(/GJB2|carrier/i);
  });

  it("a later change of the parent's own carrier screen reaches alerts saved before it, from the next run on", async () => {
    await ctx.services.alerts.matchChanges();
    const p = await alertedParent('Screened later');
    const refOf = async (bankDonorId: string) =>
      (
        await ctx.db.query<{ reference_id: string }>('select reference_id from donors where bank_donor_id = $1', [
          bankDonorId,
        ])
      )[0]!.reference_id;

    // The screen entered after the alert was saved: a donor carrying the same gene no longer fires it.
    expect((await screen(p.access, ['GJB2'])).statusCode).toBe(200);
    await ctx.services.catalogue.upsert([
      { ...passingDonors(1, 'scr1')[0]!, genes: [GJB2] },
      ...passingDonors(1, 'scr2'),
    ]);
    await ctx.services.alerts.matchChanges();
    let notes = await alertNotes(p.access);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain(await refOf('scr2-0'));

    // The screen removed: such a donor fires again (the parent's checklist, empty here, stands for it). A minute
    // later, as the every-minute job would be: the list is newest first, and the test clock otherwise stands still.
    ctx.clock.advance(60_000);
    expect((await call(p.access, 'DELETE', '/api/v1/profile/carrier-screening/')).statusCode).toBe(200);
    await ctx.services.catalogue.upsert([{ ...passingDonors(1, 'scr3')[0]!, genes: [GJB2] }]);
    await ctx.services.alerts.matchChanges();
    notes = await alertNotes(p.access);
    expect(notes).toHaveLength(2);
    expect(notes[0]!.body).toContain(await refOf('scr3-0'));
    await flushMail();
    const scr3 = await refOf('scr3-0');
    await ctx.smtp.waitFor(p.email, (m) => plain(m).includes(scr3));
    const scr1 = await refOf('scr1-0');
    expect(mailsTo(ctx.smtp, p.email, (m) => plain(m).includes(scr1))).toHaveLength(0);
    expect(JSON.stringify(notes)).not.toMatch(/GJB2|carrier/i);

    // Nothing of the screen is kept in the alert (the genetics module holds it, once).
    const [row] = await ctx.db.query<{ copy: boolean }>(
      "select preferences ? 'parent_screen' as copy from search_alerts where id = $1",
      [p.alertId],
    );
    expect(row!.copy).toBe(false);
  });
});
