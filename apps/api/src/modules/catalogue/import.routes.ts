import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  donorImportFailureSchema,
  donorImportRequestSchema,
  donorImportResponseSchema,
  IMPORT_MAX_BYTES,
} from '@kindred/shared/catalogue.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FamilyLedgerService } from '../family-ledger/family-ledger.service.ts';
import type { ImportService } from './import.service.ts';

/** Errors listed in one answer; `invalid_rows` still counts them all. */
export const IMPORT_MAX_ERRORS = 1000;

/** Donor import for partner banks' data: admins (any bank) and clinic accounts (their own bank only). */
export async function importRoutes(
  root: FastifyInstance,
  opts: {
    guard: AuthGuard;
    imports: ImportService;
    audit: Pick<AuditService, 'record'>;
    ledger?: Pick<FamilyLedgerService, 'linkCrossReferenced'>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/admin/donors/import/',
    {
      onRequest: opts.guard.requireRole('admin', 'clinic'),
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['catalogue'],
        security: [{ bearer: [] }],
        summary:
          'Import donors from CSV or JSON (admin, clinic): bad rows are reported as {row, field, error} and ' +
          'skipped; idempotent by bank_name + bank_donor_id. dry_run: report only, write nothing. A real import ' +
          'writes the audit row donor.import (counts only) in its transaction',
        body: donorImportRequestSchema,
        response: {
          200: donorImportResponseSchema,
          400: donorImportFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const { format, data } = request.body;
      const dryRun = request.body.dry_run === true;
      const actor = auditActor(request);
      const result = await opts.imports.importAs(currentUser(request), format, data, {
        dryRun,
        within: async (tx, counts) => {
          await opts.audit.record(tx, actor, {
            action: 'donor.import',
            targetType: 'catalogue',
            after: { format, inserted: counts.inserted, updated: counts.updated, rows: counts.rows },
            reason: counts.invalidRows > 0 ? `${counts.invalidRows} rows rejected` : null,
          });
          // Records a bank cross-references are counted together (issue 28); a hold this causes is audited too.
          // Only imports that carry a cross-reference look (the lookup reads stored records).
          if (counts.crossReferenced > 0 && opts.ledger)
            for (const entry of await opts.ledger.linkCrossReferenced(tx)) await opts.audit.record(tx, actor, entry);
        },
      });
      const body = {
        dry_run: dryRun,
        inserted: result.inserted,
        updated: result.updated,
        rows: result.rows,
        invalid_rows: result.invalidRows,
        errors: result.errors.slice(0, IMPORT_MAX_ERRORS),
      };
      if (result.inserted + result.updated === 0) {
        const message =
          result.rows === 0 && result.errors.length === 0
            ? 'The file contains no donors.'
            : 'No row could be imported. See errors.';
        return reply
          .code(400)
          .send({ success: false, message, code: 'import_rejected', non_field_errors: [message], ...body });
      }
      const counts = `${result.inserted + result.updated} donors (${result.inserted} new, ${result.updated} updated)`;
      const rejected = result.invalidRows > 0 ? `; ${result.invalidRows} rows were rejected` : '';
      const message = dryRun
        ? `Dry run: ${counts} would be imported${rejected}. Nothing was written.`
        : `Imported ${counts}${rejected}.`;
      return { success: true, message, ...body };
    },
  );
}
