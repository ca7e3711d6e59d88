import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kindred/shared';
import { CONTACT_MIN_FILL_MS, CONTENT_MSG } from '@kindred/shared/content.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  newParent,
  type TestContext,
} from './harness.ts';
import { makeAdmin } from './payments-helpers.ts';

const SEEDED_SLUGS = [
  'how-to-choose-a-donor',
  'carrier-screening-explained',
  'open-identity-donors',
  'surrogacy-basics',
  'costs-and-budgeting',
  'questions-to-ask-a-clinic',
];

describe('content API: articles, team, testimonials, resources', () => {
  let ctx: TestContext;
  let admin: string;
  let parent: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates(), contentImageHosts: ['images.example.org'] });
    admin = await makeAdmin(ctx, await newParent(ctx.app));
    parent = (await newParent(ctx.app)).access;
  });
  afterAll(async () => ctx?.close());

  it('lists the seeded, published articles newest first in the paginated shape', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/blogs/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThanOrEqual(6);
    expect(body.previous).toBeNull();
    const slugs = body.results.map((b: { slug: string }) => b.slug);
    for (const s of SEEDED_SLUGS) expect(slugs).toContain(s);
    const dates = body.results.map((b: { published_at: string }) => Date.parse(b.published_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(Object.keys(body.results[0]).sort()).toEqual([
      'content',
      'created_by_name',
      'excerpt',
      'featured_image',
      'id',
      'published_at',
      'slug',
      'title',
      'view_count',
    ]);
  });

  it('paginates with next and previous links', async () => {
    const first = (await ctx.app.inject({ url: '/api/v1/blogs/?page=1&page_size=2' })).json();
    expect(first.results).toHaveLength(2);
    expect(first.next).toMatch(/\/api\/v1\/blogs\/\?page=2&page_size=2$/);
    const second = (await ctx.app.inject({ url: '/api/v1/blogs/?page=2&page_size=2' })).json();
    expect(second.previous).toMatch(/page=1&page_size=2$/);
    expect(second.results[0].id).not.toBe(first.results[0].id);
    const last = Math.ceil(first.count / 2);
    expect((await ctx.app.inject({ url: `/api/v1/blogs/?page=${last}&page_size=2` })).json().next).toBeNull();
    expect((await ctx.app.inject({ url: '/api/v1/blogs/?page=0' })).statusCode).toBe(400);
  });

  it('returns the three latest articles as a plain array', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/blogs/recent/' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(3);
    const page = (await ctx.app.inject({ url: '/api/v1/blogs/?page_size=3' })).json();
    expect(list.map((b: { id: number }) => b.id)).toEqual(page.results.map((b: { id: number }) => b.id));
  });

  it('reads an article by slug and by id with sanitised HTML, counting a view once per reader', async () => {
    const first = await ctx.app.inject({ url: '/api/v1/blogs/slug/carrier-screening-explained/' });
    expect(first.statusCode).toBe(200);
    const article = first.json();
    expect(article.content_html).toContain('<h2>');
    expect(article.content_html).toContain('1 in 4');
    const cookie = first.cookies.find((c) => c.name === 'kindred_view_session');
    expect(cookie?.httpOnly).toBe(true);
    const cookieHeader = { cookie: `kindred_view_session=${cookie!.value}` };
    const again = (await ctx.app.inject({ url: `/api/v1/blogs/${article.id}/`, headers: cookieHeader })).json();
    expect(again.view_count).toBe(article.view_count);
    const reload = (
      await ctx.app.inject({ url: '/api/v1/blogs/slug/carrier-screening-explained/', headers: cookieHeader })
    ).json();
    expect(reload.view_count).toBe(article.view_count);
    const otherReader = await ctx.app.inject({ url: `/api/v1/blogs/${article.id}/`, remoteAddress: '192.0.2.77' });
    expect(otherReader.json().view_count).toBe(article.view_count + 1);
  });

  describe('view counting (issue 13)', () => {
    const VIEW = 'kindred_view_session';
    let id: number;
    const views = async () =>
      Number((await ctx.db.query<{ n: number }>('select view_count as n from blogs where id = $1', [id]))[0]!.n);
    beforeAll(async () => {
      id = (await ctx.app.inject({ url: '/api/v1/blogs/slug/surrogacy-basics/' })).json().id;
    });

    it('counts 400 cookie-less requests from one address as one view', async () => {
      const before = await views();
      for (let i = 0; i < 400; i++) {
        const res = await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, remoteAddress: '198.51.100.40' });
        expect(res.cookies.find((c) => c.name === VIEW)).toBeDefined();
      }
      expect(await views()).toBe(before + 1);
    });

    it('counts a reader with a signed cookie once a day, again the next day', async () => {
      const first = await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, remoteAddress: '198.51.100.41' });
      const counted = first.json().view_count as number;
      const cookie = { cookie: `${VIEW}=${first.cookies.find((c) => c.name === VIEW)!.value}` };
      for (let i = 0; i < 5; i++) await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, headers: cookie });
      expect(await views()).toBe(counted);
      ctx.clock.advance(24 * 60 * 60 * 1000);
      try {
        const nextDay = (await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, headers: cookie })).json();
        expect(nextDay.view_count).toBe(counted + 1);
        await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, headers: cookie });
        expect(await views()).toBe(counted + 1);
      } finally {
        // The admin's access token is for today.
        ctx.clock.advance(-24 * 60 * 60 * 1000);
      }
    });

    it('does not count forged or unsigned cookies, nor X-View-Session headers, extra', async () => {
      await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, remoteAddress: '198.51.100.42' });
      const before = await views();
      const real = (await ctx.app.inject({ url: `/api/v1/blogs/${id}/`, remoteAddress: '198.51.100.43' })).cookies.find(
        (c) => c.name === VIEW,
      )!.value;
      const [visitor, sig] = real.split('.');
      expect(sig).toBeTruthy();
      const forged = [
        `${'A'.repeat(24)}.${sig}`,
        `${visitor}.${sig!.slice(0, -2)}xx`,
        'B'.repeat(24),
        `${'C'.repeat(24)}.`,
        visitor!,
      ];
      for (let i = 0; i < 20; i++) {
        for (const value of forged) {
          const res = await ctx.app.inject({
            url: `/api/v1/blogs/${id}/`,
            remoteAddress: '198.51.100.42',
            headers: { cookie: `${VIEW}=${value}` },
          });
          expect(res.statusCode).toBe(200);
          // An invalid cookie is replaced by a signed one.
          expect(res.cookies.find((c) => c.name === VIEW)?.value).toMatch(/^[\w-]{24}\.[\w-]{43}$/);
        }
        await ctx.app.inject({
          url: `/api/v1/blogs/${id}/`,
          remoteAddress: '198.51.100.42',
          headers: { 'x-view-session': `reader-session-header-${i}` },
        });
      }
      // The one view counted is 198.51.100.43's first visit.
      expect(await views()).toBe(before + 1);
    });
  });

  it('answers 404 for unknown and unpublished articles', async () => {
    for (const url of ['/api/v1/blogs/slug/no-such-article/', '/api/v1/blogs/999999/']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expectDocumentedErrorShape(res);
    }
  });

  it('lets an admin create, edit, publish and unpublish an article; Markdown is sanitised on render', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs/',
      headers: bearer(admin),
      payload: {
        title: 'Draft: Talking to Children About Donor Conception',
        content:
          '# Start early\n\nSimple words.<script>alert(1)</script><img src="x" onerror="alert(1)">' +
          '\n\n[link](javascript:alert(1))',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft.slug).toBe('draft-talking-to-children-about-donor-conception');
    expect(draft.is_published).toBe(false);
    expect(draft.content_html).not.toMatch(/script|onerror|javascript:/i);
    expect(draft.content_html).toContain('<h2>Start early</h2>');
    expect((await ctx.app.inject({ url: `/api/v1/blogs/${draft.id}/` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: '/api/v1/blogs/' })).json().results.map((b: { id: number }) => b.id),
    ).not.toContain(draft.id);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/blogs/${draft.id}/`,
      headers: bearer(admin),
      payload: {
        title: 'Talking to Children About Donor Conception',
        slug: 'talking-to-children',
        content: 'Start early, in simple words.',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().slug).toBe('talking-to-children');

    const published = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/blogs/${draft.id}/publish/`,
      headers: bearer(admin),
    });
    expect(published.json().is_published).toBe(true);
    expect((await ctx.app.inject({ url: '/api/v1/blogs/slug/talking-to-children/' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/blogs/recent/' })).json()[0].slug).toBe('talking-to-children');

    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs/',
      headers: bearer(admin),
      payload: { title: 'Another', slug: 'talking-to-children', content: 'x' },
    });
    expect(dup.statusCode).toBe(409);

    await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/blogs/${draft.id}/unpublish/`, headers: bearer(admin) });
    expect((await ctx.app.inject({ url: '/api/v1/blogs/slug/talking-to-children/' })).statusCode).toBe(404);
    const all = (await ctx.app.inject({ url: '/api/v1/admin/blogs/', headers: bearer(admin) })).json();
    expect(all.find((b: { id: number }) => b.id === draft.id).is_published).toBe(false);
  });

  it('takes a featured image on this site or on an allowed https host, and refuses any other with the field named', async () => {
    let n = 0;
    const save = (featured_image: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/blogs/',
        headers: bearer(admin),
        payload: { title: `Featured image check ${++n}`, content: 'Body.', featured_image },
      });
    for (const bad of [
      '//evil.com/x.png',
      '/\\evil.com/x.png',
      '/\\/evil.com',
      'javascript:alert(1)',
      'http://images.example.org/x.png',
      'https://evil.com/x.png',
      'https://images.example.org.evil.com/x.png',
      'https://user@images.example.org/x.png',
      'data:image/png;base64,AAAA',
    ]) {
      const res = await save(bad);
      expect(res.statusCode, bad).toBe(400);
      expectDocumentedErrorShape(res);
      expect(res.json().featured_image, bad).toEqual([CONTENT_MSG.featuredImageInvalid]);
    }
    for (const good of [
      '/images/blog/costs.svg',
      'https://images.example.org/blog/x.png',
      'https://localhost:3000/media/abc/800x600',
    ]) {
      const res = await save(good);
      expect(res.statusCode, `${good}: ${res.body}`).toBe(201);
      expect(res.json().featured_image).toBe(good);
    }
  });

  it('previews Markdown for an admin exactly as the article page will render it, scripts removed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs/preview/',
      headers: bearer(admin),
      payload: {
        content:
          '## Before you choose\n\nAsk about **carrier screening**.' +
          '<script>alert(1)</script><img src="x" onerror="alert(2)">',
      },
    });
    expect(res.statusCode).toBe(200);
    const html: string = res.json().content_html;
    expect(html).toContain('<h2>Before you choose</h2>');
    expect(html).toContain('<strong>carrier screening</strong>');
    expect(html).not.toMatch(/<script|onerror/i);
    // Long articles fit: the admin article routes take more than the server's default 64 KiB body.
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs/preview/',
      headers: bearer(admin),
      payload: { content: 'word '.repeat(19_000) },
    });
    expect(long.statusCode).toBe(200);
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs/preview/',
      headers: bearer(admin),
      payload: { content: 'x'.repeat(100_001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().content).toEqual([CONTENT_MSG.articleTooLong]);
  });

  it('refuses the admin endpoints to parents (403) and to visitors (401)', async () => {
    const calls = [
      { method: 'GET', url: '/api/v1/admin/blogs/' },
      { method: 'POST', url: '/api/v1/admin/blogs/', payload: { title: 'Nope', content: 'x' } },
      { method: 'PUT', url: '/api/v1/admin/blogs/1/', payload: { title: 'Nope', content: 'x' } },
      { method: 'POST', url: '/api/v1/admin/blogs/1/publish/' },
      { method: 'POST', url: '/api/v1/admin/blogs/1/unpublish/' },
      {
        method: 'POST',
        url: '/api/v1/admin/team/',
        payload: { name: 'No', designation: 'No', email: 'n@example.com' },
      },
      {
        method: 'PUT',
        url: '/api/v1/admin/team/1/',
        payload: { name: 'No', designation: 'No', email: 'n@example.com' },
      },
      { method: 'DELETE', url: '/api/v1/admin/team/1/' },
      { method: 'POST', url: '/api/v1/admin/blogs/preview/', payload: { content: '# Hi' } },
    ] as const;
    for (const call of calls) {
      const asParent = await ctx.app.inject({ ...call, headers: bearer(parent) });
      expect(asParent.statusCode, `${call.method} ${call.url}`).toBe(403);
      expectDocumentedErrorShape(asParent);
      expect((await ctx.app.inject(call)).statusCode).toBe(401);
    }
  });

  it('lists the team publicly and lets an admin manage it', async () => {
    const team = (await ctx.app.inject({ url: '/api/v1/team/' })).json();
    expect(team.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(team[0]).sort()).toEqual(['designation', 'email', 'id', 'image', 'name', 'small_description']);
    expect(team.every((m: { small_description: string }) => /fictional/i.test(m.small_description))).toBe(true);

    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/team/',
      headers: bearer(admin),
      payload: { name: 'Robin Vale', designation: 'Editor', email: 'robin@kindred.local', small_description: 'Edits.' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/team/${id}/`,
      headers: bearer(admin),
      payload: { name: 'Robin Vale', designation: 'Senior Editor', email: 'robin@kindred.local' },
    });
    expect(edited.json().designation).toBe('Senior Editor');
    expect((await ctx.app.inject({ url: '/api/v1/team/' })).json().some((m: { id: number }) => m.id === id)).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/team/${id}/`, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/team/${id}/`, headers: bearer(admin) })).statusCode,
    ).toBe(404);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/team/',
      headers: bearer(admin),
      payload: { name: 'X', designation: '', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expectDocumentedErrorShape(bad);
  });

  it('serves three illustrative testimonials and the resources with four clinical tiles first', async () => {
    const testimonials = (await ctx.app.inject({ url: '/api/v1/testimonials/' })).json();
    expect(testimonials).toHaveLength(3);
    expect(testimonials.every((t: { context: string }) => /illustrative/i.test(t.context))).toBe(true);
    const resources = (await ctx.app.inject({ url: '/api/v1/resources/' })).json();
    expect(resources.slice(0, 4).map((r: { category: string }) => r.category)).toEqual([
      'clinical',
      'clinical',
      'clinical',
      'clinical',
    ]);
    expect(resources[4].category).toBe('community');
    const names = resources.map((r: { name: string }) => r.name).join(' ');
    for (const body of ['ASRM', 'ACOG', 'ACMG', 'CDC', 'HFEA', 'ESHRE']) expect(names).toContain(body);
    expect(resources.every((r: { url: string }) => r.url.startsWith('https://'))).toBe(true);
  });

  it('publishes a sitemap with every public page and article, and robots.txt', async () => {
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('xml');
    for (const p of [
      '/about',
      '/faqs',
      '/blogs',
      '/pricing',
      '/fertility-guide-steps',
      '/privacy-policy',
      '/terms-conditions',
    ])
      expect(sitemap.body).toContain(`http://localhost:3000${p}</loc>`);
    for (const s of SEEDED_SLUGS) expect(sitemap.body).toContain(`/blogs/${s}</loc>`);
    const robots = await ctx.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});

describe('contact-us', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      rateRules: generousRates({ contact_ip: { points: 4, durationSeconds: 3600 } }),
      supportEmail: 'help@kindred.test',
    });
  });
  afterAll(async () => ctx?.close());

  const token = async () => (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
  const send = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/contact-us/', payload, remoteAddress });

  it('refuses an e-mail that is not exactly one mailbox (a list, a display name, a hidden second address): 400, nothing stored or sent', async () => {
    const before = (await ctx.db.query('select id from contact_messages')).length;
    const mailsBefore = ctx.smtp.received.length;
    for (const [i, email] of [
      'ada@example.com, eve@example.net',
      'ada@example.com;eve@example.net',
      'Ada <eve@example.net>',
      '"ada@example.com" <eve@example.net>',
      'ada@example.com,eve',
      'ada@example.com\nBcc: eve@example.net',
      'ada(eve@example.net)@example.com',
    ].entries()) {
      const form_token = await token();
      ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
      const res = await send({ name: 'Ada', email, question: 'Hello?', form_token }, `10.0.9.${i + 1}`);
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({
        code: 'validation_error',
        message: MSG.emailInvalid,
        email: [MSG.emailInvalid],
      });
    }
    expect((await ctx.db.query('select id from contact_messages')).length).toBe(before);
    await ctx.services.mail.flush();
    expect(ctx.smtp.received.length).toBe(mailsBefore);
  });

  it('stores the message, mails it to the support address and answers 201 {message}', async () => {
    const form_token = await token();
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const res = await send({
      name: 'Morgan',
      email: 'morgan@example.com',
      question: 'Do you work with clinics in Ohio?',
      form_token,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: CONTENT_MSG.contactReceived });
    const rows = await ctx.db.query<{ name: string; question: string }>('select name, question from contact_messages');
    expect(rows).toEqual([{ name: 'Morgan', question: 'Do you work with clinics in Ohio?' }]);
    const mail = await ctx.smtp.waitFor('help@kindred.test');
    expect(mail.raw).toContain('Do you work with clinics in Ohio?');
    expect(mail.raw).toContain('morgan@example.com');
  });

  it("refuses missing fields with 'Please fill in all fields' per field, before the e-mail's one-mailbox check", async () => {
    const form_token = await token();
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const res = await send({ name: '  ', email: 'not-an-email', question: '', form_token }, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expectDocumentedErrorShape(res);
    expect(res.json()).toEqual({
      code: 'validation_error',
      message: 'Please fill in all fields',
      name: ['Please fill in all fields'],
      question: ['Please fill in all fields'],
    });
    // The form has no format check (spec); the API wants one mailbox, since support replies to it (issue 25).
    const oddEmail = await send({ name: 'A', email: 'not-an-email', question: 'Hi', form_token }, '10.0.0.2');
    expect(oddEmail.statusCode).toBe(400);
    expect(oddEmail.json()).toEqual({ code: 'validation_error', message: MSG.emailInvalid, email: [MSG.emailInvalid] });
  });

  it('drops a message whose honeypot is filled, answering as if it were sent', async () => {
    const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from contact_messages'))[0]!.n;
    const form_token = await token();
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const res = await send(
      { name: 'Bot', email: 'bot@example.com', question: 'Buy now', website: 'http://spam.example', form_token },
      '10.0.0.3',
    );
    expect(res.statusCode).toBe(201);
    const after = (await ctx.db.query<{ n: number }>('select count(*)::int as n from contact_messages'))[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses a form sent too quickly, without a token, or with a forged one', async () => {
    const form_token = await token();
    const quick = await send({ name: 'A', email: 'a@example.com', question: 'Q', form_token }, '10.0.0.4');
    expect(quick.statusCode).toBe(400);
    expect(quick.json().form_token).toEqual([CONTENT_MSG.contactTooFast]);
    const missing = await send({ name: 'A', email: 'a@example.com', question: 'Q' }, '10.0.0.4');
    expect(missing.json().form_token).toEqual([CONTENT_MSG.contactTokenInvalid]);
    const forged = await send(
      { name: 'A', email: 'a@example.com', question: 'Q', form_token: `${Date.now() - 60_000}.forged` },
      '10.0.0.4',
    );
    expect(forged.json().form_token).toEqual([CONTENT_MSG.contactTokenInvalid]);
  });

  it('refuses a question over 5,000 characters with a message saying so, under the question', async () => {
    const form_token = await token();
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const long = await send({ name: 'A', email: 'a@example.com', question: 'q'.repeat(5001), form_token }, '10.0.0.5');
    expect(long.statusCode).toBe(400);
    expectDocumentedErrorShape(long);
    const message = 'Please keep your question to 5,000 characters or fewer.';
    expect(long.json()).toEqual({ code: 'validation_error', message, question: [message] });
    const atLimit = await send(
      { name: 'A', email: 'a@example.com', question: 'q'.repeat(5000), form_token },
      '10.0.0.5',
    );
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('limits messages per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await send({ name: 'A', email: 'a@example.com', question: 'Q' }, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[4]).toBe(429);
  });
});
