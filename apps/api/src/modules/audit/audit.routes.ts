import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import {
  AUDIT_CSV_COLUMNS,
  auditFilterQuery,
  auditListQuery,
  auditPageResponse,
  type AuditEntryDto,
} from '@kindred/shared/console-audit.schemas';
import type { Clock } from '../../lib/clock.ts';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import type { AuditService } from './audit.service.ts';

/** One CSV record of an audit row; the diff as JSON. */
const csvRecord = (e: AuditEntryDto) => ({
  id: e.id,
  at: e.at,
  actor_id: e.actor.id,
  actor_role: e.actor.role,
  actor_name: e.actor.name,
  action: e.action,
  target_type: e.target_type,
  target_id: e.target_id,
  diff: JSON.stringify(e.diff),
  reason: e.reason,
  client_ip: e.client_ip,
});

/** The audit log for administrators (issue 15, ADR 022): filtered pages and the CSV export. */
export async function auditRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; audit: AuditService; clock: Clock },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: opts.guard.requireRole('admin') };
  const security = [{ bearer: [] }];
  const tags = ['admin'];

  app.get(
    '/api/v1/admin/audit/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first: filter by actor (id or e-mail), action, target and time; keyset pages',
        querystring: auditListQuery,
        response: { 200: auditPageResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return opts.audit.page(request.query);
    },
  );

  app.get(
    '/api/v1/admin/audit/export.csv',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'The audit log as CSV (the same filters), streamed; cells that could start a formula are quoted',
        querystring: auditFilterQuery,
      },
    },
    async (request, reply) => {
      const rows = await opts.audit.exportRows(request.query);
      // OWASP's advice for CSV injection: a cell starting with = + - @ (or a tab or carriage return) gets a
      // leading single quote, so a spreadsheet shows it as text instead of running it.
      const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], escape_formulas: true });
      const records = Readable.from(
        (async function* () {
          for await (const row of rows) yield csvRecord(row);
        })(),
      );
      records.on('error', (err) => csv.destroy(err));
      records.pipe(csv);
      const day = opts.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kindred-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
