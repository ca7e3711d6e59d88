import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@kindred/shared';
import { AUDIT_CSV_COLUMNS, AUDIT_MSG } from '@kindred/shared/console-audit.schemas';
import { bearer, createTestContext, generousRates, newParent, type TestContext } from './harness.ts';

/**
 * The audit log's API (issue 15, ADR 022): the admin reads who changed what, filtered and paged, and exports it as
 * CSV; the existing admin APIs (articles, team, images, clinic invitations, profile edits) write their rows.
 */
describe('audit log API', () => {
  let ctx: TestContext;
  let admin: { id: string; email: string; access: string };
  let support: string;
  let parent: { id: string; access: string };

  async function staff(role: 'admin' | 'support', first = 'Morgan') {
    const user = await newParent(ctx.app, { first_name: first, last_name: 'Auditor' });
    await ctx.db.query('update users set role = $2 where id = $1', [user.id, role]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: user.email, password: user.password },
    });
    return { id: user.id, email: user.email, access: res.json().tokens.access as string };
  }
  const get = (url: string, token = admin.access) => ctx.app.inject({ url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin.access) =>
    ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const latest = async (action: string) =>
    (await get(`/api/v1/admin/audit/?action=${action}&limit=1`)).json().results[0];

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    admin = await staff('admin');
    support = (await staff('support', 'Sasha')).access;
    parent = await newParent(ctx.app);
  });
  afterAll(async () => ctx?.close());

  it('records an article made, edited, published and withdrawn, with a readable diff and no byline', async () => {
    const created = await send('POST', '/api/v1/admin/blogs/', {
      title: 'Audit trail article',
      content: 'First body.',
      created_by_name: 'Jordan Byline',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().id);
    const made = await latest('article.create');
    expect(made).toMatchObject({
      actor: { id: admin.id, role: 'admin', name: 'Morgan Auditor' },
      target_type: 'article',
      target_id: id,
      client_ip: '127.0.0.1',
    });
    expect(made.diff.title).toEqual([null, 'Audit trail article']);
    expect(made.diff.content_chars).toEqual([null, 'First body.'.length]);
    expect(JSON.stringify(made.diff)).not.toContain('Jordan Byline');

    await send('PUT', `/api/v1/admin/blogs/${id}/`, { title: 'Audit trail article', content: 'A longer body now.' });
    const edit = await latest('article.update');
    expect(Object.keys(edit.diff).sort()).toEqual(['content_chars', 'content_sha256']);
    expect(edit.diff.content_chars).toEqual(['First body.'.length, 'A longer body now.'.length]);

    await send('POST', `/api/v1/admin/blogs/${id}/publish/`);
    const published = await latest('article.publish');
    expect(published.diff.is_published).toEqual([false, true]);
    expect(published.target_id).toBe(id);
    await send('POST', `/api/v1/admin/blogs/${id}/unpublish/`);
    expect((await latest('article.unpublish')).diff.is_published).toEqual([true, false]);

    // A change refused (unknown article) leaves no row.
    const before = (await get('/api/v1/admin/audit/?target_type=article')).json().results.length;
    expect((await send('POST', '/api/v1/admin/blogs/999999/publish/')).statusCode).toBe(404);
    expect((await get('/api/v1/admin/audit/?target_type=article')).json().results.length).toBe(before);
  });

  it('records team changes without the member’s name or address', async () => {
    const member = { name: 'Avery Stone', designation: 'Counsellor', email: 'avery.stone@example.com' };
    const created = await send('POST', '/api/v1/admin/team/', { ...member, small_description: 'Fictional.' });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().id);
    await send('PUT', `/api/v1/admin/team/${id}/`, {
      ...member,
      designation: 'Lead counsellor',
      small_description: 'Fictional.',
    });
    const update = await latest('team.update');
    expect(update).toMatchObject({ target_type: 'team_member', target_id: id });
    expect(update.diff).toEqual({ designation: ['Counsellor', 'Lead counsellor'] });
    expect((await send('DELETE', `/api/v1/admin/team/${id}/`)).statusCode).toBe(204);
    const removed = await latest('team.delete');
    expect(removed.diff.designation).toEqual(['Lead counsellor', null]);
    const all = JSON.stringify((await get('/api/v1/admin/audit/?target_type=team_member')).json());
    expect(all).not.toContain('Avery');
    expect(all).not.toContain('avery.stone@example.com');
  });

  it('records a clinic staff invitation by account id, without the address', async () => {
    await ctx.db.query(
      `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, is_fictional)
         values ('CLN-AUD1', 'Audit Clinic (fictional)', '1 Test Street', 'Chicago', 'IL', 41.88, -87.63,
                 'America/Chicago', true)`,
    );
    await ctx.db.query(
      `insert into clinic_banks (clinic_id, bank_name)
         select id, 'Audit Bank' from clinics where reference_id = 'CLN-AUD1'`,
    );
    const res = await send('POST', '/api/v1/admin/clinics/CLN-AUD1/staff/', {
      email: 'new.staff@clinic.example',
      first_name: 'Imogen',
      last_name: 'Hale',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await latest('clinic.staff_invite');
    expect(row).toMatchObject({ target_type: 'user', target_id: res.json().staff.id });
    expect(row.diff.clinic).toEqual([null, 'CLN-AUD1']);
    expect(row.diff.bank_name).toEqual([null, 'Audit Bank']);
    // The log keeps no name or address; the console reads the account's name today beside its id (issue 25).
    const stored = await ctx.db.query('select diff, reason from audit_log where id = $1', [row.id]);
    expect(JSON.stringify(stored)).not.toMatch(/new\.staff|Imogen|Hale/);
    expect(row).toMatchObject({ target_name: 'Imogen Hale', target_deleted: false });
  });

  it("records an admin's edit of a parent's profile by field name only; a parent's own edit is not a console change", async () => {
    const body = { first_name: 'Renamed', last_name: 'Person', phone_number: '+12025550142' };
    expect((await send('PUT', `/api/v1/admin/parent/${parent.id}/update/`, body)).statusCode).toBe(200);
    const row = await latest('user.profile_update');
    expect(row).toMatchObject({ target_type: 'user', target_id: parent.id });
    expect(row.diff.changed_fields[1]).toEqual(['first_name', 'last_name', 'phone_number']);
    const stored = await ctx.db.query('select diff, reason from audit_log where id = $1', [row.id]);
    expect(JSON.stringify(stored)).not.toMatch(/Renamed|5550142/);
    expect(JSON.stringify(row)).not.toMatch(/5550142/);
    const count = (await get('/api/v1/admin/audit/?action=user.profile_update')).json().results.length;
    const own = await send(
      'PUT',
      `/api/v1/admin/parent/${parent.id}/update/`,
      { ...body, first_name: 'Again' },
      parent.access,
    );
    expect(own.statusCode).toBe(200);
    expect((await get('/api/v1/admin/audit/?action=user.profile_update')).json().results.length).toBe(count);
  });

  it('names each target as it is today beside its id, and says "deleted" once it is gone (issue 25)', async () => {
    const created = await send('POST', '/api/v1/admin/team/', {
      name: 'Rowan Vale',
      designation: 'Counsellor',
      email: 'rowan.vale@example.com',
      small_description: 'Fictional.',
    });
    const id = String(created.json().id);
    const named = (await get(`/api/v1/admin/audit/?target_type=team_member&target_id=${id}`)).json().results;
    expect(named[0]).toMatchObject({ target_id: id, target_name: 'Rowan Vale', target_deleted: false });
    expect((await send('DELETE', `/api/v1/admin/team/${id}/`)).statusCode).toBe(204);
    const gone = (await get(`/api/v1/admin/audit/?target_type=team_member&target_id=${id}`)).json().results;
    expect(gone).toHaveLength(2);
    for (const r of gone) expect(r).toMatchObject({ target_name: null, target_deleted: true });
  });

  it('filters by actor (id or e-mail), action, target and time, and pages newest first', async () => {
    for (let i = 0; i < 5; i++)
      await ctx.services.audit.change({ id: admin.id, role: 'admin', ip: '198.51.100.4' }, async () => ({
        result: null,
        audit: {
          action: 'donor.availability',
          targetType: 'donor',
          targetId: `DNR-${i}`,
          before: { a: 1 },
          after: { a: 2 },
        },
      }));
    const first = (await get('/api/v1/admin/audit/?action=donor.availability&limit=2')).json();
    expect(first.results.map((r: { target_id: string }) => r.target_id)).toEqual(['DNR-4', 'DNR-3']);
    expect(first.next_before).toBe(first.results[1].id);
    const next = (
      await get(`/api/v1/admin/audit/?action=donor.availability&limit=2&before=${first.next_before}`)
    ).json();
    expect(next.results.map((r: { target_id: string }) => r.target_id)).toEqual(['DNR-2', 'DNR-1']);
    const last = (
      await get(`/api/v1/admin/audit/?action=donor.availability&limit=2&before=${next.next_before}`)
    ).json();
    expect(last.results.map((r: { target_id: string }) => r.target_id)).toEqual(['DNR-0']);
    expect(last.next_before).toBeNull();

    const byEmail = (await get(`/api/v1/admin/audit/?actor=${encodeURIComponent(admin.email.toUpperCase())}`)).json();
    const byId = (await get(`/api/v1/admin/audit/?actor=${admin.id}`)).json();
    expect(byEmail.results.length).toBeGreaterThan(5);
    expect(byEmail.results).toEqual(byId.results);
    const someoneElse = (await get(`/api/v1/admin/audit/?actor=${parent.id}`)).json();
    expect(someoneElse.results).toEqual([]);
    const target = (await get('/api/v1/admin/audit/?target_type=donor&target_id=DNR-3')).json();
    expect(target.results).toHaveLength(1);

    const today = ctx.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await get(`/api/v1/admin/audit/?action=donor.availability&from=${today}&to=${today}`)).json().results,
    ).toHaveLength(5);
    expect((await get(`/api/v1/admin/audit/?action=donor.availability&from=${tomorrow}`)).json().results).toHaveLength(
      0,
    );
  });

  it('answers bad filters with a clear 400 in the documented shape', async () => {
    const cases: [string, string, string][] = [
      ['actor=nobody@example.com', 'actor', AUDIT_MSG.actorUnknown],
      ['actor=robert', 'actor', AUDIT_MSG.actorInvalid],
      ['from=yesterday', 'from', AUDIT_MSG.dateInvalid],
      ['from=2026-02-30', 'from', AUDIT_MSG.dateInvalid],
      ['from=0000-01-01', 'from', AUDIT_MSG.dateOutOfRange],
      ['to=1969-12-31', 'to', AUDIT_MSG.dateOutOfRange],
      ['from=2026-03-02&to=2026-03-01', 'to', AUDIT_MSG.rangeInvalid],
      ['action=DROP TABLE', 'action', AUDIT_MSG.actionInvalid],
      ['before=abc', 'before', AUDIT_MSG.idInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/v1/admin/audit/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()[field], query).toEqual([message]);
    }
    expect((await get('/api/v1/admin/audit/export.csv?from=yesterday')).statusCode).toBe(400);
  });

  it('takes the last day PostgreSQL can hold as the end of a range: every row, in the list and the export', async () => {
    const all = (await get('/api/v1/admin/audit/?limit=200')).json().results.length;
    expect(all).toBeGreaterThan(0);
    for (const q of ['to=9999-12-31', 'to=9999-12-31T23:00:00-05:00', 'from=2020-01-01&to=9999-12-31']) {
      const list = await get(`/api/v1/admin/audit/?limit=200&${q}`);
      expect(list.statusCode, q).toBe(200);
      expect(list.json().results, q).toHaveLength(all);
      const csv = await get(`/api/v1/admin/audit/export.csv?${q}`);
      expect(csv.statusCode, q).toBe(200);
      expect(csv.body.trim().split('\n'), q).toHaveLength(all + 1);
    }
    expect((await get('/api/v1/admin/audit/?from=9999-12-31T23:00:00-05:00')).json().results).toEqual([]);
  });

  it('is for admins only: support and parents get 403, anonymous 401', async () => {
    for (const url of ['/api/v1/admin/audit/', '/api/v1/admin/audit/export.csv']) {
      for (const token of [support, parent.access]) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(SERVER_MSG.forbidden);
      }
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('exports the filtered log as CSV, with cells that could start a formula neutralised', async () => {
    await ctx.services.audit.change({ id: admin.id, role: 'admin', ip: '203.0.113.5' }, async () => ({
      result: null,
      audit: {
        action: 'user.disable',
        targetType: 'user',
        targetId: '=HYPERLINK("http://evil.example","x")',
        reason: '@SUM(1+1), "quoted", and a\nnew line',
      },
    }));
    const res = await get('/api/v1/admin/audit/export.csv?action=user.disable');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = ctx.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kindred-audit-${day}.csv"`);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.disable',
      actor_id: admin.id,
      actor_name: 'Morgan Auditor',
      target_id: `'=HYPERLINK("http://evil.example","x")`,
      reason: `'@SUM(1+1), "quoted", and a\nnew line`,
      client_ip: '203.0.113.5',
    });

    // Every row, over several database reads, newest first.
    const all = await get('/api/v1/admin/audit/export.csv');
    const allRows = parse(all.body, { columns: true }) as Record<string, string>[];
    const count = (await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n;
    expect(allRows).toHaveLength(count);
    const ids = allRows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const batched: string[] = [];
    for await (const row of await ctx.services.audit.exportRows({}, 2)) batched.push(row.id);
    expect(batched).toEqual(allRows.map((r) => r.id));
    const diffRow = allRows.find((r) => r.action === 'team.update')!;
    expect(JSON.parse(diffRow.diff!)).toEqual({ designation: ['Counsellor', 'Lead counsellor'] });
  });
});
