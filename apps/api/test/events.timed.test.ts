import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../src/lib/events.ts';
import { createTestDb, TEST_DB } from './harness.ts';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;
const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

/** Events between instances: delivered at commit, never for a rolled-back change, and after a lost connection. */
describe('events between instances', () => {
  let db: TestDb;
  let sender: EventBus;
  let receiver: EventBus;
  const received: Record<string, unknown>[] = [];
  let reconnects = 0;

  beforeAll(async () => {
    db = await createTestDb();
    const log = pino({ level: process.env.EVENTS_DEBUG ? 'debug' : 'silent' });
    sender = createEventBus({ db, databaseUrl: db.url, log });
    receiver = createEventBus({ db, databaseUrl: db.url, log });
    receiver.subscribe('kindred_catalogue', (p) => received.push(p));
    receiver.onReconnect(() => (reconnects += 1));
    await waitFor(() => sender.connected && receiver.connected, 5000);
  });
  afterAll(async () => {
    await sender?.close();
    await receiver?.close();
    await db?.close();
  });

  it('delivers an event published in a transaction once it commits, and never one rolled back', async () => {
    await db
      .transaction(async (tx) => {
        await sender.publish(tx, 'kindred_catalogue', { version: -1 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await sender.publish(tx, 'kindred_catalogue', { version: 1 });
      await new Promise((r) => setTimeout(r, 100));
      // Not before the commit.
      expect(received).toEqual([]);
    });
    expect(await waitFor(() => received.length > 0, 2000)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual([{ version: 1 }]);
  });

  it.runIf(TEST_DB === 'postgres')(
    'listens again after its connection is killed, and tells subscribers to catch up',
    async () => {
      const killed = await db.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
         where datname = current_database() and query like 'listen %'`,
      );
      expect(killed.length).toBe(2);
      expect(await waitFor(() => reconnects === 1 && receiver.connected, 5000)).toBe(true);
      await db.transaction((tx) => sender.publish(tx, 'kindred_catalogue', { version: 2 }));
      expect(await waitFor(() => received.some((p) => p.version === 2), 2000)).toBe(true);
    },
  );
});
