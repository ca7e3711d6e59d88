import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DELETION_MSG } from '@kindred/shared/account-deletion';
import { PAYMENT_MSG, SERVER_MSG } from '@kindred/shared';
import { CONTACT_MIN_FILL_MS } from '@kindred/shared/content.schemas';
import type { Db } from '../src/db/db.ts';
import { accountPurgeJob } from '../src/jobs/account-purge.job.ts';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  login,
  newParent,
  verifiedParent,
  waitForNth,
  type ReceivedMail,
  type TestContext,
} from './harness.ts';
import {
  DAY,
  createCheckout,
  makeAdmin,
  mailText,
  planIds,
  startCheckout,
  verifyCheckout,
  wideRates,
} from './payments-helpers.ts';
import { eggPrefs, findMatches, postJson, saveProfile, seedCatalogue } from './matching-helpers.ts';
import { startFakeStripe, type FakeStripe } from './stripe-fake.ts';
import { clinicStaff, dayAt, plain, seedClinic } from './appointments-helpers.ts';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { connect } from './ws-client.ts';

/** Account deletion (ADR 020): deactivate at once, cancel within 7 days, purge after, keep only what law requires. */

const deleteAccount = (ctx: TestContext, token: string, password: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/account/delete/', headers: bearer(token), payload: { password } });
const cancelDeletion = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/account/delete/cancel/', payload: { token } });
const refresh = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: token } });
const profile = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(token) });

const isScheduledMail = (m: { raw: string }) => /^Subject: Your Kindred account will be deleted/m.test(m.raw);
const isRestoredMail = (m: { raw: string }) => /^Subject: Your Kindred account is restored/m.test(m.raw);
const isPurgedMail = (m: { raw: string }) => /^Subject: Your Kindred account has been deleted/m.test(m.raw);

/** The cancel token in the deletion mail's link (as the restore page reads it from the address). */
function cancelTokenFrom(m: ReceivedMail): string {
  const url = /(http:\/\/localhost:3000\/account\/restore\?token=[^\s"<>]+)/.exec(mailText(m));
  if (!url) throw new Error('no cancel link in the mail');
  return new URL(url[1]!).searchParams.get('token')!;
}

const pendingDeletions = async (db: Db, userId: string) =>
  (await db.query('select 1 from account_deletions where user_id = $1 and status = $2', [userId, 'pending'])).length;

/**
 * Every (schema, table, column) of the public and pg-boss schemas whose text, JSON, array or uuid value contains one
 * of `needles` (case-insensitive), read from information_schema so a table added later is searched too.
 */
async function rowsContaining(db: Db, needles: string[]): Promise<string[]> {
  const columns = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `select c.table_schema, c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in ('public', 'pgboss') and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'uuid', 'ARRAY')
             or c.udt_name in ('text', 'varchar', 'json', 'jsonb', 'uuid'))`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const patterns = needles.map((n) => `%${n.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const found: string[] = [];
  for (const c of columns) {
    const col = `"${c.table_schema}"."${c.table_name}"."${c.column_name}"`;
    const rows = await db.query<{ v: string }>(
      `select "${c.column_name}"::text as v from "${c.table_schema}"."${c.table_name}"
         where lower("${c.column_name}"::text) like any($1::text[])`,
      [patterns],
    );
    for (const r of rows) found.push(`${col}: ${r.v.slice(0, 200)}`);
  }
  return found;
}

describe('account deletion', () => {
  let ctx: TestContext;
  let wsBase: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    wsBase = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws/realtime-matching/`;
  });
  afterAll(async () => ctx.close());

  it('a wrong or missing password is a clear 400 and changes nothing', async () => {
    const parent = await verifiedParent(ctx);
    await ctx.services.mail.flush();
    const mailsBefore = ctx.smtp.received.length;
    const wrong = await deleteAccount(ctx, parent.access, 'Not-my-password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'validation_error',
      message: DELETION_MSG.passwordWrong,
      password: [DELETION_MSG.passwordWrong],
    });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete/',
      headers: bearer(parent.access),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().password).toBeDefined();
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/delete/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    // Nothing changed: the same token and refresh token work, sign-in works, no mail, no deletion recorded.
    expect((await profile(ctx, parent.access)).statusCode).toBe(200);
    expect((await refresh(ctx, parent.refresh)).statusCode).toBe(200);
    expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(200);
    await ctx.services.mail.flush();
    expect(ctx.smtp.received.length).toBe(mailsBefore);
    expect(await pendingDeletions(ctx.db, parent.id)).toBe(0);
  });

  it('deactivates at once: token and refresh refused, socket closed, sign-in refused; the mail has a cancel link', async () => {
    const parent = await verifiedParent(ctx);
    const socket = connect(`${wsBase}?token=${parent.access}`);
    expect(await socket.nth(1)).toEqual({ type: 'connection_established' });

    const res = await deleteAccount(ctx, parent.access, parent.password);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      success: true,
      message: DELETION_MSG.scheduled,
      purge_after: new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString(),
    });

    expect((await profile(ctx, parent.access)).statusCode).toBe(401);
    expect((await refresh(ctx, parent.refresh)).statusCode).toBe(401);
    // Closed within seconds, not at the token's expiry or the next message.
    const closed = await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('still open'), 3000))]);
    expect(closed).toMatchObject({ code: 4401 });

    // A wrong password learns nothing; the account's own password hears that it is scheduled for deletion.
    const wrong = await login(ctx.app, parent.email, 'Some-other-pass-9');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(SERVER_MSG.invalidCredentials);
    const right = await login(ctx.app, parent.email, parent.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      code: 'account_scheduled_for_deletion',
      success: false,
      message: DELETION_MSG.signInScheduled,
    });
    // A second request from a token issued before cannot schedule it again (the token is dead).
    expect((await deleteAccount(ctx, parent.access, parent.password)).statusCode).toBe(401);

    const mail = await waitForNth(ctx.smtp, parent.email, 1, isScheduledMail);
    expect(mailText(mail)).toMatch(/deleted in|will delete your personal and health data/);
    expect(cancelTokenFrom(mail)).toMatch(/^[0-9a-f-]{36}\./);
  });

  it('the cancel link restores sign-in within 7 days, once; a forged or late link is refused', async () => {
    const parent = await verifiedParent(ctx);
    expect((await deleteAccount(ctx, parent.access, parent.password)).statusCode).toBe(202);
    const token = cancelTokenFrom(await waitForNth(ctx.smtp, parent.email, 1, isScheduledMail));

    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refused = await cancelDeletion(ctx, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'link_invalid',
      message: DELETION_MSG.cancelLinkInvalid,
      non_field_errors: [DELETION_MSG.cancelLinkInvalid],
    });
    expect((await cancelDeletion(ctx, 'junk')).statusCode).toBe(400);
    expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(403);

    ctx.clock.advance(6 * DAY);
    const ok = await cancelDeletion(ctx, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: DELETION_MSG.cancelled });
    const again = await login(ctx.app, parent.email, parent.password);
    expect(again.statusCode, again.body).toBe(200);
    expect((await profile(ctx, again.json().tokens.access)).json().user.email).toBe(parent.email);
    await waitForNth(ctx.smtp, parent.email, 1, isRestoredMail);
    // Single use: the same link again does nothing.
    expect((await cancelDeletion(ctx, token)).statusCode).toBe(400);

    // A new deletion's link does not work after its 7 days; the purge comes instead.
    const second = await deleteAccount(ctx, again.json().tokens.access, parent.password);
    expect(second.statusCode).toBe(202);
    const late = cancelTokenFrom(await waitForNth(ctx.smtp, parent.email, 2, isScheduledMail));
    ctx.clock.advance(7 * DAY + 1000);
    expect((await cancelDeletion(ctx, late)).statusCode).toBe(400);
    expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(403);
    await ctx.services.deletion.purgeDue();
    expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(401);
  });

  it('the stored copy of the receipt withholds the cancel token; a delivery by another process rebuilds the link', async () => {
    // Process A cannot reach the relay and is then gone; ctx (relay up) delivers A's message from the outbox row.
    const a = await buildExtraInstance(ctx, { rateRules: wideRates(), smtpUrl: 'smtp://127.0.0.1:9' });
    const parent = await verifiedParent(ctx);
    expect((await deleteAccount({ ...ctx, app: a.app }, parent.access, parent.password)).statusCode).toBe(202);
    await a.services.mail.flush();
    await a.app.close();
    const [row] = await ctx.db.query<{ id: string; status: string; text_body: string; html_body: string }>(
      `select id, status, text_body, html_body from mail_messages
        where kind = 'account_deletion_scheduled' and to_address = $1`,
      [parent.email],
    );
    expect(row?.status).toBe('pending');
    expect(row!.text_body).toContain('/account/restore?token=[code withheld]');
    expect(row!.html_body).toContain('token=[code withheld]');

    await ctx.services.mail.deliver(row!.id);
    const token = cancelTokenFrom(await waitForNth(ctx.smtp, parent.email, 1, isScheduledMail));
    expect(row!.text_body).not.toContain(token);
    expect((await cancelDeletion(ctx, token)).statusCode).toBe(200);
    expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(200);
  });

  it('starting a deletion withdraws shortlist sharing, cancels visits ahead (the clinic told the time only) and ends manage links; a cancel restores none of it and says so', async () => {
    const person = { first_name: 'Ottoline', last_name: 'Brackenridge', phone_number: '+12025550142' };
    const parent = await verifiedParent(ctx, person);
    const clinic = await seedClinic(ctx.db);
    const staff = await clinicStaff(ctx.app, ctx.db, clinic.clinicId);
    const shared = await postJson(ctx.app, parent.access, '/api/v1/profile/consents/', {
      kind: 'shortlist_sharing',
      scope: clinic.reference,
      granted: true,
    });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    const startsAt = dayAt(ctx.clock.now(), 3, 10, clinic.zone);
    const booked = await postJson(ctx.app, parent.access, '/api/v1/appointments/create/', {
      name: `${person.first_name} ${person.last_name}`,
      email: parent.email,
      phone_number: person.phone_number,
      reason_for_consultation: 'egg',
      clinic: clinic.reference,
      doner: 'KE000123',
      visit_type_id: clinic.visitTypeId,
      clinician_id: clinic.clinicianId,
      starts_at: startsAt.toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().appointment.id as string;
    const bookedMail = await waitForNth(ctx.smtp, parent.email, 1, (m) =>
      /^Subject: Your consultation request/m.test(m.raw),
    );
    const link = /\/appointments\/manage\?token=([A-Za-z0-9._~%-]+)/.exec(plain(bookedMail));
    const manageToken = decodeURIComponent(link![1]!);
    const manage = () =>
      ctx.app.inject({ url: `/api/v1/appointments/manage/?token=${encodeURIComponent(manageToken)}` });
    expect((await manage()).statusCode).toBe(200);
    const clinicSees = async () => {
      const list = await ctx.app.inject({
        url: `/api/v1/clinic/appointments/?from=${startsAt.toISOString().slice(0, 10)}`,
        headers: bearer(staff.access),
      });
      const shortlists = await ctx.app.inject({ url: '/api/v1/clinic/shortlists/', headers: bearer(staff.access) });
      return {
        appointment: (list.json().appointments as { id: string; status: string }[]).find((a) => a.id === appointmentId),
        shortlisted: JSON.stringify(shortlists.json()).includes(parent.email),
      };
    };
    expect(await clinicSees()).toMatchObject({ appointment: { status: 'pending' }, shortlisted: true });

    expect((await deleteAccount(ctx, parent.access, parent.password)).statusCode).toBe(202);
    const scheduled = await waitForNth(ctx.smtp, parent.email, 1, isScheduledMail);
    // At once, not at the purge: the clinic no longer sees the shortlist, the visit is cancelled, the link is dead.
    expect(await clinicSees()).toMatchObject({ appointment: { status: 'cancelled' }, shortlisted: false });
    const dead = await manage();
    expect(dead.statusCode).toBe(404);
    expect(dead.json().message).toBe(APPOINTMENT_MSG.linkInvalid);
    // The clinic is told the time, without the parent's name, contact, reason or visit type.
    const notice = await waitForNth(ctx.smtp, clinic.email, 1, (m) => /^Subject: Consultation cancelled/m.test(m.raw));
    const noticeText = plain(notice);
    for (const secret of [person.first_name, person.last_name, parent.email, person.phone_number, 'Egg donor'])
      expect(noticeText).not.toContain(secret);
    expect(noticeText).toContain('is cancelled');

    // Cancelling the deletion restores the account, not the sharing or the visit, and says so.
    const restored = await cancelDeletion(ctx, cancelTokenFrom(scheduled));
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe(DELETION_MSG.cancelled);
    expect(DELETION_MSG.cancelled).toMatch(/not restored/);
    const restoredMail = await waitForNth(ctx.smtp, parent.email, 1, isRestoredMail);
    expect(plain(restoredMail)).toMatch(/not restored/);
    expect(await clinicSees()).toMatchObject({ appointment: { status: 'cancelled' }, shortlisted: false });
    expect((await manage()).statusCode).toBe(404);
  });

  it('after the purge job nothing in any table holds the account; payments stay pseudonymised; no second trial', async () => {
    await seedCatalogue(ctx, 200);
    const plans = await planIds(ctx.db);
    const person = {
      first_name: 'Zephyrine',
      last_name: 'Quillfeather',
      phone_number: '+12025550187',
      email: `zephyrine.q.${Date.now()}@example.com`,
    };
    const parent = await verifiedParent(ctx, person);
    // Health data: a preference set with the parent's own carrier conditions and a place only they gave.
    const place = 'Quillmere Hollow, Vermont';
    const profileId = await saveProfile(
      ctx.app,
      parent.access,
      eggPrefs({ location: place, user_genetic_conditions: ['cystic_fibrosis', 'tay_sachs'] }),
    );
    // A trial (a payment record), a match shown under it, a favourite, an appointment and a contact message.
    const trial = await startCheckout(ctx.app, parent.access, plans.trial);
    expect((await verifyCheckout(ctx.app, parent.access, trial.sessionId)).statusCode).toBe(200);
    const matches = await findMatches(ctx.app, parent.access, profileId);
    expect(matches.statusCode, matches.body).toBe(200);
    const shown = matches.json().matches[0].donor_reference_id as string;
    const fav = await postJson(ctx.app, parent.access, '/api/v1/donors/favourites/', { donor_reference_id: shown });
    expect(fav.statusCode, fav.body).toBe(200);
    const alert = await postJson(ctx.app, parent.access, '/api/v1/alerts/', { profile_id: profileId, name: 'Egg' });
    expect(alert.statusCode, alert.body).toBe(201);
    await ctx.db.query(
      `insert into appointments (user_id, name, email, phone_number, reason_for_consultation)
         values ($1, $2, $3, $4, 'first consultation')`,
      [parent.id, `${person.first_name} ${person.last_name}`, person.email, person.phone_number],
    );
    await ctx.db.query(`insert into contact_messages (name, email, question, ip) values ($1, $2, $3, '203.0.113.9')`, [
      `${person.first_name} ${person.last_name}`,
      person.email.toUpperCase(),
      'Can I pause my plan?',
    ]);
    // Stored mail about the parent to others (issue 25): a booking through the API (mails to the clinic) and the
    // contact form (a mail to support with what they typed); the trial above wrote a receipt to them.
    const clinic = await seedClinic(ctx.db);
    const booked = await postJson(ctx.app, parent.access, '/api/v1/appointments/create/', {
      name: `${person.first_name} ${person.last_name}`,
      email: person.email,
      phone_number: person.phone_number,
      reason_for_consultation: 'egg',
      clinic: clinic.reference,
      doner: shown,
      visit_type_id: clinic.visitTypeId,
      clinician_id: clinic.clinicianId,
      starts_at: dayAt(ctx.clock.now(), 3, 10, clinic.zone).toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const typed = 'Quillfeather family: we froze embryos at Quillmere Hollow';
    const formToken = (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact-us/',
      payload: {
        name: `${person.first_name} ${person.last_name}`,
        email: person.email,
        question: `${typed}. Call me on ${person.phone_number}.`,
        form_token: formToken,
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const mailTo = async (to: string, kind: string) =>
      (
        await ctx.db.query<{ n: number }>(
          `select count(*)::int as n from mail_messages where lower(to_address) = lower($1) and kind like $2
             and text_body like '%' || $3 || '%'`,
          [to, kind, person.last_name],
        )
      )[0]!.n;
    expect(await mailTo(clinic.email, 'clinic_%')).toBeGreaterThan(0);
    expect(await mailTo('support@kindred.local', 'contact_message')).toBe(1);
    const receipts = `select count(*)::int as n from mail_messages where kind = 'receipt' and to_address = $1`;
    expect((await ctx.db.query<{ n: number }>(receipts, [person.email]))[0]!.n).toBe(1);
    // The audit log (ADR 022): an admin's change to the account (target) and a change the account made as staff
    // (actor) before it was deleted.
    const admin = await makeAdmin(ctx, await newParent(ctx.app));
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/parent/${parent.id}/update/`,
      headers: bearer(admin),
      payload: { first_name: person.first_name, last_name: person.last_name, phone_number: '+12025550188' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await ctx.services.audit.change({ id: parent.id, role: 'support', ip: '203.0.113.9' }, async () => ({
      result: null,
      audit: { action: 'inbox.reply', targetType: 'contact_message', targetId: '1' },
    }));
    const auditRows = `select count(*)::int as n from audit_log where action in ('user.profile_update', 'inbox.reply')`;
    expect((await ctx.db.query<{ n: number }>(auditRows))[0]!.n).toBe(2);
    const needles = [person.email, person.first_name, person.last_name, person.phone_number, place, parent.id, typed];
    // The needles are really there before, in the tables the purge must clear.
    const before = await rowsContaining(ctx.db, needles);
    for (const table of [
      'users',
      'mail_messages',
      'fertility_profiles',
      'appointments',
      'contact_messages',
      'audit_log',
    ])
      expect(before.some((f) => f.includes(`"public"."${table}"`))).toBe(true);
    expect(before.filter((f) => f.includes('"public"."audit_log"'))).toHaveLength(2);
    const carrierSets = `select count(*)::int as n from fertility_profiles where raw::text like '%tay_sachs%'`;
    expect((await ctx.db.query<{ n: number }>(carrierSets))[0]!.n).toBe(1);

    expect((await deleteAccount(ctx, parent.access, parent.password)).statusCode).toBe(202);
    await waitForNth(ctx.smtp, parent.email, 1, isScheduledMail);
    const [pending] = await ctx.db.query<{ id: string }>(
      `select id from account_deletions where user_id = $1 and status = 'pending'`,
      [parent.id],
    );
    // The purge job, through pg-boss as in production, a day after the grace period.
    ctx.clock.advance(8 * DAY);
    await ctx.services.jobs.start(ctx.services, [accountPurgeJob]);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [d] = await ctx.db.query<{ status: string; receipt_key: string | null }>(
        'select status, receipt_key from account_deletions where id = $1',
        [pending!.id],
      );
      if (d?.status === 'purged' && d.receipt_key === null) break;
      if (Date.now() > deadline) throw new Error(`purge did not finish: ${JSON.stringify(d)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const receipt = await waitForNth(ctx.smtp, parent.email, 1, isPurgedMail);
    expect(mailText(receipt)).not.toContain(person.first_name);

    expect(await rowsContaining(ctx.db, needles)).toEqual([]);
    expect((await ctx.db.query<{ n: number }>(carrierSets))[0]!.n).toBe(0);
    // The audit trail is kept, under one pseudonym for the erased account, as actor and as target.
    const trail = await ctx.db.query<{ actor_id: string; target_id: string; action: string }>(
      `select actor_id::text, target_id, action from audit_log where action in ('user.profile_update', 'inbox.reply')
        order by id`,
    );
    expect(trail).toHaveLength(2);
    expect(trail[0]!.target_id).not.toBe(parent.id);
    expect(trail[1]!.actor_id).toBe(trail[0]!.target_id);
    for (const table of [
      'fertility_profiles',
      'shown_preferences',
      'revealed_donors',
      'favourites',
      'search_alerts',
      'refresh_tokens',
    ]) {
      const rows = await ctx.db.query(`select 1 from ${table} where user_id = $1`, [parent.id]);
      expect(rows, table).toHaveLength(0);
    }

    // Payment records stay, under a pseudonym that names nobody and cannot sign in.
    const kept = await ctx.db.query<{ user_id: string; plan_name: string; email: string; first_name: string }>(
      `select p.user_id, p.plan_name, u.email, u.first_name from payments p join users u on u.id = p.user_id
        where u.erased_at is not null`,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.user_id).not.toBe(parent.id);
    expect(kept[0]!.email).toMatch(/@erased\.invalid$/);
    expect(kept[0]!.first_name).toBe('');
    expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(401);

    // Signing up again with the address (written differently) gets no second free trial; a new address does.
    const back = await newParent(ctx.app, { ...person, email: ` ${person.email.toUpperCase()} `.trim() });
    const again = await createCheckout(ctx.app, back.access, { plan_id: plans.trial });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.trialUsed);
    const fresh = await createCheckout(ctx.app, (await newParent(ctx.app)).access, { plan_id: plans.trial });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

describe('account deletion with Stripe', () => {
  let ctx: TestContext;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await createTestContext({ rateRules: wideRates(), stripe: fake.config });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('deletes the Stripe customer at the purge (DELETE /v1/customers/:id), not before', async () => {
    const plans = await planIds(ctx.db);
    const parent = await verifiedParent(ctx);
    const { sessionId } = await startCheckout(ctx.app, parent.access, plans.starter);
    const customer = fake.pay(sessionId).customer!;
    expect((await verifyCheckout(ctx.app, parent.access, sessionId)).statusCode).toBe(200);

    expect((await deleteAccount(ctx, parent.access, parent.password)).statusCode).toBe(202);
    await ctx.services.deletion.purgeDue();
    expect(fake.requestsTo('DELETE', /^\/v1\/customers\//)).toHaveLength(0);

    ctx.clock.advance(7 * DAY + 1000);
    expect(await ctx.services.deletion.purgeDue()).toBe(1);
    expect(fake.requestsTo('DELETE', `/v1/customers/${customer}`)).toHaveLength(1);
    expect(fake.customers.has(customer)).toBe(false);
    const [payment] = await ctx.db.query<{ user_id: string }>('select user_id from payments');
    expect(payment!.user_id).not.toBe(parent.id);
  });
});
