import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { Db, Queryable } from '../src/db/db.ts';
import {
  buildExtraApp,
  createTestContext,
  generousRates,
  isCodeMail,
  newParent,
  waitForNth,
  type TestContext,
} from './harness.ts';

/** The statements each request ran, in order, until its answer came back. */
const statements = new AsyncLocalStorage<string[]>();

/** `db` recording every statement (its text) into the current request's list. */
function recording(db: Db): Db {
  const rec = (q: Queryable): Queryable => ({
    query: (sql, params, options) => {
      statements.getStore()?.push(sql.replace(/\s+/g, ' ').trim());
      return q.query(sql, params, options);
    },
  });
  return new Proxy(db, {
    get(target, key) {
      if (key === 'query') return rec(target).query;
      if (key === 'transaction')
        return <T>(fn: (tx: Queryable) => Promise<T>) => target.transaction((tx) => fn(rec(tx)));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Recovery must not tell an account from an unknown address by its timing (issue 13: 1–4 ms apart). Asserted
 * structurally rather than with a stopwatch, so it cannot flake on a busy machine: up to its answer, a request for
 * an unknown address runs exactly the statements a request for an account runs, in the same order (the mail row's
 * insert included: it inserts nothing), and the code mail's delivery starts only after the answer.
 */
describe('forgot-password and resend do the same work for unknown addresses', () => {
  let ctx: TestContext;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext();
    app = await buildExtraApp(ctx, { db: recording(ctx.db), rateRules: generousRates() });
  });
  afterAll(async () => {
    await app?.close();
    await ctx.close();
  });

  async function run(url: string, payload: object) {
    const seen: string[] = [];
    const res = await statements.run(seen, async () => await app.inject({ method: 'POST', url, payload }));
    const before = [...seen];
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json().token as string, statements: before };
  }
  const forgot = (email: string) => run('/api/v1/auth/forgot-password/', { email });
  const resend = (token: string) => run(`/api/v1/auth/resend-otp/?token=${encodeURIComponent(token)}`, {});
  const mailRows = async (to: string) =>
    Number(
      (
        await ctx.db.query<{ n: number }>('select count(*)::int as n from mail_messages where to_address = $1', [to])
      )[0]!.n,
    );

  it('the same statements in the same order, up to the answer', async () => {
    const p = await newParent(app);
    const ghost = `nobody.${Date.now()}@example.com`;

    const known = await forgot(p.email);
    const unknown = await forgot(ghost);
    expect(known.statements.length).toBeGreaterThanOrEqual(5);
    expect(unknown.statements).toEqual(known.statements);
    // The statement list covers the mail row's insert, and only the account got one, and its code.
    expect(known.statements.some((s) => s.startsWith('insert into mail_messages'))).toBe(true);
    await waitForNth(ctx.smtp, p.email, 1, isCodeMail);
    expect(await mailRows(ghost)).toBe(0);

    const knownAgain = await resend(known.token);
    const unknownAgain = await resend(unknown.token);
    expect(unknownAgain.statements).toEqual(knownAgain.statements);
    await waitForNth(ctx.smtp, p.email, 2, isCodeMail);
  });
});
