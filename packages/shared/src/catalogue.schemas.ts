/**
 * Request and response shapes of the donor import (POST /api/v1/admin/donors/import/, ADR 015): the console's
 * and the clinic portal's import pages read the same report the server documents (issue 27).
 */
import { z } from 'zod';
import { validationErrorBody } from './errors.ts';

/** An import file may be this large (the JSON body wrapping it is allowed a little more). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const donorImportErrorSchema = z.object({ row: z.number().int(), field: z.string(), error: z.string() });
export type DonorImportError = z.infer<typeof donorImportErrorSchema>;

export const donorImportRequestSchema = z.object({
  format: z.enum(['csv', 'json'], { error: 'format must be csv or json.' }),
  data: z
    .string({ error: 'data must be the file content as a string.' })
    .min(1, { error: 'data is empty.' })
    .max(IMPORT_MAX_BYTES, { error: 'The file is larger than 5 MiB. Split it or use npm run donors:import.' }),
  /** Parse, validate and report what would be created or updated; write nothing (the console's "Dry run"). */
  dry_run: z.boolean({ error: 'dry_run must be true or false.' }).optional(),
});
export type DonorImportRequest = z.infer<typeof donorImportRequestSchema>;

export const donorImportResponseSchema = z.object({
  success: z.boolean(),
  dry_run: z.boolean(),
  message: z.string(),
  inserted: z.number().int(),
  updated: z.number().int(),
  rows: z.number().int(),
  invalid_rows: z.number().int(),
  errors: z.array(donorImportErrorSchema),
});
export type DonorImportResponse = z.infer<typeof donorImportResponseSchema>;

/** The 400 when no row could be imported: the same report, every error listed. */
export const donorImportRejectedSchema = donorImportResponseSchema.extend({
  code: z.literal('import_rejected'),
  non_field_errors: z.array(z.string()),
});

/** Every 400 of the import: the rejected report, or the request itself invalid. */
export const donorImportFailureSchema = z.union([
  donorImportRejectedSchema.describe('No row could be imported: every error listed'),
  validationErrorBody.describe('The request itself is invalid'),
]);
