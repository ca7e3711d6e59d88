import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { SCHEDULE_DATE_RANGE_MSG, SERVER_MSG } from '@kindred/shared';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  login,
  newParent,
  waitForNth,
  type ReceivedMail,
  type TestContext,
} from './harness.ts';
import { seedCatalogue } from './matching-helpers.ts';
import { makeAdmin, mailText } from './payments-helpers.ts';

/** Clinic accounts (admin invitations, set-password links) and the clinic portal's own API (issue 14). */

const DAY = 24 * 60 * 60 * 1000;
const BANK_A = 'Northstar Cryobank (fictional)';
const BANK_B = 'Bluebell Egg Bank (fictional)';

type Clinic = { id: string; ref: string; clinicianId: string };

/** A test clinic of its own (reference ids no seed uses), with one clinician and one partner bank. */
async function addClinic(ctx: TestContext, ref: string, bank: string): Promise<Clinic> {
  const [c] = await ctx.db.query<{ id: string }>(
    `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, is_fictional)
       values ($1, $2, '1 Test Street', 'Chicago', 'IL', 41.88, -87.63, 'America/Chicago', true) returning id`,
    [ref, `Test Clinic ${ref} (fictional)`],
  );
  await ctx.db.query('insert into clinic_banks (clinic_id, bank_name) values ($1, $2)', [c!.id, bank]);
  const [cl] = await ctx.db.query<{ id: string }>(
    `insert into clinicians (clinic_id, name, title) values ($1, 'Dr. Robin Vale', 'Reproductive endocrinologist')
       returning id`,
    [c!.id],
  );
  return { id: c!.id, ref, clinicianId: cl!.id };
}

const isInvitationMail = (m: ReceivedMail) => /^Subject: You are invited to the Kindred clinic portal/m.test(m.raw);

function invitationTokenFrom(m: ReceivedMail): string {
  const url = /(http:\/\/localhost:3000\/clinic\/invitation\?token=[^\s"<>]+)/.exec(mailText(m));
  if (!url) throw new Error('no invitation link in the mail');
  return new URL(url[1]!).searchParams.get('token')!;
}

let counter = 0;
const staffEmail = () => `staff${++counter}.${Date.now()}@clinic.example`;

describe('clinic accounts and the clinic portal', () => {
  let ctx: TestContext;
  let admin: string;
  let a: Clinic;
  let b: Clinic;
  const PASSWORD = 'Harbour-lights-88';

  const invite = (token: string, ref: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/clinics/${ref}/staff/`,
      headers: bearer(token),
      payload: body,
    });
  const accept = (token: string, password = PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/invitation/accept/',
      payload: { token, new_password: password, confirm_password: password },
    });

  /** Invites a new staff member of `clinic`, accepts the mailed link and signs in: the access token. */
  async function staffOf(clinic: Clinic): Promise<{ email: string; access: string }> {
    const email = staffEmail();
    expect((await invite(admin, clinic.ref, { email, first_name: 'Samira', last_name: 'Leeds' })).statusCode).toBe(201);
    const token = invitationTokenFrom(await waitForNth(ctx.smtp, email, 1, isInvitationMail));
    expect((await accept(token)).statusCode).toBe(200);
    const res = await login(ctx.app, email, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    return { email, access: res.json().tokens.access };
  }

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    admin = await makeAdmin(ctx, await newParent(ctx.app));
    a = await addClinic(ctx, 'CLN-TST1', BANK_A);
    b = await addClinic(ctx, 'CLN-TST2', BANK_B);
  });
  afterAll(() => ctx.close());

  describe('invitations', () => {
    it('creates an account that cannot sign in until the mailed link sets its password, then lands as clinic', async () => {
      const email = staffEmail();
      const res = await invite(admin, a.ref, { email, first_name: 'Jordan', last_name: 'Park' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().staff).toMatchObject({ email, status: 'invited', bank_name: BANK_A });

      const mail = await waitForNth(ctx.smtp, email, 1, isInvitationMail);
      const token = invitationTokenFrom(mail);
      // Only the token's SHA-256 is stored; the outbox copy withholds the link's token.
      const stored = await ctx.db.query<{ token_hash: string }>('select token_hash from clinic_invitations');
      expect(stored.some((r) => r.token_hash === token)).toBe(false);
      const outbox = await ctx.db.query<{ text_body: string }>(
        `select text_body from mail_messages where kind = 'clinic_invitation' and to_address = $1`,
        [email],
      );
      expect(outbox[0]!.text_body).not.toContain(token);

      expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(401);
      const look = await ctx.app.inject({ url: `/api/v1/auth/invitation/?token=${encodeURIComponent(token)}` });
      expect(look.statusCode).toBe(200);
      expect(look.json()).toMatchObject({ email, clinic_name: 'Test Clinic CLN-TST1 (fictional)' });

      const ok = await accept(token);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toBe(CLINIC_MSG.invitationAccepted);
      const signIn = await login(ctx.app, email, PASSWORD);
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user.role).toBe('clinic');
      const [user] = await ctx.db.query<{ clinic_id: string; bank_name: string; email_verified_at: Date | null }>(
        'select clinic_id, bank_name, email_verified_at from users where lower(email) = $1',
        [email],
      );
      expect(user).toMatchObject({ clinic_id: a.id, bank_name: BANK_A });
      expect(user!.email_verified_at).not.toBeNull();

      // Used once.
      const again = await accept(token, 'Another-pass-77');
      expect(again.statusCode).toBe(400);
      expect(again.json().token).toEqual([CLINIC_MSG.invitationUsed]);
      const list = (await ctx.app.inject({ url: '/api/v1/admin/clinics/', headers: bearer(admin) })).json();
      const clinic = list.clinics.find((c: { reference_id: string }) => c.reference_id === a.ref);
      expect(clinic.staff.find((s: { email: string }) => s.email === email).status).toBe('active');
    });

    it('refuses an expired link, junk tokens and weak passwords with clear 400s, changing nothing', async () => {
      const email = staffEmail();
      await invite(admin, b.ref, { email, first_name: 'Kimberly', last_name: 'Odell' });
      const token = invitationTokenFrom(await waitForNth(ctx.smtp, email, 1, isInvitationMail));

      const weak = await accept(token, 'password1234');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().new_password).toEqual([SERVER_MSG.passwordTooCommon]);
      const mismatch = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/invitation/accept/',
        payload: { token, new_password: PASSWORD, confirm_password: 'different-1' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toHaveProperty('confirm_password');

      for (const junk of ['x', 'not-a-token-at-all', 'a'.repeat(201), '%00']) {
        const r = await accept(junk);
        expect(r.statusCode).toBe(400);
        expectDocumentedErrorShape(r);
        expect(r.json().token).toEqual([CLINIC_MSG.invitationInvalid]);
      }
      const missing = await ctx.app.inject({ url: '/api/v1/auth/invitation/' });
      expect(missing.statusCode).toBe(400);

      ctx.clock.advance(7 * DAY + 1000);
      try {
        const late = await accept(token);
        expect(late.statusCode).toBe(400);
        expect(late.json().token).toEqual([CLINIC_MSG.invitationExpired]);
        const look = await ctx.app.inject({ url: `/api/v1/auth/invitation/?token=${encodeURIComponent(token)}` });
        expect(look.json().token).toEqual([CLINIC_MSG.invitationExpired]);
      } finally {
        ctx.clock.advance(-(7 * DAY + 1000));
      }
      expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(401);

      // A new invitation replaces the old link.
      expect((await invite(admin, b.ref, { email, first_name: 'Kimberly', last_name: 'Odell' })).statusCode).toBe(201);
      const second = invitationTokenFrom(await waitForNth(ctx.smtp, email, 2, isInvitationMail));
      expect((await accept(token)).json().token).toEqual([CLINIC_MSG.invitationInvalid]);
      expect((await accept(second)).statusCode).toBe(200);
    });

    it('is for admins only, refuses taken addresses and banks the clinic does not work with', async () => {
      const parent = await newParent(ctx.app);
      const asParent = await invite(parent.access, a.ref, {
        email: staffEmail(),
        first_name: 'Alison',
        last_name: 'Bowen',
      });
      expect(asParent.statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/v1/admin/clinics/', headers: bearer(parent.access) })).statusCode).toBe(
        403,
      );
      expect((await ctx.app.inject({ url: '/api/v1/admin/clinics/' })).statusCode).toBe(401);

      const taken = await invite(admin, a.ref, { email: parent.email, first_name: 'Alison', last_name: 'Bowen' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(CLINIC_MSG.emailTaken);
      const bank = await invite(admin, a.ref, {
        email: staffEmail(),
        first_name: 'Alison',
        last_name: 'Bowen',
        bank_name: BANK_B,
      });
      expect(bank.statusCode).toBe(400);
      expect(bank.json().bank_name).toEqual([CLINIC_MSG.bankNotOfClinic]);
      const unknown = await invite(admin, 'CLN-NOPE', {
        email: staffEmail(),
        first_name: 'Alison',
        last_name: 'Bowen',
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await invite(admin, a.ref, { email: 'nope', first_name: '', last_name: 'Bo' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('email');
    });
  });

  describe('the portal', () => {
    let staffA: string;
    let staffB: string;
    let parent: Awaited<ReturnType<typeof newParent>>;

    beforeAll(async () => {
      staffA = (await staffOf(a)).access;
      staffB = (await staffOf(b)).access;
      parent = await newParent(ctx.app);
    });

    const ROUTES: [string, string, unknown?][] = [
      ['GET', '/api/v1/clinic/'],
      ['GET', '/api/v1/clinic/schedule/'],
      ['PUT', '/api/v1/clinic/schedule/', { clinician_id: '00000000-0000-4000-8000-000000000000', hours: [] }],
      ['GET', '/api/v1/clinic/overrides/'],
      ['POST', '/api/v1/clinic/overrides/', {}],
      ['DELETE', '/api/v1/clinic/overrides/00000000-0000-4000-8000-000000000000/'],
      ['GET', '/api/v1/clinic/visit-types/'],
      ['POST', '/api/v1/clinic/visit-types/', {}],
      ['PUT', '/api/v1/clinic/visit-types/00000000-0000-4000-8000-000000000000/', {}],
      ['GET', '/api/v1/clinic/shortlists/'],
      ['GET', '/api/v1/clinic/donors/'],
    ];

    it('answers 401 without a token and 403 to parents and admins on every clinic route', async () => {
      for (const [method, url, payload] of ROUTES) {
        const as = async (headers: Record<string, string>) =>
          (await ctx.app.inject({ method: method as 'GET', url, headers, payload: payload as object })).statusCode;
        expect(await as({}), `${method} ${url}`).toBe(401);
        expect(await as(bearer(parent.access)), `${method} ${url}`).toBe(403);
        expect(await as(bearer(admin)), `${method} ${url}`).toBe(403);
      }
    });

    it("edits weekly hours with breaks; another clinic's clinician is 404-like and invalid hours are field errors", async () => {
      const hours = [
        { weekday: 1, start_time: '09:00', end_time: '12:00' },
        { weekday: 1, start_time: '13:00', end_time: '17:00' },
        { weekday: 3, start_time: '10:00', end_time: '16:00' },
      ];
      const put = (token: string, body: object) =>
        ctx.app.inject({ method: 'PUT', url: '/api/v1/clinic/schedule/', headers: bearer(token), payload: body });
      const ok = await put(staffA, { clinician_id: a.clinicianId, hours });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().time_zone).toBe('America/Chicago');
      expect(ok.json().clinicians[0].hours).toEqual(hours);

      const cross = await put(staffB, { clinician_id: a.clinicianId, hours: [] });
      expect(cross.statusCode).toBe(400);
      expect(cross.json().clinician_id).toEqual([CLINIC_MSG.clinicianNotFound]);
      const seen = (await ctx.app.inject({ url: '/api/v1/clinic/schedule/', headers: bearer(staffB) })).json();
      expect(seen.clinicians.map((c: { id: string }) => c.id)).toEqual([b.clinicianId]);

      const overlap = await put(staffA, {
        clinician_id: a.clinicianId,
        hours: [hours[0], { weekday: 1, start_time: '11:00', end_time: '14:00' }],
      });
      expect(overlap.statusCode).toBe(400);
      expect(overlap.json().hours).toEqual([CLINIC_MSG.overlapping]);
      const backwards = await put(staffA, {
        clinician_id: a.clinicianId,
        hours: [{ weekday: 8, start_time: '25:00', end_time: '09:00' }],
      });
      expect(backwards.statusCode).toBe(400);
      expectDocumentedErrorShape(backwards);
      // Nothing changed.
      const after = (await ctx.app.inject({ url: '/api/v1/clinic/schedule/', headers: bearer(staffA) })).json();
      expect(after.clinicians[0].hours).toEqual(hours);
    });

    it('adds and removes date overrides only within the own clinic', async () => {
      const post = (token: string, body: object) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/clinic/overrides/', headers: bearer(token), payload: body });
      const day = new Date(ctx.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
      const closed = await post(staffA, {
        clinician_id: a.clinicianId,
        on_date: day,
        kind: 'closed',
        note: 'Training',
      });
      expect(closed.statusCode, closed.body).toBe(201);
      const extra = await post(staffA, {
        clinician_id: a.clinicianId,
        on_date: day,
        kind: 'extra',
        start_time: '18:00',
        end_time: '20:00',
      });
      expect(extra.statusCode).toBe(201);
      const noTimes = await post(staffA, { clinician_id: a.clinicianId, on_date: day, kind: 'extra' });
      expect(noTimes.statusCode).toBe(400);
      expect(noTimes.json().start_time).toEqual([CLINIC_MSG.extraNeedsTimes]);
      // A day PostgreSQL cannot hold (there is no year 0) is a clear 400, never a 500; so is one out of the years
      // a schedule may name.
      for (const bad of ['0000-01-01', '1969-12-31', '2200-01-01', '9999-12-31']) {
        const res = await post(staffA, { clinician_id: a.clinicianId, on_date: bad, kind: 'closed' });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().on_date, bad).toEqual([SCHEDULE_DATE_RANGE_MSG]);
        const listed = await ctx.app.inject({ url: `/api/v1/clinic/overrides/?from=${bad}`, headers: bearer(staffA) });
        expect(listed.statusCode, bad).toBe(400);
      }

      const list = (await ctx.app.inject({ url: '/api/v1/clinic/overrides/', headers: bearer(staffA) })).json();
      expect(list.overrides.map((o: { kind: string }) => o.kind)).toEqual(['closed', 'extra']);
      expect(
        (await ctx.app.inject({ url: '/api/v1/clinic/overrides/', headers: bearer(staffB) })).json().overrides,
      ).toEqual([]);
      const id = closed.json().override.id as string;
      const del = (token: string) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/v1/clinic/overrides/${id}/`, headers: bearer(token) });
      expect((await del(staffB)).statusCode).toBe(404);
      expect((await del(staffA)).statusCode).toBe(204);
      expect((await del(staffA)).statusCode).toBe(404);
    });

    it('creates, edits and deactivates visit types; another clinic gets 404', async () => {
      const body = {
        name: 'Donor consultation',
        category: 'sperm',
        mode: 'video',
        duration_minutes: 30,
        buffer_before_minutes: 5,
        buffer_after_minutes: 10,
        min_notice_minutes: 1440,
        horizon_days: 60,
        change_notice_minutes: 1440,
        active: true,
      };
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/clinic/visit-types/',
        headers: bearer(staffA),
        payload: body,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().visit_type.id as string;
      const put = (token: string, payload: object) =>
        ctx.app.inject({ method: 'PUT', url: `/api/v1/clinic/visit-types/${id}/`, headers: bearer(token), payload });
      expect((await put(staffB, { ...body, active: false })).statusCode).toBe(404);
      const off = await put(staffA, { ...body, active: false, duration_minutes: 45 });
      expect(off.json().visit_type).toMatchObject({ active: false, duration_minutes: 45 });
      const bad = await put(staffA, { ...body, duration_minutes: 2, horizon_days: 0, category: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['duration_minutes', 'horizon_days', 'category']));
      expect(
        (await ctx.app.inject({ url: '/api/v1/clinic/visit-types/', headers: bearer(staffB) })).json().visit_types,
      ).toEqual([]);
    });

    it("lists only the own banks' donors, paged", async () => {
      await seedCatalogue(ctx, 300);
      const page = await ctx.app.inject({ url: '/api/v1/clinic/donors/?page=1&page_size=5', headers: bearer(staffA) });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.donors.length).toBeLessThanOrEqual(5);
      expect(body.total).toBeGreaterThan(0);
      expect(new Set(body.donors.map((d: { bank_name: string }) => d.bank_name))).toEqual(new Set([BANK_A]));
      const other = (
        await ctx.app.inject({ url: '/api/v1/clinic/donors/?page_size=100', headers: bearer(staffB) })
      ).json();
      expect(other.donors.every((d: { bank_name: string }) => d.bank_name === BANK_B)).toBe(true);
      expect((await ctx.app.inject({ url: '/api/v1/clinic/donors/?page=0', headers: bearer(staffA) })).statusCode).toBe(
        400,
      );
    });

    it('shows a shortlist only while its parent consents to sharing it with this clinic', async () => {
      const donors = await ctx.db.query<{ id: string; reference_id: string; donor_type: string }>(
        'select id, reference_id, donor_type from donors order by reference_id limit 2',
      );
      for (const d of donors)
        await ctx.db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, now())', [
          parent.id,
          d.id,
        ]);
      const consent = (granted: boolean, scope = a.ref) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/profile/consents/',
          headers: bearer(parent.access),
          payload: { kind: 'shortlist_sharing', scope, granted, source: 'profile' },
        });
      const shortlists = async (token: string) =>
        (await ctx.app.inject({ url: '/api/v1/clinic/shortlists/', headers: bearer(token) })).json().shortlists;

      expect(await shortlists(staffA)).toEqual([]);
      expect((await consent(true)).statusCode).toBe(200);
      const shared = await shortlists(staffA);
      expect(shared).toHaveLength(1);
      expect(shared[0].email).toBe(parent.email);
      expect(shared[0].donors.map((d: { reference_id: string }) => d.reference_id).sort()).toEqual(
        donors.map((d) => d.reference_id).sort(),
      );
      expect(Object.keys(shared[0].donors[0]).sort()).toEqual(['donor_type', 'reference_id', 'score']);
      // Another clinic sees nothing.
      expect(await shortlists(staffB)).toEqual([]);

      // Linked partners (issue 29, ADR 028): the clinic sees both names only when both agreed to share with it.
      expect(shared[0].partner_name).toBeNull();
      const partner = await newParent(ctx.app, { first_name: 'Robin', last_name: 'Partner' });
      const familyId = randomUUID();
      await ctx.db.query('insert into families (id, created_at) values ($1, now())', [familyId]);
      for (const u of [parent.id, partner.id])
        await ctx.db.query('insert into family_members (family_id, user_id, joined_at) values ($1, $2, now())', [
          familyId,
          u,
        ]);
      expect((await shortlists(staffA)).map((s: { partner_name: string | null }) => s.partner_name)).toEqual([null]);
      const partnerConsent = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/profile/consents/',
        headers: bearer(partner.access),
        payload: { kind: 'shortlist_sharing', scope: a.ref, granted: true, source: 'profile' },
      });
      expect(partnerConsent.statusCode).toBe(200);
      const both = (await shortlists(staffA)) as { email: string; partner_name: string | null }[];
      expect(both.find((s) => s.email === parent.email)!.partner_name).toBe('Robin Partner');
      expect(both.find((s) => s.email === partner.email)!.partner_name).toMatch(/\S+ \S+/);
      await ctx.db.query('delete from family_members where family_id = $1', [familyId]);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/profile/consents/',
        headers: bearer(partner.access),
        payload: { kind: 'shortlist_sharing', scope: a.ref, granted: false, source: 'profile' },
      });

      expect((await consent(false)).statusCode).toBe(200);
      expect(await shortlists(staffA)).toEqual([]);
    });
  });
});
