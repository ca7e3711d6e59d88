import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/**
 * Migration 032 on a database that already has subscriptions: each keeps the price its checkout charged, even when
 * the plan's price changed since, and a subscription written without a price takes the plan's of that moment.
 * (An embedded database: the migration is the same SQL on both.)
 */
describe('migration 032: subscriptions keep the price they were bought at', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('backfills from the checkout and defaults later inserts to the plan price', async () => {
    const before = await mkdtemp(path.join(os.tmpdir(), 'kindred-m032-'));
    dirs.push(before);
    // Every migration before 032 (later ones come after it, as on a real upgrade).
    await cp(MIGRATIONS, before, {
      recursive: true,
      filter: (src) => !/^\d{3}_/.test(path.basename(src)) || Number(path.basename(src).slice(0, 3)) < 32,
    });
    const db = await openPglite('memory://');
    try {
      await migrate(db, before);
      const [user] = await db.query<{ id: string }>(
        `insert into users (email, password_hash, first_name, last_name, phone_number, date_of_birth,
           relationship_to_child, highest_education, race, ethnicity)
         values ('m032@example.com', 'x', 'Mia', 'Stone', '+12025550123', '1990-01-01', 'mother', 'masters',
           'asian', 'hispanic_latino') returning id`,
      );
      const [plan] = await db.query<{ id: string }>(`select id from plans where subscription_type = 'premium'`);
      await db.query(
        `insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, status, provider_status,
           created_at) values ('cs_old', $1, $2, 'test', 149, 'usd', 'completed', 'paid', now())`,
        [user!.id, plan!.id],
      );
      await db.query(
        `insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, started_at,
           current_period_end, updated_at) values ($1, $2, 'cs_old', 'active', 'test', now(), now(), now())`,
        [user!.id, plan!.id],
      );
      // The plan's price goes up before the migration runs: the subscriber still agreed to 149.
      await db.query('update plans set price = 199 where id = $1', [plan!.id]);

      expect((await migrate(db))[0]).toBe('032_subscription_price.sql');
      expect(await db.query('select price, currency from subscriptions')).toEqual([
        { price: '149.00', currency: 'usd' },
      ]);

      await db.query(
        `insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, status, provider_status,
           created_at) values ('cs_new', $1, $2, 'free', 0, 'usd', 'completed', 'paid', now())`,
        [user!.id, plan!.id],
      );
      await db.query(
        `insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, started_at,
           current_period_end, updated_at) values ($1, $2, 'cs_new', 'replaced', 'free', now(), now(), now())`,
        [user!.id, plan!.id],
      );
      expect(await db.query(`select price from subscriptions where checkout_session_id = 'cs_new'`)).toEqual([
        { price: '199.00' },
      ]);
    } finally {
      await db.close();
    }
  });
});
