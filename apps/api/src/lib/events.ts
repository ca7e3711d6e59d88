import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';

/**
 * Events between instances, through the database every instance already shares (ADR 015).
 *
 * `publish(tx, channel, payload)` is called inside the transaction of the change it announces:
 * - PostgreSQL: `pg_notify`, which the server delivers at commit and drops on rollback, so a change and its
 *   event never disagree. One dedicated connection per instance LISTENs, reconnects with backoff after an
 *   outage and LISTENs again; while it is down, `onReconnect` handlers run so callers can poll what they missed.
 * - PGlite (one process): delivered in-process once the transaction has committed (PGlite runs one
 *   transaction at a time, so a query outside it waits for its end; `txid_status` tells commit from rollback).
 * Payloads are small JSON (ids or a version number): NOTIFY payloads are limited to 8000 bytes.
 */
export type EventBus = {
  publish(tx: Queryable, channel: EventChannel, payload: Record<string, unknown>): Promise<void>;
  subscribe(channel: EventChannel, fn: (payload: Record<string, unknown>) => void): () => void;
  /** Called after the listener (re)connects: events sent while it was away were lost, poll instead. */
  onReconnect(fn: () => void): () => void;
  /** Whether events from other instances currently arrive (false while the listener is reconnecting). */
  readonly connected: boolean;
  close(): Promise<void>;
};

/**
 * kindred_family (issue 29): `{users, kind, ref}`, a partner's change their open app should show.
 * kindred_price_lists (issue 29): `{banks}`, a bank's price list changed: every instance reads the lists again.
 */
export const EVENT_CHANNELS = [
  'kindred_revoke',
  'kindred_catalogue',
  'kindred_notify',
  'kindred_family',
  'kindred_price_lists',
] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];
/** NOTIFY refuses payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;

/** Instances sharing one Db object in this process (tests, PGlite) hear each other through one emitter. */
const local = new WeakMap<Db, EventEmitter>();
const emitterOf = (db: Db) => {
  let e = local.get(db);
  if (!e) {
    e = new EventEmitter();
    e.setMaxListeners(0);
    local.set(db, e);
  }
  return e;
};

type Options = { db: Db; databaseUrl?: string; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> };

export function createEventBus(opts: Options): EventBus {
  return opts.db.kind === 'postgres' && opts.databaseUrl ? postgresBus(opts, opts.databaseUrl) : inProcessBus(opts);
}

function encode(payload: Record<string, unknown>): string {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error('event payload over 7900 bytes: send ids in parts');
  return text;
}

function inProcessBus(opts: Options): EventBus {
  const emitter = emitterOf(opts.db);
  return {
    connected: true,
    async publish(tx, channel, payload) {
      const text = encode(payload);
      const [row] = await tx.query<{ id: string }>('select txid_current()::text as id');
      // Runs once the surrounding transaction has ended (PGlite queues it behind the transaction).
      void opts.db
        .query<{ s: string | null }>('select txid_status($1::bigint) as s', [row!.id])
        .then((r) => {
          if (r[0]?.s === 'committed') emitter.emit(channel, JSON.parse(text));
        })
        .catch((err: unknown) => opts.log.error({ err, channel }, 'event delivery failed'));
    },
    subscribe(channel, fn) {
      emitter.on(channel, fn);
      return () => emitter.off(channel, fn);
    },
    onReconnect: () => () => undefined,
    close: async () => undefined,
  };
}

function postgresBus(opts: Options, url: string): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const reconnected = new Set<() => void>();
  let client: pg.Client | undefined;
  let connected = false;
  let everConnected = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (closed || timer) return;
    // 100 ms, 200 ms … up to 5 s: quick after a blip, gentle during a long outage.
    const delay = Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  };

  async function connect() {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, keepAlive: true });
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = undefined;
      connected = false;
      if (!closed) opts.log.warn({ err }, 'event listener lost its connection; reconnecting');
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (!n.payload) return;
      try {
        emitter.emit(n.channel, JSON.parse(n.payload));
      } catch (err) {
        opts.log.error({ err, channel: n.channel }, 'event handler failed');
      }
    });
    try {
      client = c;
      await c.connect();
      for (const channel of EVENT_CHANNELS) await c.query(`listen ${channel}`);
      if (closed) return void c.end().catch(() => undefined);
      connected = true;
      attempt = 0;
      if (!everConnected) return void (everConnected = true);
      opts.log.info('event listener reconnected');
      for (const fn of reconnected) fn();
    } catch (err) {
      lost(err);
    }
  }
  const started = connect();

  return {
    get connected() {
      return connected;
    },
    async publish(tx, channel, payload) {
      await tx.query('select pg_notify($1, $2)', [channel, encode(payload)]);
    },
    subscribe(channel, fn) {
      emitter.on(channel, fn);
      return () => emitter.off(channel, fn);
    },
    onReconnect(fn) {
      reconnected.add(fn);
      return () => reconnected.delete(fn);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await started;
      const c = client;
      client = undefined;
      connected = false;
      await c?.end().catch(() => undefined);
    },
  };
}
