import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { manualClock } from '../src/lib/clock.ts';
import { pseudonymiseAuditUser } from '../src/modules/audit/audit.repository.ts';
import { auditDiff, createAuditService, REDACTED, type AuditActor } from '../src/modules/audit/audit.service.ts';
import { createTestDb, TEST_DB } from './harness.ts';

/** The audit log's guarantees (issue 15, ADR 022): written with the change, append-only, no secrets. */
describe('audit log', () => {
  let db: Db;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  const actor: AuditActor = { id: '00000000-0000-4000-8000-000000000001', role: 'admin', ip: '203.0.113.7' };
  let audit: ReturnType<typeof createAuditService>;

  beforeAll(async () => {
    db = await createTestDb();
    audit = createAuditService({ db, clock });
  });
  afterAll(() => db.close());

  it('keeps the row of a committed change and drops the row of one that rolled back', async () => {
    await audit.change(actor, async () => ({
      result: null,
      audit: { action: 'plan.update', targetType: 'plan', targetId: 'p1', before: { price: 10 }, after: { price: 12 } },
    }));
    await expect(
      audit.change(actor, async (tx) => {
        await audit.record(tx, actor, { action: 'plan.update', targetType: 'plan', targetId: 'p2' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await audit.list({ limit: 10 });
    expect(rows.map((r) => r.target_id)).toEqual(['p1']);
    expect(rows[0]).toMatchObject({
      actor_id: actor.id,
      actor_role: 'admin',
      action: 'plan.update',
      diff: { price: [10, 12] },
      client_ip: '203.0.113.7',
      at: new Date('2026-03-01T10:00:00Z'),
    });
  });

  it('refuses updates and deletes', async () => {
    await expect(db.query(`update audit_log set reason = 'edited'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`delete from audit_log`)).rejects.toThrow(/append-only/);
    expect((await audit.list({ limit: 10 })).every((r) => r.reason === null)).toBe(true);
  });

  it('refuses TRUNCATE too (a statement-level trigger: row triggers never see it)', async () => {
    const before = (await audit.list({ limit: 100 })).length;
    expect(before).toBeGreaterThan(0);
    await expect(db.query('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await audit.list({ limit: 100 })).toHaveLength(before);
  });

  it.runIf(TEST_DB === 'postgres')(
    "the app's role from the deployment notes inserts and reads audit_log, and cannot update, delete or truncate",
    async () => {
      const role = `kindred_app_${randomBytes(4).toString('hex')}`;
      const roleActor = '00000000-0000-4000-8000-0000000000dd';
      // The grants README.md ("Database roles") gives the application's role, on this test database.
      await db.query(`create role ${role} nologin`);
      try {
        await db.query(`grant usage on schema public to ${role}`);
        await db.query(`grant select, insert on audit_log to ${role}`);
        await db.query(`grant execute on function audit_log_pseudonymise(uuid, uuid) to ${role}`);
        const asApp = (sql: string, params: unknown[] = []) =>
          db.transaction(async (tx) => {
            await tx.query(`set local role ${role}`);
            return tx.query(sql, params);
          });
        await asApp(
          `insert into audit_log (actor_id, actor_role, action, target_type, target_id) values ($1, 'admin', 'plan.update', 'plan', 'p-role')`,
          [roleActor],
        );
        expect(await asApp(`select target_id from audit_log where target_id = 'p-role'`)).toEqual([
          { target_id: 'p-role' },
        ]);
        for (const sql of [
          `update audit_log set reason = 'edited'`,
          `delete from audit_log`,
          `truncate audit_log`,
          `update audit_log set target_id = 'x' where target_id = 'p-role'`,
        ])
          await expect(asApp(sql), sql).rejects.toThrow(/permission denied/);
        // The purge's pseudonymisation still works for that role, through the function only.
        const pseudonym = '00000000-0000-4000-8000-0000000000cc';
        await asApp('select audit_log_pseudonymise($1::uuid, $2::uuid)', [roleActor, pseudonym]);
        expect(await db.query(`select actor_id from audit_log where target_id = 'p-role'`)).toEqual([
          { actor_id: pseudonym },
        ]);
      } finally {
        await db.query(`drop owned by ${role}`);
        await db.query(`drop role ${role}`);
      }
    },
  );

  it('lets an account purge replace an erased id by its pseudonym, and nothing else', async () => {
    const erased = '00000000-0000-4000-8000-0000000000aa';
    const pseudonym = '00000000-0000-4000-8000-0000000000bb';
    await audit.change(actor, async () => ({
      result: null,
      audit: { action: 'user.disable', targetType: 'user', targetId: erased, reason: 'chargeback' },
    }));
    await db.transaction((tx) => pseudonymiseAuditUser(tx, erased, pseudonym));
    const [row] = await audit.list({ limit: 1, targetType: 'user' });
    expect(row!.target_id).toBe(pseudonym);
    // The permission ended with that transaction.
    await expect(db.query(`update audit_log set reason = null`)).rejects.toThrow(/append-only/);
  });

  it('pages newest first by id and filters', async () => {
    for (let i = 0; i < 5; i++)
      await audit.change(actor, async () => ({
        result: null,
        audit: { action: 'donor.availability', targetType: 'donor', targetId: `D${i}` },
      }));
    const first = await audit.list({ limit: 2, action: 'donor.availability' });
    expect(first.map((r) => r.target_id)).toEqual(['D4', 'D3']);
    const next = await audit.list({ limit: 2, action: 'donor.availability', beforeId: first[1]!.id });
    expect(next.map((r) => r.target_id)).toEqual(['D2', 'D1']);
  });
});

describe('auditDiff', () => {
  it('keeps changed fields only and never the value of a secret', () => {
    expect(
      auditDiff(
        { role: 'parent', password_hash: 'argon2id$old', email_verified: false, name: 'A' },
        { role: 'support', password_hash: 'argon2id$new', email_verified: false, name: 'A' },
      ),
    ).toEqual({ role: ['parent', 'support'], password_hash: [REDACTED, REDACTED] });
    expect(auditDiff(null, { price_cents: 1200 })).toEqual({ price_cents: [null, 1200] });
  });
});
