import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectExport } from '../src/modules/rights/export.repository.ts';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  newParent,
  waitForNth,
  type ReceivedMail,
  type TestContext,
} from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, saveProfile, seedCatalogue } from './matching-helpers.ts';
import { quickParents } from './appointments-helpers.ts';
import { connect } from './ws-client.ts';

type Parent = Awaited<ReturnType<typeof newParent>>;
type Item = {
  donor_reference_id: string;
  added_by: string[];
  match: { overall_match_percentage: number; carrier_report: { condition?: string }[] } | null;
  ratings: { mine: string | null; partner: string | null; agreement: string };
  notes: { id: string; author: string; author_name: string; body: string; shared: boolean }[];
  price_list: { currency: string } | null;
};

/** The accept link's token from the invitation mail (quoted-printable undone). */
function inviteToken(mail: ReceivedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /family\/accept\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error('no accept link in the mail');
  return decodeURIComponent(m[1]!);
}

/** Decide together (issue 29, ADR 028): linking, consent, the shared shortlist, ratings, notes and sharing rules. */
describe('family', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = ctx.app.server.address() as { port: number };
    base = `ws://127.0.0.1:${addr.port}/ws/realtime-matching/`;
  });
  afterAll(async () => ctx.close());

  const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
  const state = async (p: Parent) => (await req(p.access, 'GET', '/api/v1/family/')).json();
  const shortlist = async (p: Parent, qs = '') => {
    const res = await req(p.access, 'GET', `/api/v1/family/shortlist/${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { scored_with: Record<string, unknown> | null; partner_name: string; items: Item[] };
  };
  const consentRows = (userId: string, kind: string) =>
    ctx.db.query<{ scope: string; granted: boolean }>(
      'select scope, granted from consent_events where user_id = $1 and kind = $2 order by id',
      [userId, kind],
    );

  async function link(a: Parent, b: Parent): Promise<string> {
    const isInvite = (m: ReceivedMail) => /decide together/i.test(m.raw);
    const n = ctx.smtp.received.filter((m) => m.to.includes(b.email) && isInvite(m)).length + 1;
    const sent = await req(a.access, 'POST', '/api/v1/family/invites/', { email: b.email, consent: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = inviteToken(await waitForNth(ctx.smtp, b.email, n, isInvite));
    const ok = await req(b.access, 'POST', '/api/v1/family/invites/accept/', { token, consent: true });
    expect(ok.statusCode, ok.body).toBe(200);
    return ok.json().family.id as string;
  }

  let a: Parent; // premium, with a set naming their own carrier condition
  let b: Parent; // no plan, no set
  let refs: string[];
  let familyId: string;

  it('invites by e-mail, previews and accepts with both consents; bad input is 4xx', async () => {
    const plans = await planIds(ctx.db);
    a = await newParent(ctx.app, { first_name: 'Alex' });
    b = await newParent(ctx.app, { first_name: 'Blair' });
    await buyWithTestCheckout(ctx.app, a.access, plans.premium);
    const profileId = await saveProfile(ctx.app, a.access, eggPrefs({ user_genetic_conditions: ['cystic_fibrosis'] }));
    refs = ((await findMatches(ctx.app, a.access, profileId)).json().matches as { donor_reference_id: string }[])
      .slice(0, 4)
      .map((m) => m.donor_reference_id);
    expect(refs).toHaveLength(4);

    // Without consent, to oneself, to a junk address: 400 in the documented shape.
    const noConsent = await req(a.access, 'POST', '/api/v1/family/invites/', { email: b.email });
    expect(noConsent.statusCode).toBe(400);
    expect(Object.keys(noConsent.json().errors ?? noConsent.json())).toContain('consent');
    expectDocumentedErrorShape(noConsent);
    expect((await req(a.access, 'POST', '/api/v1/family/invites/', { email: a.email, consent: true })).statusCode).toBe(
      400,
    );
    expect((await req(a.access, 'POST', '/api/v1/family/invites/', { email: 'nope', consent: true })).statusCode).toBe(
      400,
    );
    expect((await state(a)).family).toBeNull();

    const sent = await req(a.access, 'POST', '/api/v1/family/invites/', { email: b.email, consent: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().invite.email).toBe(b.email);
    const mail = await waitForNth(ctx.smtp, b.email, 1, (m) => /decide together/i.test(m.raw));
    expect(mail.raw).toMatch(/Alex/);
    // The stored copy withholds the token.
    const token = inviteToken(mail);
    const stored = await ctx.db.query<{ text_body: string }>(
      "select text_body from mail_messages where kind = 'partner_invite' and to_address = $1",
      [b.email],
    );
    expect(stored[0]!.text_body).not.toContain(token);

    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/family/invites/preview/',
      payload: { token },
    });
    expect(preview.json()).toMatchObject({ inviter_name: expect.stringContaining('Alex'), email: b.email });
    const junk = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/family/invites/preview/',
      payload: { token: 'x'.repeat(40) },
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().errors?.token ?? junk.json().token).toBeTruthy();

    // Another account cannot accept an invitation sent to someone else; consent is required.
    const stranger = await newParent(ctx.app);
    const wrong = await req(stranger.access, 'POST', '/api/v1/family/invites/accept/', { token, consent: true });
    expect(wrong.statusCode).toBe(403);
    expect((await req(b.access, 'POST', '/api/v1/family/invites/accept/', { token })).statusCode).toBe(400);
    expect((await state(a)).family).toBeNull();

    const ok = await req(b.access, 'POST', '/api/v1/family/invites/accept/', { token, consent: true });
    expect(ok.statusCode, ok.body).toBe(200);
    familyId = ok.json().family.id;
    expect(
      ok.json().family.members.map((m: { first_name: string; is_me: boolean }) => [m.first_name, m.is_me]),
    ).toEqual([
      ['Blair', true],
      ['Alex', false],
    ]);
    expect((await state(a)).family.id).toBe(familyId);
    // Both consents recorded in the consent log, scoped to the family; not listed among the profile's consents.
    expect(await consentRows(a.id, 'partner_link')).toEqual([{ scope: familyId, granted: true }]);
    expect(await consentRows(b.id, 'partner_link')).toEqual([{ scope: familyId, granted: true }]);
    const listed = (await req(b.access, 'GET', '/api/v1/profile/consents/')).json().consents as { kind: string }[];
    expect(listed.map((c) => c.kind)).not.toContain('partner_link');
    // Nor can a family consent be changed through the consents route.
    const viaRoute = await req(b.access, 'POST', '/api/v1/profile/consents/', {
      kind: 'partner_link',
      scope: familyId,
      granted: false,
    });
    expect(viaRoute.statusCode).toBe(400);

    // The link works once; a linked parent cannot be linked again.
    expect((await req(b.access, 'POST', '/api/v1/family/invites/accept/', { token, consent: true })).statusCode).toBe(
      400,
    );
    expect(
      (await req(a.access, 'POST', '/api/v1/family/invites/', { email: stranger.email, consent: true })).statusCode,
    ).toBe(409);
  });

  it('a partner without a plan sees and shortlists the donors the family revealed; nothing else', async () => {
    const revealed = (await req(b.access, 'GET', '/api/v1/family/revealed/')).json().donors as {
      donor_reference_id: string;
      revealed_by: string[];
    }[];
    expect(revealed.length).toBeGreaterThanOrEqual(4);
    expect(revealed.every((d) => d.revealed_by.join() === 'partner')).toBe(true);
    // b reveals nothing of their own (no plan): find-matches needs a plan, as before.
    const add = (p: Parent, ref: string) =>
      req(p.access, 'POST', '/api/v1/family/shortlist/', { donor_reference_id: ref });
    expect((await add(b, refs[0]!)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await add(a, refs[1]!)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await add(a, refs[2]!)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await add(b, refs[3]!)).statusCode).toBe(200);
    // A donor nobody in the family was shown is 404, like one that does not exist.
    const unseen = (
      await ctx.db.query<{ reference_id: string }>(
        `select reference_id from donors d where not exists (select 1 from revealed_donors r where r.donor_id = d.id)
       limit 1`,
      )
    )[0]!.reference_id;
    expect((await add(b, unseen)).statusCode).toBe(404);
    expect((await add(b, 'not a ref')).statusCode).toBe(400);

    const list = await shortlist(b);
    expect(list.items.map((i) => i.donor_reference_id).sort()).toEqual([...refs].sort());
    expect(list.items.find((i) => i.donor_reference_id === refs[0])!.added_by).toEqual(['me']);
    // Each donor carries its bank's price list for the all-in estimate (issue 29), null where the bank lists none.
    await ctx.services.priceLists.seedDemo();
    const lists = await ctx.services.priceLists.byBank();
    const banks = new Map(
      (
        await ctx.db.query<{ reference_id: string; bank_name: string }>(
          'select reference_id, bank_name from donors where reference_id = any($1::text[])',
          [refs],
        )
      ).map((r) => [r.reference_id, r.bank_name]),
    );
    const priced = (await shortlist(b)).items;
    for (const i of priced) {
      const list = lists.get(banks.get(i.donor_reference_id)!);
      expect(i.price_list?.currency ?? null, i.donor_reference_id).toBe(list?.currency ?? null);
    }
    expect(priced.some((i) => i.price_list !== null)).toBe(true);
    // b has no set of their own and a shared none yet: nothing to score with, and the page can say so.
    expect(list.scored_with).toBeNull();
    expect(list.items.every((i) => i.match === null)).toBe(true);
  });

  it("shares a set without the owner's health answers unless the owner consents when sharing", async () => {
    const setId = (await state(a)).sets[0].id as string;
    const mine = await shortlist(a);
    expect(mine.scored_with).toMatchObject({ id: setId, owner: 'me', includes_health_answers: true });
    const cfIn = (items: Item[]) => items.some((i) => JSON.stringify(i.match?.carrier_report ?? []).includes('cystic'));
    expect(cfIn(mine.items)).toBe(true);

    // b cannot score with a's set until a shares it.
    expect((await req(b.access, 'GET', `/api/v1/family/shortlist/?set_id=${setId}`)).statusCode).toBe(400);
    // b cannot share a's set.
    const notHers = await req(b.access, 'POST', '/api/v1/family/shared-sets/', {
      preference_set_id: setId,
      include_health_answers: true,
    });
    expect(notHers.statusCode).toBe(400);

    const shared = await req(a.access, 'POST', '/api/v1/family/shared-sets/', {
      preference_set_id: setId,
      include_health_answers: false,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const without = await shortlist(b);
    expect(without.scored_with).toMatchObject({
      id: setId,
      owner: 'partner',
      owner_name: 'Alex',
      includes_health_answers: false,
    });
    expect(without.items.every((i) => i.match !== null)).toBe(true);
    expect(cfIn(without.items)).toBe(false);
    expect(await consentRows(a.id, 'family_set_health')).toEqual([{ scope: setId, granted: false }]);

    await req(a.access, 'POST', '/api/v1/family/shared-sets/', {
      preference_set_id: setId,
      include_health_answers: true,
    });
    const withHealth = await shortlist(b);
    expect(withHealth.scored_with).toMatchObject({ includes_health_answers: true });
    expect(cfIn(withHealth.items)).toBe(true);
    expect((await consentRows(a.id, 'family_set_health')).at(-1)).toEqual({ scope: setId, granted: true });

    // Unsharing withdraws the consent and takes the set from b's choices.
    expect((await req(a.access, 'DELETE', `/api/v1/family/shared-sets/${setId}/`)).statusCode).toBe(200);
    expect((await consentRows(a.id, 'family_set_health')).at(-1)).toEqual({ scope: setId, granted: false });
    expect((await shortlist(b)).scored_with).toBeNull();
    expect((await req(a.access, 'DELETE', `/api/v1/family/shared-sets/${setId}/`)).statusCode).toBe(404);
    await req(a.access, 'POST', '/api/v1/family/shared-sets/', {
      preference_set_id: setId,
      include_health_answers: false,
    });
  });

  it('rates Yes / Maybe / No, sorts by agreement, filters to disagreement; the partner hears it live', async () => {
    const rate = (p: Parent, ref: string, rating: unknown) =>
      req(p.access, 'PUT', '/api/v1/family/ratings/', { donor_reference_id: ref, rating });
    const socket = connect(`${base}?token=${b.access}`);
    await socket.opened;
    expect((await socket.nth(1)).type).toBe('connection_established');

    expect((await rate(a, refs[1]!, 'yes')).statusCode).toBe(200);
    const heard = await socket.nth(2);
    expect(heard).toEqual({ type: 'family_update', data: { kind: 'rating', donor_reference_id: refs[1] } });
    socket.ws.close();

    // The partner is notified once per donor (issue 28's notify; kind partner_activity), never with health data.
    await rate(a, refs[1]!, 'yes');
    const told = await ctx.db.query<{ title: string }>(
      "select title from notifications where user_id = $1 and kind = 'partner_activity' and title like '%rated%'",
      [b.id],
    );
    expect(told.map((n) => n.title)).toEqual([`Alex rated donor ${refs[1]}`]);
    await rate(b, refs[1]!, 'yes'); // both yes
    await rate(a, refs[2]!, 'yes');
    await rate(b, refs[2]!, 'no'); // disagree
    await rate(a, refs[3]!, 'maybe'); // pending (b has not rated)
    await rate(a, refs[0]!, 'no');
    await rate(b, refs[0]!, 'no'); // agree on no

    expect((await rate(a, refs[0]!, 'love it')).statusCode).toBe(400);
    expect((await rate(a, 'ZZZZ-0000', 'yes')).statusCode).toBe(404);

    const sorted = await shortlist(a);
    expect(sorted.items.map((i) => [i.donor_reference_id, i.ratings.agreement])).toEqual([
      [refs[1], 'both_yes'],
      [refs[0], 'agree'],
      [refs[3], 'pending'],
      [refs[2], 'disagree'],
    ]);
    expect(sorted.items[0]!.ratings).toEqual({ mine: 'yes', partner: 'yes', agreement: 'both_yes' });
    const theirs = (await shortlist(b)).items.find((i) => i.donor_reference_id === refs[3])!;
    expect(theirs.ratings).toEqual({ mine: null, partner: 'maybe', agreement: 'pending' });

    const disagree = await shortlist(a, '?filter=disagree');
    expect(disagree.items.map((i) => i.donor_reference_id)).toEqual([refs[2]]);
    expect((await req(a.access, 'GET', '/api/v1/family/shortlist/?filter=maybe')).statusCode).toBe(400);
    // Clearing a rating.
    await rate(a, refs[3]!, null);
    expect((await shortlist(a)).items.find((i) => i.donor_reference_id === refs[3])!.ratings.mine).toBeNull();
  });

  it('keeps private notes to their author and shows shared ones to both, with the author', async () => {
    const note = (p: Parent, body: unknown, shared: unknown, ref = refs[1]) => {
      ctx.clock.advance(1000);
      return req(p.access, 'POST', '/api/v1/family/notes/', { donor_reference_id: ref, body, shared });
    };
    expect((await note(a, 'Only for me', false)).statusCode).toBe(200);
    expect((await note(a, 'Love the essay', true)).statusCode).toBe(200);
    expect((await note(b, 'Same here', true)).statusCode).toBe(200);
    expect((await note(a, '   ', true)).statusCode).toBe(400);
    expect((await note(a, 'x'.repeat(2001), true)).statusCode).toBe(400);
    expect((await note(a, 'hi', 'yes')).statusCode).toBe(400);

    const notesOf = async (p: Parent) =>
      (await shortlist(p)).items.find((i) => i.donor_reference_id === refs[1])!.notes;
    expect((await notesOf(a)).map((n) => [n.body, n.author, n.shared])).toEqual([
      ['Only for me', 'me', false],
      ['Love the essay', 'me', true],
      ['Same here', 'partner', true],
    ]);
    const seenByB = await notesOf(b);
    expect(seenByB.map((n) => [n.body, n.author_name])).toEqual([
      ['Love the essay', 'Alex'],
      ['Same here', 'Blair'],
    ]);
    // b cannot delete a's note (404 as if it did not exist); a can.
    const aShared = seenByB[0]!.id;
    expect((await req(b.access, 'DELETE', `/api/v1/family/notes/${aShared}/`)).statusCode).toBe(404);
    expect((await req(b.access, 'DELETE', '/api/v1/family/notes/not-a-uuid/')).statusCode).toBe(400);
    expect((await req(a.access, 'DELETE', `/api/v1/family/notes/${aShared}/`)).statusCode).toBe(200);
    expect((await notesOf(b)).map((n) => n.body)).toEqual(['Same here']);
    await note(a, 'Love the essay', true);
  });

  it('compares up to four shortlisted donors with both ratings and notes', async () => {
    const res = await req(a.access, 'GET', `/api/v1/family/compare/?ids=${refs.join(',')}`);
    expect(res.statusCode, res.body).toBe(200);
    const donors = res.json().donors as (Item & { donor: { reference_id: string } })[];
    expect(donors.map((d) => d.donor.reference_id)).toEqual(refs);
    expect(donors[1]!.ratings.agreement).toBe('both_yes');
    expect(donors[1]!.notes.length).toBe(3);
    // b (no plan) compares the same donors, scored against the set a shared (without a's health answers).
    const forB = (await req(b.access, 'GET', `/api/v1/family/compare/?ids=${refs.join(',')}`)).json();
    expect(forB.scored_with).toMatchObject({ owner: 'partner', includes_health_answers: false });
    expect(forB.donors[1].notes.map((n: { body: string }) => n.body)).toEqual(['Same here', 'Love the essay']);

    const five = await req(a.access, 'GET', `/api/v1/family/compare/?ids=${[...refs, 'ABCD-1234'].join(',')}`);
    expect(five.statusCode).toBe(400);
    expect((await req(a.access, 'GET', '/api/v1/family/compare/?ids=')).statusCode).toBe(400);
    expect((await req(a.access, 'GET', '/api/v1/family/compare/?ids=ZZZZ-0000')).statusCode).toBe(404);
  });

  it('a donor compared on the family page tells the parent of its updates, though only the partner starred it', async () => {
    // refs[1] is on the shortlist by a's star alone: b neither starred it nor had it revealed, but compared it above.
    const [admin] = await quickParents(ctx, 1, 'admin');
    const posted = await req(admin!.access, 'POST', `/api/v1/admin/donors/${refs[1]}/updates/`, {
      kind: 'availability',
      text: 'Reserved until spring.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await ctx.services.donorUpdates.fanOut();
    const told = await ctx.db.query<{ user_id: string }>(
      `select user_id from notifications where kind = 'donor_update' and user_id = any($1::uuid[])`,
      [[a.id, b.id]],
    );
    expect(told.map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
    const file = (await collectExport(ctx.db, b.id, 'test-export', ctx.clock.now()))!;
    expect(file.donor_comparisons.map((c) => c.donor_reference_id).sort()).toEqual([...refs].sort());
  });

  it("exports the family's notes with their authors", async () => {
    const file = (await collectExport(ctx.db, b.id, 'test-export', ctx.clock.now()))!;
    expect(file.family_links).toEqual([expect.objectContaining({ partner_first_name: 'Alex' })]);
    expect(file.family_notes.map((n) => [n.body, n.written_by_you])).toEqual([
      ['Same here', true],
      ['Love the essay', false],
    ]);
    expect(file.family_notes.find((n) => n.body === 'Love the essay')!.author).toMatch(/^Alex /);
    // a's private note is a's alone.
    expect(JSON.stringify(file)).not.toContain('Only for me');
    expect(file.family_ratings.length).toBe(3);
    expect(file.consents.some((c) => c.kind === 'partner_link')).toBe(true);
  });

  it('leaving unlinks both; each keeps their favourites, sets, ratings and notes', async () => {
    const before = (await req(a.access, 'GET', '/api/v1/donors/favourites/')).json().favourites.length;
    const left = await req(b.access, 'POST', '/api/v1/family/leave/');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().family).toBeNull();
    expect((await state(a)).family).toBeNull();
    expect((await req(a.access, 'GET', '/api/v1/family/shortlist/')).statusCode).toBe(409);
    expect((await req(b.access, 'POST', '/api/v1/family/leave/')).statusCode).toBe(409);
    expect((await req(a.access, 'GET', '/api/v1/donors/favourites/')).json().favourites.length).toBe(before);
    expect((await state(a)).sets).toHaveLength(1);
    expect((await consentRows(b.id, 'partner_link')).at(-1)).toEqual({ scope: familyId, granted: false });
    // The authors keep their notes (their export still lists them), the former partner no longer sees them.
    const file = (await collectExport(ctx.db, b.id, 'x', ctx.clock.now()))!;
    expect(file.family_notes.map((n) => n.body)).toEqual(['Same here']);
    expect(file.family_links).toEqual([]);
  });

  it('deleting an account unlinks it and removes its notes and ratings', async () => {
    const c = await newParent(ctx.app, { first_name: 'Casey' });
    const d = await newParent(ctx.app, { first_name: 'Dana' });
    await link(c, d);
    const plans = await planIds(ctx.db);
    await buyWithTestCheckout(ctx.app, c.access, plans.premium);
    const profileId = await saveProfile(ctx.app, c.access, eggPrefs());
    const ref = (await findMatches(ctx.app, c.access, profileId)).json().matches[0].donor_reference_id as string;
    await req(d.access, 'POST', '/api/v1/family/shortlist/', { donor_reference_id: ref });
    await req(d.access, 'PUT', '/api/v1/family/ratings/', { donor_reference_id: ref, rating: 'yes' });
    await req(d.access, 'POST', '/api/v1/family/notes/', { donor_reference_id: ref, body: 'Dana says', shared: true });
    await req(c.access, 'POST', '/api/v1/family/notes/', { donor_reference_id: ref, body: 'Casey says', shared: true });

    const del = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/delete/',
      headers: bearer(d.access),
      payload: { password: d.password },
    });
    expect(del.statusCode, del.body).toBe(202);
    expect((await state(c)).family).toBeNull();
    const left = await ctx.db.query<{ n: number }>(
      `select (select count(*) from family_notes where user_id = $1)::int
            + (select count(*) from family_ratings where user_id = $1)::int as n`,
      [d.id],
    );
    expect(left[0]!.n).toBe(0);
    const cNotes = await ctx.db.query<{ body: string }>('select body from family_notes where user_id = $1', [c.id]);
    expect(cNotes.map((r) => r.body)).toEqual(['Casey says']);
  });

  it('is a parent feature: anonymous 401; and a missing family is a clear 409', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/family/' })).statusCode).toBe(401);
    const lone = await newParent(ctx.app);
    const res = await req(lone.access, 'PUT', '/api/v1/family/ratings/', {
      donor_reference_id: refs[0],
      rating: 'yes',
    });
    expect(res.statusCode).toBe(409);
    expectDocumentedErrorShape(res);
    expect((await state(lone)).family).toBeNull();
    // Withdrawing an invitation records the withdrawal of the consent given with it.
    await req(lone.access, 'POST', '/api/v1/family/invites/', { email: 'someone@example.com', consent: true });
    expect((await state(lone)).invite.email).toBe('someone@example.com');
    expect((await req(lone.access, 'DELETE', '/api/v1/family/invites/')).json().invite).toBeNull();
    expect((await consentRows(lone.id, 'partner_link')).map((r) => r.granted)).toEqual([true, false]);
  });
});
