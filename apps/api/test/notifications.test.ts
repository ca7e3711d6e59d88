import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { NOTIFICATION_MSG } from '@kindred/shared/notifications.schemas';
import { JOBS } from '../src/jobs/runner.ts';
import { bearer, createTestContext, mailsTo, type ReceivedMail, type TestContext } from './harness.ts';
import { clinicStaff, createTestClinic, plain, quickParents } from './appointments-helpers.ts';
import { seedCatalogue } from './matching-helpers.ts';
import { wideRates } from './payments-helpers.ts';

/** Notifications and donor updates (issue 28, ADR 025), on both databases. */
describe('notifications', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates(), testJobs: JOBS });
    await seedCatalogue(ctx, 60);
  });
  afterAll(async () => ctx.close());

  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (token: string, method: 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const notify = (input: Parameters<TestContext['services']['notifications']['notify']>[1]) =>
    ctx.db.transaction((tx) => ctx.services.notifications.notify(tx, input));
  const flush = async () => {
    await new Promise((r) => setTimeout(r, 50));
    await ctx.services.mail.flush();
  };
  const grantEmailUpdates = (token: string) =>
    send(token, 'POST', '/api/v1/profile/consents/', { kind: 'email_updates', granted: true, source: 'profile' });
  const runJob = async (name: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/dev/jobs/${name}/run` });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The next `hour`:00 in `zone` after the clock's now. */
  const nextLocal = (hour: number, zone: string) => {
    const local = DateTime.fromJSDate(ctx.clock.now(), { zone });
    const today = local.startOf('day').set({ hour });
    return (today > local ? today : today.plus({ days: 1 })).toJSDate();
  };
  const header = (m: ReceivedMail, name: string) =>
    new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
      .exec(m.raw)?.[1]
      ?.replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  const donorRefs = async (bank?: string) =>
    (
      await ctx.db.query<{ reference_id: string; bank_name: string; id: string }>(
        `select id, reference_id, bank_name from donors where ($1::text is null or bank_name = $1)
         order by reference_id`,
        [bank ?? null],
      )
    ).map((r) => r);
  const star = (userId: string, donorId: string) =>
    ctx.db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, $3)', [
      userId,
      donorId,
      ctx.clock.now(),
    ]);

  it('notify writes once per dedupe key; list, filters, unread count, mark read, mark all read, acknowledge', async () => {
    const [p, other] = await quickParents(ctx, 2);
    const base = { userId: p!.id, title: 'Hello', body: 'Body', link: '/profile' };
    expect(await notify({ ...base, kind: 'alert_match', dedupeKey: 'a:1' })).not.toBeNull();
    expect(await notify({ ...base, kind: 'alert_match', dedupeKey: 'a:1' })).toBeNull();
    await notify({ ...base, kind: 'donor_update' });
    const safety = await notify({ ...base, kind: 'safety_notice', safety: true, dedupeKey: 's:1' });
    expect(safety!.safety).toBe(true);

    const all = (await get(p!.access, '/api/v1/notifications/')).json();
    expect(all.total).toBe(3);
    expect(all.unread).toBe(3);
    expect((await get(p!.access, '/api/v1/notifications/?kind=alert_match')).json().total).toBe(1);
    expect((await get(p!.access, '/api/v1/notifications/?page_size=1&page=2')).json().notifications).toHaveLength(1);
    expect((await get(p!.access, '/api/v1/notifications/unread-count/')).json()).toEqual({ success: true, unread: 3 });

    const first = all.notifications.find((n: { kind: string }) => n.kind === 'alert_match');
    expect((await send(p!.access, 'POST', '/api/v1/notifications/read/', { ids: [first.id] })).json().unread).toBe(2);
    expect((await get(p!.access, '/api/v1/notifications/?unread=true')).json().total).toBe(2);
    // Someone else's notification: nothing changes for them, and it cannot be acknowledged (404).
    expect((await send(other!.access, 'POST', `/api/v1/notifications/${safety!.id}/acknowledge/`)).statusCode).toBe(
      404,
    );
    expect((await get(other!.access, '/api/v1/notifications/')).json().total).toBe(0);

    const ack = await send(p!.access, 'POST', `/api/v1/notifications/${safety!.id}/acknowledge/`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().notification.acknowledged_at).not.toBeNull();
    expect((await send(p!.access, 'POST', '/api/v1/notifications/read-all/')).json().unread).toBe(0);

    const bad = await send(p!.access, 'POST', '/api/v1/notifications/read/', { ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect((await get(p!.access, '/api/v1/notifications/?kind=nonsense')).statusCode).toBe(400);
  });

  it('preferences: instant, digest or off per kind; safety notices cannot be off; email_updates is honoured', async () => {
    const [p] = await quickParents(ctx, 1);
    const prefs = (await get(p!.access, '/api/v1/notifications/preferences/')).json();
    expect(prefs.email_updates).toBe(false);
    expect(prefs.preferences.every((x: { delivery: string }) => x.delivery === 'instant')).toBe(true);
    const off = await send(p!.access, 'PUT', '/api/v1/notifications/preferences/', {
      preferences: [{ kind: 'safety_notice', delivery: 'off' }],
    });
    expect(off.statusCode).toBe(400);
    expect(Object.values(off.json()).flat()).toContain(NOTIFICATION_MSG.safetyCannotBeOff);

    // Without the email_updates consent only safety notices are mailed.
    await notify({ userId: p!.id, kind: 'donor_update', title: 'Plain update', body: 'B', link: '/profile' });
    await notify({ userId: p!.id, kind: 'safety_notice', safety: true, title: 'Safety first', body: 'B', link: '/' });
    await flush();
    await ctx.smtp.waitFor(p!.email, (m) => /Subject: Safety first/.test(m.raw));
    expect(mailsTo(ctx.smtp, p!.email, (m) => /Plain update/.test(m.raw))).toHaveLength(0);

    expect((await grantEmailUpdates(p!.access)).statusCode).toBe(200);
    await notify({ userId: p!.id, kind: 'donor_update', title: 'Second update', body: 'Visible body', link: '/x' });
    const mail = await ctx.smtp.waitFor(p!.email, (m) => /Subject: Second update/.test(m.raw));
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // One click, no sign-in, form body as mail clients send it: only that kind changes.
    const url = header(mail, 'List-Unsubscribe')!.slice(1, -1).replace('http://localhost:3000', '');
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'donor_update', delivery: 'off' });
    const after = (await get(p!.access, '/api/v1/notifications/preferences/')).json().preferences;
    expect(after.find((x: { kind: string }) => x.kind === 'donor_update').delivery).toBe('off');
    expect(after.filter((x: { delivery: string }) => x.delivery === 'off')).toHaveLength(1);
    await notify({ userId: p!.id, kind: 'donor_update', title: 'Third update', body: 'B', link: '/x' });
    await notify({ userId: p!.id, kind: 'alert_match', title: 'Alert still on', body: 'B', link: '/x' });
    await ctx.smtp.waitFor(p!.email, (m) => /Subject: Alert still on/.test(m.raw));
    expect(mailsTo(ctx.smtp, p!.email, (m) => /Third update/.test(m.raw))).toHaveLength(0);
    // The notification itself is still in the app.
    expect((await get(p!.access, '/api/v1/notifications/?kind=donor_update')).json().total).toBe(3);

    // A tampered token changes nothing.
    const tampered = await ctx.app.inject({ method: 'POST', url: `${url.slice(0, -3)}xyz` });
    expect(tampered.statusCode).toBe(400);
  });

  it('the daily digest mails what waits for it once, one mail per kind, even when run twice', async () => {
    const [p] = await quickParents(ctx, 1);
    await grantEmailUpdates(p!.access);
    await send(p!.access, 'PUT', '/api/v1/notifications/preferences/', {
      preferences: [
        { kind: 'alert_match', delivery: 'digest' },
        { kind: 'safety_notice', delivery: 'digest' },
      ],
    });
    await notify({ userId: p!.id, kind: 'alert_match', title: 'Match one', body: 'B1', link: '/a' });
    await notify({ userId: p!.id, kind: 'alert_match', title: 'Match two', body: 'B2', link: '/b' });
    await notify({ userId: p!.id, kind: 'safety_notice', safety: true, title: 'Safety digest', body: 'S', link: '/' });
    await flush();
    expect(mailsTo(ctx.smtp, p!.email, (m) => /Match one|Safety digest/.test(plain(m)))).toHaveLength(0);
    // The digest goes at 07:00 in the parent's time zone (none given: UTC), with what waited for it until then.
    ctx.clock.set(nextLocal(7, 'UTC'));
    await Promise.all([runJob('notification-digest'), runJob('notification-digest')]);
    await flush();
    await ctx.smtp.waitFor(p!.email, (m) => /Your Kindred digest: safety/.test(plain(m)));
    const alerts = mailsTo(ctx.smtp, p!.email, (m) => /Subject: Your Kindred digest: saved-search/.test(plain(m)));
    expect(alerts).toHaveLength(1);
    expect(plain(alerts[0]!)).toContain('Match two');
    expect(header(alerts[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await runJob('notification-digest');
    await flush();
    expect(mailsTo(ctx.smtp, p!.email, (m) => /Your Kindred digest/.test(plain(m)))).toHaveLength(2);
  });

  it('a clinic posts a medical update on its own bank’s donor: safety notices, counts, resend, privacy', async () => {
    const clinic = await createTestClinic(ctx.db, 'CLN-NOT');
    const donors = await donorRefs();
    const bank = donors[0]!.bank_name;
    const own = donors.find((d) => d.bank_name === bank)!;
    const foreign = donors.find((d) => d.bank_name !== bank)!;
    await ctx.db.query('insert into clinic_banks (clinic_id, bank_name) values ($1, $2)', [clinic.clinicId, bank]);
    const staff = await clinicStaff(ctx.app, ctx.db, clinic.clinicId);
    const [fan, carrier, bystander] = await quickParents(ctx, 3);
    await star(fan!.id, own.id);
    await star(carrier!.id, own.id);
    // The carrier has a screen: GJB2 carrier. The pairing rules tell them what changed for them only.
    await ctx.db.query(
      `insert into parent_carrier_screenings (user_id, screening, created_at, updated_at) values ($1, $2, $3, $3)`,
      [
        carrier!.id,
        JSON.stringify({ panel: { name: 'Panel', genes_covered: ['GJB2', 'CFTR'] }, carrier_of: [{ gene: 'GJB2' }] }),
        ctx.clock.now(),
      ],
    );

    const url = (ref: string) => `/api/v1/clinic/donors/${ref}/updates/`;
    const secret = 'Donor reported a diagnosis of a rare cardiomyopathy';
    expect(
      (await send(staff.access, 'POST', url(foreign.reference_id), { kind: 'availability', text: 'x' })).statusCode,
    ).toBe(404);
    const invalid = await send(staff.access, 'POST', url(own.reference_id), { kind: 'medical', text: 'no category' });
    expect(invalid.statusCode).toBe(400);
    const posted = await send(staff.access, 'POST', url(own.reference_id), {
      kind: 'medical',
      category: 'genetic_result',
      gene: 'GJB2',
      text: secret,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await runJob('donor-updates-fanout');

    const fanList = (await get(fan!.access, '/api/v1/notifications/')).json().notifications;
    expect(fanList).toHaveLength(1);
    expect(fanList[0]).toMatchObject({ kind: 'safety_notice', safety: true, link: `/donors/${own.reference_id}` });
    expect(fanList[0].body).not.toContain('cardiomyopathy');
    expect(fanList[0].body).not.toContain('GJB2');
    const carrierNote = (await get(carrier!.access, '/api/v1/notifications/')).json().notifications[0];
    expect(carrierNote.body).toContain('This donor now carries a GJB2 variant; you carry one too: about 1 in 4');
    expect((await get(bystander!.access, '/api/v1/notifications/')).json().total).toBe(0);

    // The mail names nothing; the donor page shows the update, with date and source, to families who care.
    await flush();
    const mail = await ctx.smtp.waitFor(fan!.email, (m) => /Safety notice about donor/.test(m.raw));
    expect(plain(mail)).not.toMatch(/cardiomyopathy|GJB2/);
    const page = await get(fan!.access, `/api/v1/donors/${own.reference_id}/updates/`);
    expect(page.json().updates[0]).toMatchObject({ text: secret, source: 'Test Clinic (fictional)', gene: 'GJB2' });
    expect((await get(bystander!.access, `/api/v1/donors/${own.reference_id}/updates/`)).statusCode).toBe(404);

    // last_medical_update follows; the change is audited without its text.
    const [rec] = await ctx.db.query<{ d: string }>(
      `select record->>'last_medical_update' as d from donors where id = $1`,
      [own.id],
    );
    expect(rec!.d).toBe(ctx.clock.now().toISOString().slice(0, 10));
    const audit = await ctx.db.query<{ diff: unknown }>(
      `select diff from audit_log where action = 'donor.update' and target_id = $1`,
      [own.reference_id],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.diff)).not.toContain('cardiomyopathy');

    // Staff see counts, never who.
    const counts = async () => (await get(staff.access, url(own.reference_id))).json().updates[0];
    expect((await counts()).counts).toEqual({ affected: 2, read: 0, acknowledged: 0 });
    expect(JSON.stringify(await counts())).not.toMatch(new RegExp(`${fan!.id}|${fan!.email}|${carrier!.id}`));
    await send(fan!.access, 'POST', `/api/v1/notifications/${fanList[0].id}/acknowledge/`);
    expect((await counts()).counts).toEqual({ affected: 2, read: 1, acknowledged: 1 });

    // Re-sent once after 48 h to the family that has not read it; never twice; a running fan-out tells no one twice.
    const before = mailsTo(ctx.smtp, carrier!.email, (m) => /Safety notice about donor/.test(m.raw)).length;
    ctx.clock.advance(47 * 3600_000);
    await runJob('safety-notice-resend');
    ctx.clock.advance(2 * 3600_000);
    await runJob('safety-notice-resend');
    await runJob('safety-notice-resend');
    await runJob('donor-updates-fanout');
    await flush();
    await ctx.smtp.waitFor(carrier!.email, (m) => /Reminder: Safety notice/.test(m.raw));
    expect(mailsTo(ctx.smtp, carrier!.email, (m) => /Reminder: Safety notice/.test(m.raw))).toHaveLength(1);
    expect(mailsTo(ctx.smtp, fan!.email, (m) => /Reminder/.test(m.raw))).toHaveLength(0);
    expect(mailsTo(ctx.smtp, carrier!.email, (m) => /Safety notice about donor/.test(m.raw))).toHaveLength(before + 1);
    const rows = await ctx.db.query('select 1 from notifications where user_id = $1', [carrier!.id]);
    expect(rows).toHaveLength(1);
  });

  it('admins post on any donor; parents and clinics cannot use the console route; export and deletion', async () => {
    const [admin] = await quickParents(ctx, 1, 'admin');
    const [p] = await quickParents(ctx, 1);
    const donor = (await donorRefs())[5]!;
    await star(p!.id, donor.id);
    const url = `/api/v1/admin/donors/${donor.reference_id}/updates/`;
    expect((await send(p!.access, 'POST', url, { kind: 'withdrawal', text: 'Withdrawn' })).statusCode).toBe(403);
    const posted = await send(admin!.access, 'POST', url, { kind: 'withdrawal', text: 'The donor withdrew.' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().update.source).toBe('Kindred');
    // A withdrawal takes the donor out of every search at once, audited with the update.
    const [state] = await ctx.db.query<{ availability: string }>(
      'select availability from donors where reference_id = $1',
      [donor.reference_id],
    );
    expect(state!.availability).toBe('unavailable');
    const [audit] = await ctx.db.query<{ diff: { availability?: unknown } }>(
      "select diff from audit_log where action = 'donor.update' and target_id = $1 order by id desc limit 1",
      [donor.reference_id],
    );
    expect(audit!.diff.availability).toEqual(['available', 'unavailable']);
    await runJob('donor-updates-fanout');
    const list = (await get(p!.access, '/api/v1/notifications/')).json().notifications;
    expect(list[0]).toMatchObject({ kind: 'donor_update', safety: false, body: 'Kindred: The donor withdrew.' });

    // The export includes notifications; the purge removes them (cascade with the account).
    const file = await ctx.db.transaction(async (tx) => {
      const { collectExport } = await import('../src/modules/rights/export.repository.ts');
      return collectExport(tx, p!.id, '00000000-0000-0000-0000-000000000000', ctx.clock.now());
    });
    expect(file!.notifications).toHaveLength(1);
    await ctx.db.query('delete from users where id = $1', [p!.id]);
    expect(await ctx.db.query('select 1 from notifications where user_id = $1', [p!.id])).toHaveLength(0);
  });

  it('the digest goes at 07:00 in each parent’s own time zone, at most once per local day, on any instance', async () => {
    const [tokyo, york, utc, staff] = await quickParents(ctx, 4);
    const zone = (token: string, time_zone: unknown) =>
      send(token, 'PUT', '/api/v1/notifications/time-zone/', { time_zone });
    expect((await zone(tokyo!.access, 'Asia/Tokyo')).json()).toEqual({ success: true, time_zone: 'Asia/Tokyo' });
    expect((await zone(york!.access, 'America/New_York')).statusCode).toBe(200);
    for (const bad of ['Mars/Olympus', 'UTC; drop table users', 42]) {
      const res = await zone(staff!.access, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.values(res.json()).flat()).toContain('Send an IANA time zone such as Europe/Berlin.');
    }
    const prefs = async (token: string) => (await get(token, '/api/v1/notifications/preferences/')).json();
    expect((await prefs(tokyo!.access)).time_zone).toBe('Asia/Tokyo');
    expect((await prefs(utc!.access)).time_zone).toBeNull();
    for (const p of [tokyo!, york!, utc!]) {
      await grantEmailUpdates(p.access);
      await send(p.access, 'PUT', '/api/v1/notifications/preferences/', {
        preferences: [{ kind: 'alert_match', delivery: 'digest' }],
      });
    }
    const digests = (p: { email: string }) =>
      mailsTo(ctx.smtp, p.email, (m) => /Your Kindred digest: saved-search/.test(plain(m)));
    const runAt = async (at: Date) => {
      ctx.clock.set(at);
      await Promise.all([runJob('notification-digest'), runJob('notification-digest')]);
      await flush();
    };

    // An hour before Tokyo's 07:00 each parent is told something that waits for the digest.
    const tokyoSeven = nextLocal(7, 'Asia/Tokyo');
    ctx.clock.set(new Date(tokyoSeven.getTime() - 3600_000));
    for (const p of [tokyo!, york!, utc!])
      await notify({ userId: p.id, kind: 'alert_match', title: `For ${p.email}`, body: 'B', link: '/a' });

    // 07:00 in Tokyo: only the Tokyo parent's digest goes (once, though two runs race), with what waited for it.
    await runAt(tokyoSeven);
    await ctx.smtp.waitFor(tokyo!.email, (m) => /Your Kindred digest: saved-search/.test(plain(m)));
    expect(digests(tokyo!)).toHaveLength(1);
    expect(digests(york!)).toHaveLength(0);
    expect(digests(utc!)).toHaveLength(0);

    // Written after 07:00 in Tokyo: it waits for tomorrow's, however often the job runs today there.
    ctx.clock.set(new Date(tokyoSeven.getTime() + 60_000));
    await notify({ userId: tokyo!.id, kind: 'alert_match', title: 'Later that morning', body: 'B', link: '/a' });
    await runAt(new Date(tokyoSeven.getTime() + 15 * 60_000));
    await runAt(nextLocal(7, 'UTC'));
    await ctx.smtp.waitFor(utc!.email, (m) => /Your Kindred digest: saved-search/.test(plain(m)));
    expect(digests(utc!)).toHaveLength(1);
    expect(digests(york!)).toHaveLength(0);
    expect(digests(tokyo!)).toHaveLength(1);

    // 07:00 in New York; then Tokyo's next 07:00 brings its second digest, with the later notification only.
    await runAt(nextLocal(7, 'America/New_York'));
    await ctx.smtp.waitFor(york!.email, (m) => /Your Kindred digest: saved-search/.test(plain(m)));
    await runAt(nextLocal(7, 'Asia/Tokyo'));
    await ctx.smtp.waitFor(tokyo!.email, (m) => /Later that morning/.test(plain(m)));
    expect(digests(tokyo!)).toHaveLength(2);
    expect(plain(digests(tokyo!)[1]!)).not.toContain(`For ${tokyo!.email}`);
    expect(digests(york!)).toHaveLength(1);
    expect(digests(utc!)).toHaveLength(1);
  });

  it('an unread safety notice sent again after 48 h comes back to the top of the centre once, as a reminder', async () => {
    const [p, reader] = await quickParents(ctx, 2);
    const safety = (userId: string, key: string) =>
      notify({
        userId,
        kind: 'safety_notice',
        safety: true,
        title: 'Safety notice about donor R-1',
        body: 'Read me',
        link: '/',
        dedupeKey: key,
      });
    const notice = await safety(p!.id, 'resend-visible');
    const read = await safety(reader!.id, 'resend-visible');
    await send(reader!.access, 'POST', `/api/v1/notifications/${read!.id}/acknowledge/`);
    ctx.clock.advance(3600_000);
    await notify({ userId: p!.id, kind: 'donor_update', title: 'Newer news', body: 'B', link: '/' });
    // A token signed now: the clock moves by days here, past an access token's life.
    const tokenOf = async (u: { id: string }) => {
      const [row] = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
        u.id,
      ]);
      return ctx.services.tokens.signAccess(u.id, 'parent', row!.password_hash);
    };
    const list = async () => {
      const res = await get(await tokenOf(p!), '/api/v1/notifications/');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await list()).notifications.map((n: { title: string }) => n.title)).toEqual([
      'Newer news',
      'Safety notice about donor R-1',
    ]);

    ctx.clock.advance(48 * 3600_000);
    const resentAt = ctx.clock.now().toISOString();
    await Promise.all([runJob('safety-notice-resend'), runJob('safety-notice-resend')]);
    ctx.clock.advance(3 * 24 * 3600_000);
    await runJob('safety-notice-resend');
    await flush();
    await ctx.smtp.waitFor(p!.email, (m) => /Subject: Reminder: Safety notice about donor R-1/.test(m.raw));
    expect(mailsTo(ctx.smtp, p!.email, (m) => /Reminder: Safety notice/.test(m.raw))).toHaveLength(1);

    // The same notice, first in the list, marked as sent again; still one to read and acknowledge, nothing doubled.
    const after = await list();
    expect(after.total).toBe(2);
    expect(after.unread).toBe(2);
    expect(after.notifications[0]).toMatchObject({
      id: notice!.id,
      title: 'Safety notice about donor R-1',
      resent_at: resentAt,
      acknowledged_at: null,
    });
    expect(after.notifications[1]).toMatchObject({ title: 'Newer news', resent_at: null });
    // The parent who had read it is not reminded.
    const theirs = (await get(await tokenOf(reader!), '/api/v1/notifications/')).json().notifications;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].resent_at).toBeNull();
    expect(mailsTo(ctx.smtp, reader!.email, (m) => /Reminder/.test(m.raw))).toHaveLength(0);
  });
});
