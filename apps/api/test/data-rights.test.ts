import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MIN_FILL_MS } from '@kindred/shared/content.schemas';
import { DATA_RIGHTS_MSG } from '@kindred/shared/data-rights.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  forgot,
  login,
  newParent,
  verifiedParent,
  type TestContext,
} from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates, type Parent } from './payments-helpers.ts';
import { eggPrefs, findMatches, postJson, saveProfile, seedCatalogue } from './matching-helpers.ts';
import { dataExportJob } from '../src/jobs/data-rights.job.ts';
import { createTestClinic } from './appointments-helpers.ts';
import { paragraphsMail } from '../src/modules/mail/mail.templates.ts';

const DAY = 24 * 60 * 60 * 1000;
const CREATE = '/api/v1/fertility-profile/create/';
const CONSENTS = '/api/v1/profile/consents/';
const EXPORT = '/api/v1/profile/export';

type Consent = { kind: string; scope: string; granted: boolean; at: string | null; source: string | null };

/** Data rights (issue 13, ADR 019): recorded consents, data exports and retention purges. */
describe('data rights', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates(), supportEmail: 'help@kindred.test' });
    await seedCatalogue(ctx);
    // The export is prepared by its job on the queue, as in production.
    await ctx.services.jobs.start(ctx.services, [dataExportJob]);
  });
  afterAll(async () => ctx?.close());

  const consent = (token: string, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: CONSENTS, headers: bearer(token), payload: body });
  const consents = async (token: string): Promise<Consent[]> =>
    (await ctx.app.inject({ url: CONSENTS, headers: bearer(token) })).json().consents;
  const stateOf = (list: Consent[], kind: string, scope = '') => list.find((c) => c.kind === kind && c.scope === scope);

  describe('consent', () => {
    it('a preference set is refused (403) until health-data consent is given; withdrawing stops saves and matching', async () => {
      const parent = await newParent(ctx.app, {}, { consent: false });
      const initial = await consents(parent.access);
      expect(initial.map((c) => [c.kind, c.granted])).toEqual([
        ['health_data_matching', false],
        ['email_updates', false],
      ]);

      const refused = await postJson(ctx.app, parent.access, CREATE, eggPrefs());
      expect(refused.statusCode).toBe(403);
      expectDocumentedErrorShape(refused);
      expect(refused.json().message).toBe(DATA_RIGHTS_MSG.healthConsentRequired);
      expect((await ctx.db.query('select 1 from fertility_profiles where user_id = $1', [parent.id])).length).toBe(0);

      const given = await consent(parent.access, { kind: 'health_data_matching', granted: true, source: 'wizard' });
      expect(given.statusCode, given.body).toBe(200);
      expect(stateOf(given.json().consents, 'health_data_matching')).toMatchObject({ granted: true, source: 'wizard' });
      const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
      expect((await findMatches(ctx.app, parent.access, profileId)).statusCode).toBe(200);

      ctx.clock.advance(1000);
      const withdrawn = await consent(parent.access, {
        kind: 'health_data_matching',
        granted: false,
        source: 'profile',
      });
      expect(stateOf(withdrawn.json().consents, 'health_data_matching')).toMatchObject({ granted: false });
      const noSave = await postJson(ctx.app, parent.access, CREATE, eggPrefs());
      expect(noSave.statusCode).toBe(403);
      const noMatch = await findMatches(ctx.app, parent.access, profileId);
      expect(noMatch.statusCode).toBe(403);
      expect(noMatch.json()).toEqual({
        code: 'consent_required',
        success: false,
        message: DATA_RIGHTS_MSG.healthConsentMissing,
      });

      // The log is append-only: both events kept, the latest is the state.
      const log = await ctx.db.query<{ granted: boolean; source: string }>(
        `select granted, source from consent_events where user_id = $1 and kind = 'health_data_matching' order by id`,
        [parent.id],
      );
      expect(log).toEqual([
        { granted: true, source: 'wizard' },
        { granted: false, source: 'profile' },
      ]);
      await consent(parent.access, { kind: 'health_data_matching', granted: true, source: 'profile' });
      expect((await findMatches(ctx.app, parent.access, profileId)).statusCode).toBe(200);
    });

    it('shortlist sharing is per clinic (scope required); e-mail updates has no scope; bad input is a 400', async () => {
      const parent = await newParent(ctx.app);
      const noScope = await consent(parent.access, { kind: 'shortlist_sharing', granted: true });
      expect(noScope.statusCode).toBe(400);
      expectDocumentedErrorShape(noScope);
      expect(noScope.json().scope).toEqual([DATA_RIGHTS_MSG.scopeRequired]);
      const scoped = await consent(parent.access, { kind: 'email_updates', scope: 'clinic-1', granted: true });
      expect(scoped.statusCode).toBe(400);
      expect(scoped.json().scope).toEqual([DATA_RIGHTS_MSG.scopeNotAllowed]);
      const bad = await consent(parent.access, { kind: 'marketing', granted: 'yes' });
      expect(bad.statusCode).toBe(400);
      expectDocumentedErrorShape(bad);

      const [a, b] = await Promise.all([createTestClinic(ctx.db, 'CLN-CSA'), createTestClinic(ctx.db, 'CLN-CSB')]);
      // A scope must name an existing clinic: 400 on the scope, and nothing recorded.
      for (const scope of ['clinic-a', 'CLN-NOPE', 'cln-csa ']) {
        const unknown = await consent(parent.access, { kind: 'shortlist_sharing', scope, granted: true });
        expect(unknown.statusCode, scope).toBe(400);
        expectDocumentedErrorShape(unknown);
        expect(unknown.json().scope).toEqual([DATA_RIGHTS_MSG.scopeUnknownClinic]);
      }
      expect((await consents(parent.access)).filter((c) => c.kind === 'shortlist_sharing')).toEqual([]);
      expect(
        (
          await ctx.db.query("select 1 from consent_events where user_id = $1 and kind = 'shortlist_sharing'", [
            parent.id,
          ])
        ).length,
      ).toBe(0);

      await consent(parent.access, { kind: 'shortlist_sharing', scope: a.ref, granted: true });
      await consent(parent.access, { kind: 'shortlist_sharing', scope: b.ref, granted: true });
      await consent(parent.access, { kind: 'shortlist_sharing', scope: a.ref, granted: false });
      await consent(parent.access, { kind: 'email_updates', granted: true });
      const list = await consents(parent.access);
      expect(stateOf(list, 'shortlist_sharing', a.ref)?.granted).toBe(false);
      expect(stateOf(list, 'shortlist_sharing', b.ref)?.granted).toBe(true);
      expect(stateOf(list, 'email_updates')?.granted).toBe(true);

      // Another parent's consents are theirs alone; anonymous callers are refused before the body is read.
      const other = await newParent(ctx.app, {}, { consent: false });
      expect((await consents(other.access)).every((c) => !c.granted)).toBe(true);
      const anon = await ctx.app.inject({ method: 'POST', url: CONSENTS, payload: { kind: 'nonsense' } });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('export', () => {
    /** A parent with every kind of data: preferences, shown matches, a favourite, a payment, consents, a message. */
    async function richParent(name: string): Promise<Parent & { reference: string }> {
      const plans = await planIds(ctx.db);
      const parent = await verifiedParent(ctx, { first_name: name });
      await buyWithTestCheckout(ctx.app, parent.access, plans.starter);
      const profileId = await saveProfile(ctx.app, parent.access, eggPrefs({ location: `${name}ville, NY` }));
      const reference = (await findMatches(ctx.app, parent.access, profileId)).json().matches[0].donor_reference_id;
      const fav = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/donors/favourites/',
        headers: bearer(parent.access),
        payload: { donor_reference_id: reference },
      });
      expect(fav.statusCode).toBe(200);
      const alert = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/alerts/',
        headers: bearer(parent.access),
        payload: { profile_id: profileId, name: `${name}'s egg donors`, filters: { ageMax: 35 } },
      });
      expect(alert.statusCode, alert.body).toBe(201);
      // The consent names a real clinic (issue 25): one per parent's name.
      const clinicRef = `CLN-${name.toUpperCase()}`;
      const [known] = await ctx.db.query('select 1 from clinics where reference_id = $1', [clinicRef]);
      if (!known) await createTestClinic(ctx.db, clinicRef);
      await consent(parent.access, { kind: 'shortlist_sharing', scope: clinicRef, granted: true });
      const token = (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
      ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/contact-us/',
        payload: {
          name,
          email: parent.email.toUpperCase(),
          question: `Question from ${name} <script>alert(1)</script>`,
          form_token: token,
        },
        remoteAddress: '10.9.9.9',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return { ...parent, reference };
    }

    const get = (token: string, url: string) => ctx.app.inject({ url, headers: bearer(token) });
    /** A fresh access token after the clock moved past the old one's 15 minutes. */
    const signIn = async (p: Parent) => (await login(ctx.app, p.email, p.password)).json().tokens.access as string;

    async function readyExport(
      token: string,
    ): Promise<{ id: string; json_url: string; html_url: string; expires_at: string }> {
      const res = await ctx.app.inject({ method: 'POST', url: EXPORT, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ message: DATA_RIGHTS_MSG.exportRequested, export: { status: 'preparing' } });
      const id = res.json().export.id as string;
      for (let i = 0; i < 200; i++) {
        const found = (await get(token, EXPORT)).json().exports.find((e: { id: string }) => e.id === id);
        if (found.status === 'ready') return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('export not ready in 10 s');
    }

    it('holds every section of the owner’s data and none of another parent’s; mailed; only the owner downloads', async () => {
      const alice = await richParent('Alicia');
      const bob = await richParent('Roberto');
      const ready = await readyExport(alice.access);
      expect(ready.json_url).toBe(`/api/v1/profile/export/${ready.id}.json`);

      const mail = await ctx.smtp.waitFor(alice.email, (m) => /^Subject: Your Kindred data is ready/m.test(m.raw));
      expect(mail.raw).toContain('http://localhost:3000/profile');

      const res = await get(alice.access, ready.json_url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.headers['cache-control']).toBe('no-store');
      const file = res.json();
      expect(file.schema_version).toBe(1);
      expect(file.account).toMatchObject({ id: alice.id, email: alice.email, first_name: 'Alicia' });
      expect(file.account.password_hash).toBeUndefined();
      expect(file.preference_sets).toHaveLength(1);
      expect(file.preference_sets[0].location).toBe('Aliciaville, NY');
      expect(file.preference_sets[0].submitted.preferred_races).toEqual(['white', 'asian', 'mixed_race']);
      expect(file.matches_shown.revealed_donors.length).toBeGreaterThan(0);
      expect(
        file.matches_shown.revealed_donors.map((r: { donor_reference_id: string }) => r.donor_reference_id),
      ).toContain(alice.reference);
      expect(file.matches_shown.shown_preferences.length).toBeGreaterThan(0);
      expect(file.favourites).toEqual([{ donor_reference_id: alice.reference, created_at: expect.any(String) }]);
      expect(file.alerts).toEqual([
        expect.objectContaining({ name: "Alicia's egg donors", filters: { ageMax: 35 }, paused_at: null, hits: [] }),
      ]);
      expect(file.appointments).toEqual([]);
      expect(file.payments).toEqual([
        expect.objectContaining({ plan_name: 'Starter ($129 one-time)', amount: 129, payment_status: 'succeeded' }),
      ]);
      expect(file.subscriptions).toEqual([expect.objectContaining({ plan_name: 'Starter ($129 one-time)' })]);
      expect(file.consents.map((c: Consent) => [c.kind, c.scope, c.granted])).toEqual([
        ['health_data_matching', '', true],
        ['shortlist_sharing', 'CLN-ALICIA', true],
      ]);
      expect(file.contact_messages).toEqual([
        expect.objectContaining({ question: 'Question from Alicia <script>alert(1)</script>', ip: '10.9.9.9' }),
      ]);

      // Nothing of Bob's: not his e-mail, id, name, clinic, question or location.
      const raw = res.body;
      for (const secret of [bob.email, bob.id, 'Roberto', 'CLN-ROBERTO']) expect(raw).not.toContain(secret);

      const html = await get(alice.access, ready.html_url);
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toContain('text/html');
      for (const text of [alice.email, 'Aliciaville, NY', alice.reference, 'Question from Alicia', 'Starter'])
        expect(html.body).toContain(text);
      // Everything the parent typed is escaped in the summary.
      expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html.body).not.toContain('<script>');
      expect(html.body).not.toContain('Roberto');

      // Another parent, a made-up id and an anonymous caller learn nothing.
      for (const url of [ready.json_url, ready.html_url]) {
        const other = await get(bob.access, url);
        expect(other.statusCode).toBe(404);
        expectDocumentedErrorShape(other);
        expect((await ctx.app.inject({ url })).statusCode).toBe(401);
      }
      expect((await get(alice.access, `${EXPORT}/00000000-0000-4000-8000-000000000000.json`)).statusCode).toBe(404);
      expect((await get(alice.access, `${EXPORT}/${ready.id}.pdf`)).statusCode).toBe(404);
      expect((await get(bob.access, EXPORT)).json().exports).toEqual([]);
    });

    it('expires after 7 days (410, listed as expired), and the retention job then drops its content', async () => {
      const parent = await newParent(ctx.app);
      const ready = await readyExport(parent.access);
      expect(new Date(ready.expires_at).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(7 * DAY - 60_000);
      ctx.clock.advance(7 * DAY - 60_000);
      const token = await signIn(parent);
      expect((await get(token, ready.json_url)).statusCode).toBe(200);
      ctx.clock.advance(120_000);
      const gone = await get(token, ready.json_url);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toEqual({ code: 'gone', success: false, message: DATA_RIGHTS_MSG.exportExpired });
      const listed = (await get(token, EXPORT)).json().exports[0];
      expect(listed).toMatchObject({ id: ready.id, status: 'expired', json_url: null, html_url: null });

      await ctx.services.retention.purge();
      const [row] = await ctx.db.query<{ json_body: string | null; html_body: string | null; status: string }>(
        'select json_body, html_body, status from data_exports where id = $1',
        [ready.id],
      );
      expect(row).toEqual({ json_body: null, html_body: null, status: 'expired' });
      // The row without content stays for the profile and the daily limit, then goes too.
      ctx.clock.advance(23 * DAY);
      await ctx.services.retention.purge();
      expect(await ctx.db.query('select 1 from data_exports where id = $1', [ready.id])).toHaveLength(0);
    });

    it('at most 3 requests a day per account: the 4th is 429 with Retry-After, and a day later it works again', async () => {
      const parent = await newParent(ctx.app);
      for (let i = 0; i < 3; i++)
        expect((await ctx.app.inject({ method: 'POST', url: EXPORT, headers: bearer(parent.access) })).statusCode).toBe(
          202,
        );
      const fourth = await ctx.app.inject({ method: 'POST', url: `${EXPORT}/`, headers: bearer(parent.access) });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ code: 'rate_limited', success: false, message: DATA_RIGHTS_MSG.exportLimit });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(DAY / 1000 - 120);
      // Another account is not affected.
      const other = await newParent(ctx.app);
      expect((await ctx.app.inject({ method: 'POST', url: EXPORT, headers: bearer(other.access) })).statusCode).toBe(
        202,
      );
      // A burst from another account: exactly 3 of 6 concurrent requests are accepted.
      const burst = await newParent(ctx.app);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => ctx.app.inject({ method: 'POST', url: EXPORT, headers: bearer(burst.access) })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 202, 202, 429, 429, 429]);
      ctx.clock.advance(DAY + 1000);
      expect(
        (await ctx.app.inject({ method: 'POST', url: EXPORT, headers: bearer(await signIn(parent)) })).statusCode,
      ).toBe(202);
    });
  });

  describe('retention', () => {
    const count = async (sql: string, params: unknown[] = []) =>
      Number((await ctx.db.query<{ n: string | number }>(`select count(*) as n from ${sql}`, params))[0]!.n);

    it('purges reset sessions, mail copies, contact messages (IP first) and view records after their periods', async () => {
      // A separate clock line: the records below are written now (database time) and judged by the app clock.
      ctx.clock.set(new Date());
      const parent = await newParent(ctx.app);
      await forgot(ctx, parent.email);
      await ctx.smtp.waitFor(parent.email);
      const token = (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
      ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/contact-us/',
        payload: { name: 'Retention', email: 'retention@example.com', question: 'Kept how long?', form_token: token },
        remoteAddress: '10.7.7.7',
      });
      expect(sent.statusCode).toBe(201);
      expect((await ctx.app.inject({ url: '/api/v1/blogs/slug/how-to-choose-a-donor/' })).statusCode).toBe(200);
      // Wait for the welcome and support copies to be marked sent.
      for (let i = 0; i < 100 && (await count(`mail_messages where status <> 'sent'`)) > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      // A notice to the address, which was never verified: held in the outbox (issue 13), not delivered.
      const notice = paragraphsMail('notice', 'A notice', 'A notice', ['Held until the address is verified.']);
      await ctx.db.transaction((tx) => ctx.services.mail.enqueue(tx, parent.email, notice));

      const state = async () => ({
        resets: await count('password_resets where user_id = $1', [parent.id]),
        mail: await count('mail_messages where to_address = $1', [parent.email]),
        contact: await count(`contact_messages where email = 'retention@example.com'`),
        contactIp: await count(`contact_messages where email = 'retention@example.com' and ip is not null`),
        views: await count('blog_views'),
        held: await count(`mail_messages where to_address = $1 and status = 'held'`, [parent.email]),
      });
      const start = await state();
      expect(start).toMatchObject({ resets: 1, contact: 1, contactIp: 1, held: 1 });
      expect(start.mail).toBeGreaterThanOrEqual(2);
      expect(start.views).toBeGreaterThanOrEqual(1);

      await ctx.services.retention.purge();
      expect(await state()).toEqual(start);

      ctx.clock.advance(3 * DAY);
      await ctx.services.retention.purge();
      expect(await state()).toEqual({ ...start, resets: 0 });

      ctx.clock.advance(5 * DAY);
      await ctx.services.retention.purge();
      expect(await state()).toEqual({ ...start, resets: 0, contactIp: 0 });

      ctx.clock.advance(23 * DAY);
      await ctx.services.retention.purge();
      expect(await state()).toEqual({ resets: 0, mail: 0, contact: 1, contactIp: 0, views: 0, held: 0 });

      ctx.clock.advance(60 * DAY);
      await ctx.services.retention.purge();
      expect(await state()).toEqual({ resets: 0, mail: 0, contact: 0, contactIp: 0, views: 0, held: 0 });
    });
  });
});
