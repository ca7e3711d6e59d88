import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { manualClock } from '../src/lib/clock.ts';
import { pseudonymiseAuditUser } from '../src/modules/audit/audit.repository.ts';
import { auditDiff, createAuditService, REDACTED, type AuditActor } from '../src/modules/audit/audit.service.ts';
import { createTestDb } from './harness.ts';

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
