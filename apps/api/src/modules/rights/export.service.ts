import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DATA_RIGHTS_MSG, type DataExportDto } from '@kindred/shared/data-rights.schemas';
import type { Db } from '../../db/db.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import { collectExport } from './export.repository.ts';
import * as repo from './rights.repository.ts';
import type { ExportRow } from './rights.repository.ts';
import { renderExportHtml } from './export.html.ts';
import { exportReadyMail } from './rights.mail.ts';

export const DATA_EXPORT_QUEUE = 'data-export';
/** A preparation job's payload: the requested export (checked on send and when a run starts). */
export const DATA_EXPORT_PAYLOAD = z.object({ id: z.uuid() });
/** How long a prepared export can be downloaded. */
export const EXPORT_TTL_MS = 7 * DAY_MS;
/** Export requests per account in any 24 hours. */
export const EXPORTS_PER_DAY = 3;

type Mail = Pick<MailService, 'enqueue' | 'dispatch'>;

/**
 * Data exports (ADR 019): a request records a `preparing` row and queues the data-export job, which collects the
 * account's data into a JSON file and an HTML summary, stores both, marks the row ready for 7 days and mails the
 * owner in the same transaction. Only the owner reads it (another account gets 404); after expiry it answers 410
 * and the retention job drops its content.
 */
export function createDataExportService(deps: {
  db: Db;
  clock: Clock;
  mail: Mail;
  queue: { send(queue: string, data: object, singletonKey?: string): Promise<boolean> };
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;

  const urlOf = (id: string, ext: 'json' | 'html') => `/api/v1/profile/export/${id}.${ext}`;
  function toDto(r: ExportRow, now: Date): DataExportDto {
    const expired = r.status === 'expired' || (r.status === 'ready' && r.expires_at !== null && r.expires_at <= now);
    const status = expired ? 'expired' : r.status;
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return {
      id: r.id,
      status,
      requested_at: new Date(r.requested_at).toISOString(),
      ready_at: iso(r.ready_at),
      expires_at: iso(r.expires_at),
      json_url: status === 'ready' ? urlOf(r.id, 'json') : null,
      html_url: status === 'ready' ? urlOf(r.id, 'html') : null,
    };
  }

  /** Collects, stores and announces one export; does nothing when it is no longer being prepared. */
  async function prepare(id: string): Promise<void> {
    const row = await repo.findExport(db, id);
    if (row?.status !== 'preparing') return;
    const now = clock.now();
    const file = await collectExport(db, row.user_id, id, now);
    if (!file) return;
    const expires = new Date(now.getTime() + EXPORT_TTL_MS);
    const mail = await db.transaction(async (tx) => {
      const json = JSON.stringify(file, null, 2);
      const done = await repo.markExportReady(tx, id, {
        readyAt: now,
        expiresAt: expires,
        json,
        html: renderExportHtml(file),
      });
      if (!done) return null;
      const template = exportReadyMail(file.account.first_name as string, `${deps.publicUrl}/profile`, expires);
      return deps.mail.enqueue(tx, file.account.email as string, template, { key: `data-export:${id}` });
    });
    deps.mail.dispatch(mail);
  }

  return {
    prepare,

    /** Records a request (at most 3 a day) and queues its preparation; answers at once. */
    async request(userId: string): Promise<DataExportDto> {
      const now = clock.now();
      const since = new Date(now.getTime() - DAY_MS);
      const row = await db.transaction((tx) => repo.insertExportUnderLimit(tx, userId, now, since, EXPORTS_PER_DAY));
      if (!row) {
        const oldest = await repo.oldestExportSince(db, userId, since);
        const retry = oldest ? (oldest.getTime() + DAY_MS - now.getTime()) / 1000 : 3600;
        throw new AppError('rate_limited', DATA_RIGHTS_MSG.exportLimit, 429, {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(retry))) },
        });
      }
      // Not queued (the engine is stopping or not started): prepare it here, after the answer.
      const payload: z.infer<typeof DATA_EXPORT_PAYLOAD> = { id: row.id };
      if (!(await deps.queue.send(DATA_EXPORT_QUEUE, payload, row.id)))
        void prepare(row.id).catch((err: unknown) => deps.log.error({ err, exportId: row.id }, 'data export failed'));
      return toDto(row, now);
    },

    /** The account's exports, newest first. */
    async list(userId: string): Promise<DataExportDto[]> {
      const rows = await repo.listExports(db, userId);
      const now = clock.now();
      return rows.map((r) => toDto(r, now));
    },

    /** The file of one of the owner's exports: 404 for anyone else, 409 while preparing, 410 once expired. */
    async download(userId: string, id: string, format: 'json' | 'html'): Promise<string> {
      const row = await repo.findOwnExportFile(db, userId, id, format);
      if (!row) throw notFound();
      const dto = toDto(row, clock.now());
      if (dto.status === 'expired') throw new AppError('gone', DATA_RIGHTS_MSG.exportExpired, 410);
      if (dto.status !== 'ready' || row.body === null)
        throw new AppError('conflict', DATA_RIGHTS_MSG.exportNotReady, 409);
      return row.body;
    },

    /** Preparations lost with their job (retries spent, engine down): tried again by the retention job. */
    async retryStranded(): Promise<number> {
      const before = new Date(clock.now().getTime() - 10 * 60 * 1000);
      const ids = await repo.strandedExports(db, before);
      for (const id of ids) await prepare(id);
      return ids.length;
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
