import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@kindred/shared';
import { CONTACT_MIN_FILL_MS } from '@kindred/shared/content.schemas';
import { INBOX_MSG } from '@kindred/shared/console-inbox.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  newParent,
  type ReceivedMail,
  type TestContext,
} from './harness.ts';
import { collectExport } from '../src/modules/rights/export.repository.ts';
import { mailText, wideRates, type Parent } from './payments-helpers.ts';

const INBOX = '/api/v1/admin/inbox/';
const isReply = (m: ReceivedMail) => /^Subject: Re: your message to Kindred/m.test(m.raw);

async function withRole(ctx: TestContext, user: Parent, role: 'admin' | 'support' | 'clinic'): Promise<string> {
  await ctx.db.query('update users set role = $2 where id = $1', [user.id, role]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tokens.access;
}

type AuditRow = {
  action: string;
  actor_id: string;
  actor_role: string;
  target_id: string;
  diff: Record<string, unknown>;
};
const auditOf = (ctx: TestContext, targetId: string) =>
  ctx.db.query<AuditRow>(
    `select action, actor_id, actor_role, target_id, diff from audit_log where target_type = 'contact_message'
      and target_id = $1 order by id`,
    [targetId],
  );

/**
 * The operator console's inbox (issue 15): contact-form messages with status, assignee and replies that are
 * e-mailed to the sender and kept with the message; support and admin only; every change audited.
 */
describe('console inbox', () => {
  let ctx: TestContext;
  let support: string;
  let supportUser: Parent;
  let admin: string;
  let adminUser: Parent;
  let parent: Parent;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    [supportUser, adminUser, parent] = await Promise.all([
      newParent(ctx.app, { first_name: 'Sam', last_name: 'Support' }),
      newParent(ctx.app, { first_name: 'Ada', last_name: 'Admin' }),
      newParent(ctx.app),
    ]);
    support = await withRole(ctx, supportUser, 'support');
    admin = await withRole(ctx, adminUser, 'admin');
  });
  afterAll(async () => ctx.close());

  /** A visitor sends the public contact form (token, a human's fill time, then the message). */
  async function sendContact(name: string, email: string, question: string): Promise<string> {
    const token = (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact-us/',
      payload: { name, email, question, form_token: token },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.query<{ id: string }>(
      'select id from contact_messages where email = $1 order by created_at desc limit 1',
      [email],
    );
    return row!.id;
  }
  const get = (url: string, token = support) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const put = (url: string, payload: unknown, token = support) =>
    ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
  const reply = (id: string, body: unknown, token = support) =>
    ctx.app.inject({ method: 'POST', url: `${INBOX}${id}/replies/`, headers: bearer(token), payload: { body } });

  it('lists messages sent through the public form, newest first, with status filter, search and paging', async () => {
    const first = await sendContact('Rosa Lind', 'rosa@example.com', 'Do you ship donor records abroad?');
    const second = await sendContact('Milo Park', 'milo@example.com', 'How are carrier panels compared?');
    const third = await sendContact('Ines 100%', 'ines@example.com', 'Is 100% of the fee refundable?');

    const all = await get(INBOX);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().count).toBe(3);
    expect(all.json().results.map((m: { id: string }) => m.id)).toEqual([third, second, first]);
    expect(all.json().results[0]).toMatchObject({
      name: 'Ines 100%',
      email: 'ines@example.com',
      status: 'new',
      assignee: null,
      reply_count: 0,
    });
    const oldest = await get(`${INBOX}?sort=oldest&page_size=2`);
    expect(oldest.json()).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(oldest.json().results.map((m: { id: string }) => m.id)).toEqual([first, second]);
    const page2 = await get(`${INBOX}?sort=oldest&page_size=2&page=2`);
    expect(page2.json().results.map((m: { id: string }) => m.id)).toEqual([third]);

    // Search looks in name, address and text; % is searched for as itself.
    expect((await get(`${INBOX}?q=carrier`)).json().results.map((m: { id: string }) => m.id)).toEqual([second]);
    expect((await get(`${INBOX}?q=ROSA@`)).json().results.map((m: { id: string }) => m.id)).toEqual([first]);
    expect((await get(`${INBOX}?q=${encodeURIComponent('100%')}`)).json().count).toBe(1);

    expect((await get(`${INBOX}?status=new`)).json().count).toBe(3);
    expect((await get(`${INBOX}?status=closed`)).json().count).toBe(0);
    const bad = await get(`${INBOX}?status=deleted`);
    expect(bad.statusCode).toBe(400);
    expectDocumentedErrorShape(bad);
    expect(bad.json().status).toEqual([INBOX_MSG.statusInvalid]);
  });

  it('assigns a message to me or another staff member (audited), never to a non-staff user', async () => {
    const id = await sendContact('Lee Ng', 'lee@example.com', 'Can a clinic see my shortlist?');
    const mine = await put(`${INBOX}${id}/assignee/`, { assignee_id: supportUser.id });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().assignee).toEqual({ id: supportUser.id, name: 'Sam Support' });
    const assignedToMe = await get(`${INBOX}?assignee=me`);
    expect(assignedToMe.json().results.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await get(`${INBOX}?assignee=me`, admin)).json().count).toBe(0);

    const notStaff = await put(`${INBOX}${id}/assignee/`, { assignee_id: parent.id });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().assignee_id).toEqual([INBOX_MSG.assigneeNotStaff]);

    const toAdmin = await put(`${INBOX}${id}/assignee/`, { assignee_id: adminUser.id });
    expect(toAdmin.json().assignee).toEqual({ id: adminUser.id, name: 'Ada Admin' });
    // The same again changes nothing and writes no row.
    await put(`${INBOX}${id}/assignee/`, { assignee_id: adminUser.id });
    const staff = await get(`${INBOX}assignees/`);
    expect(staff.json().results).toEqual(
      expect.arrayContaining([
        { id: supportUser.id, name: 'Sam Support' },
        { id: adminUser.id, name: 'Ada Admin' },
      ]),
    );
    expect(staff.json().results.map((s: { id: string }) => s.id)).not.toContain(parent.id);

    const rows = await auditOf(ctx, id);
    expect(rows.map((r) => [r.action, r.actor_id, r.diff])).toEqual([
      ['inbox.assign', supportUser.id, { assignee_id: [null, supportUser.id] }],
      ['inbox.assign', supportUser.id, { assignee_id: [supportUser.id, adminUser.id] }],
    ]);
  });

  it('a reply is e-mailed to the sender exactly once, kept with the message, and marks it answered', async () => {
    const id = await sendContact('Noor Haddad', 'noor@example.com', 'Which clinics work with your banks?');
    const empty = await reply(id, '   ');
    expect(empty.statusCode).toBe(400);
    expectDocumentedErrorShape(empty);
    expect(empty.json().body).toEqual([INBOX_MSG.replyRequired]);

    const text = 'Hello Noor, three partner clinics in Chicago work with our banks.\nWe can send the list.';
    const res = await reply(id, text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id, status: 'answered', reply_count: 1 });
    expect(res.json().replies).toEqual([
      {
        id: expect.any(String),
        body: text,
        author: { id: supportUser.id, name: 'Sam Support' },
        created_at: expect.any(String),
      },
    ]);

    await ctx.services.mail.flush();
    const mails = ctx.smtp.received.filter((m) => m.to.includes('noor@example.com') && isReply(m));
    expect(mails).toHaveLength(1);
    const body = mailText(mails[0]!);
    expect(body).toContain('three partner clinics in Chicago');
    expect(body).toContain('Which clinics work with your banks?');

    // Kept with the message when read again.
    const detail = await get(`${INBOX}${id}/`, admin);
    expect(detail.json().replies.map((r: { body: string }) => r.body)).toEqual([text]);

    const [row] = await auditOf(ctx, id);
    expect(row).toMatchObject({ action: 'inbox.reply', actor_id: supportUser.id, actor_role: 'support' });
    expect(row!.diff).toEqual({
      status: ['new', 'answered'],
      reply_id: [null, res.json().replies[0].id],
      reply_length: [null, text.length],
    });
    // Never the text, the name or the address.
    const stored = JSON.stringify(row);
    for (const secret of ['Chicago', 'Noor', 'noor@example.com']) expect(stored).not.toContain(secret);

    // The sender's data export (an account with that address) holds the reply with the message.
    const noor = await newParent(ctx.app, { email: 'noor@example.com' });
    const file = await collectExport(ctx.db, noor.id, 'export-test', ctx.clock.now());
    expect(file!.contact_messages).toEqual([
      expect.objectContaining({
        question: 'Which clinics work with your banks?',
        replies: [expect.objectContaining({ body: text })],
      }),
    ]);
  });

  it('shows the agent the one address a reply goes to; a stored address that is not one mailbox gets no reply', async () => {
    const id = await sendContact('Lea Brandt', 'lea@example.com', 'Do you work with clinics in Berlin?');
    expect((await get(`${INBOX}${id}/`)).json()).toMatchObject({
      email: 'lea@example.com',
      reply_to: 'lea@example.com',
    });
    expect((await reply(id, 'Yes, two.')).statusCode).toBe(201);
    await ctx.services.mail.flush();
    const sent = ctx.smtp.received.filter((m) => isReply(m) && mailText(m).includes('Yes, two.'));
    expect(sent.map((m) => m.to)).toEqual([['lea@example.com']]);

    // A message written before the form checked for one mailbox (a list and a display name hiding another).
    const [legacy] = await ctx.db.query<{ id: string }>(
      `insert into contact_messages (name, email, question, ip) values ('Eve', $1, 'Hi', '10.0.0.1') returning id`,
      ['Lea <eve@example.net>, lea@example.com'],
    );
    const detail = (await get(`${INBOX}${legacy!.id}/`)).json();
    expect(detail.reply_to).toBeNull();
    const refused = await reply(legacy!.id, 'Hello Eve');
    expect(refused.statusCode).toBe(400);
    expectDocumentedErrorShape(refused);
    expect(refused.json().message).toBe(INBOX_MSG.replyAddressInvalid);
    await ctx.services.mail.flush();
    expect(ctx.smtp.received.filter((m) => m.to.includes('eve@example.net'))).toHaveLength(0);
    expect((await get(`${INBOX}${legacy!.id}/`)).json()).toMatchObject({ status: 'new', reply_count: 0 });
  });

  it('closes and reopens a message (audited); an unknown status or message is refused', async () => {
    const id = await sendContact('Kai Berg', 'kai@example.com', 'Please delete my enquiry.');
    const closed = await put(`${INBOX}${id}/status/`, { status: 'closed' }, admin);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect((await get(`${INBOX}?status=closed`)).json().results.map((m: { id: string }) => m.id)).toEqual([id]);
    await put(`${INBOX}${id}/status/`, { status: 'closed' }, admin);
    const reopened = await put(`${INBOX}${id}/status/`, { status: 'new' });
    expect(reopened.json().status).toBe('new');

    const bad = await put(`${INBOX}${id}/status/`, { status: 'archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toEqual([INBOX_MSG.statusInvalid]);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await get(`${INBOX}${missing}/`),
      await put(`${INBOX}${missing}/status/`, { status: 'closed' }),
      await reply(missing, 'Hello'),
    ]) {
      expect(res.statusCode).toBe(404);
      expectDocumentedErrorShape(res);
    }

    expect((await auditOf(ctx, id)).map((r) => [r.action, r.actor_role, r.diff])).toEqual([
      ['inbox.status', 'admin', { status: ['new', 'closed'] }],
      ['inbox.status', 'support', { status: ['closed', 'new'] }],
    ]);
  });

  it('refuses parents and clinic users (403) and callers without a token (401) on every inbox route', async () => {
    const id = await sendContact('Guarded', 'guarded@example.com', 'Who can read this?');
    const clinicUser = await newParent(ctx.app);
    const clinic = await withRole(ctx, clinicUser, 'clinic');
    const calls = (headers: Record<string, string>) => [
      ctx.app.inject({ method: 'GET', url: INBOX, headers }),
      ctx.app.inject({ method: 'GET', url: `${INBOX}assignees/`, headers }),
      ctx.app.inject({ method: 'GET', url: `${INBOX}${id}/`, headers }),
      ctx.app.inject({ method: 'POST', url: `${INBOX}${id}/replies/`, headers, payload: { body: 'Hi' } }),
      ctx.app.inject({ method: 'PUT', url: `${INBOX}${id}/assignee/`, headers, payload: { assignee_id: null } }),
      ctx.app.inject({ method: 'PUT', url: `${INBOX}${id}/status/`, headers, payload: { status: 'closed' } }),
    ];
    for (const token of [parent.access, clinic]) {
      for (const res of await Promise.all(calls(bearer(token)))) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ code: 'forbidden', success: false, message: SERVER_MSG.forbidden });
      }
    }
    for (const res of await Promise.all(calls({}))) expect(res.statusCode).toBe(401);
    const [row] = await ctx.db.query<{ status: string; n: number }>(
      `select status, (select count(*)::int from contact_replies where message_id = $1) as n
         from contact_messages where id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'new', n: 0 });
    expect(await auditOf(ctx, id)).toEqual([]);
  });
});
