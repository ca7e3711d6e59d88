import type { Donor } from '@kindred/matching';
import { withLongStatements, type Db, type Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import { findDonorsByBankIds, findLinkedBank, type UpsertHook } from './catalogue.repository.ts';
import { parseDonorImport, type ImportFormat, type ImportResult, type ParsedImport } from './import.parse.ts';
import { createImportParser } from './import.pool.ts';
import { assignReferenceIds, type ImportCandidate } from './reference-ids.ts';

export { importedAvatar, parseDonorImport } from './import.parse.ts';
export type { ImportCandidate, ImportError, ImportFormat, ImportResult, ParsedImport } from './import.parse.ts';

export type ImportDeps = {
  db: Db;
  upsert: (donors: readonly Donor[], within?: UpsertHook) => Promise<{ inserted: number; updated: number }>;
  /** Imports per account (`import_account`); unlimited when absent (the command-line import). */
  limits?: Pick<RateLimits, 'consume'>;
  /** Where parsing runs (a worker thread in the server); in this thread when absent. */
  parse?: (format: ImportFormat, data: string, opts: { onlyBank?: string }) => Promise<ParsedImport>;
};

/** Settles public ids (see reference-ids.ts) and upserts; retried when a concurrent import took an id meanwhile. */
export async function saveImportedDonors(
  deps: ImportDeps,
  candidates: readonly ImportCandidate[],
  within?: UpsertHook,
): Promise<{ inserted: number; updated: number }> {
  if (candidates.length === 0) return { inserted: 0, updated: 0 };
  for (let attempt = 1; ; attempt++) {
    const donors = await assignReferenceIds(deps.db, candidates);
    try {
      return await deps.upsert(donors, within);
    } catch (err) {
      const uniqueViolation = (err as { code?: unknown }).code === '23505';
      if (!uniqueViolation || attempt >= 3) throw err;
    }
  }
}

/**
 * Parses, validates and stores an import; the result lists every rejected row's errors. With `onlyBank` (a
 * clinic account), rows of any other bank are rejected: a clinic cannot change another bank's donors.
 */
export async function importDonors(
  deps: ImportDeps,
  format: ImportFormat,
  data: string,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const { onlyBank } = opts;
  const parsed = deps.parse
    ? await deps.parse(format, data, { onlyBank })
    : parseDonorImport(format, data, { onlyBank });
  const report = { errors: parsed.errors, rows: parsed.rows, invalidRows: parsed.invalidRows };
  // An import's statements are long by nature: they keep the long deadline, not a request's (db.ts).
  if (opts.dryRun) return { ...(await withLongStatements(() => wouldSave(deps.db, parsed.donors))), ...report };
  const { within } = opts;
  // Donors carrying a bank's cross-reference to the same person elsewhere (issue 28): the family ledger links them.
  const crossReferenced = parsed.donors.filter((d) =>
    Boolean((d as { cross_reference?: string }).cross_reference),
  ).length;
  const hook: UpsertHook | undefined =
    within &&
    ((tx, counts) => within(tx, { ...counts, rows: parsed.rows, invalidRows: parsed.invalidRows, crossReferenced }));
  const { inserted, updated } = await withLongStatements(() => saveImportedDonors(deps, parsed.donors, hook));
  return { inserted, updated, ...report };
}

/** What an import would do, writing nothing: donors already stored (by bank and bank id) would be updated. */
async function wouldSave(db: Db, candidates: readonly ImportCandidate[]) {
  let updated = 0;
  for (let i = 0; i < candidates.length; i += 2000) {
    const slice = candidates.slice(i, i + 2000);
    const found = await findDonorsByBankIds(
      db,
      slice.map((c) => c.bank_name),
      slice.map((c) => c.bank_donor_id),
    );
    updated += found.length;
  }
  return { inserted: candidates.length - updated, updated };
}

export type ImportOptions = {
  /** A clinic account's own bank: rows of any other bank are rejected. */
  onlyBank?: string;
  /** Parse, validate and count what would be created or updated; write nothing. */
  dryRun?: boolean;
  /** Runs in the import's transaction once its rows are written (the audit row). */
  within?: (
    tx: Queryable,
    counts: { inserted: number; updated: number; rows: number; invalidRows: number; crossReferenced: number },
  ) => Promise<void>;
};

export const CLINIC_WITHOUT_BANK =
  'This clinic account is not linked to a partner bank yet. Ask Kindred to link it, then import again.';

/** Files smaller than this are parsed in this thread: a few milliseconds, less than a worker round trip. */
const INLINE_PARSE_BYTES = 64 * 1024;

/**
 * Imports on behalf of a signed-in account: admins for any bank, clinics only for the bank they are linked to.
 * Larger files are parsed and validated in a worker thread (import.pool.ts), so a 5 MiB file never holds the
 * event loop.
 */
export function createImportService(deps: ImportDeps) {
  const { parse: inWorker, close } = createImportParser();
  const parse = async (format: ImportFormat, data: string, opts: { onlyBank?: string } = {}) =>
    data.length < INLINE_PARSE_BYTES ? parseDonorImport(format, data, opts) : inWorker(format, data, opts);
  deps = { parse, ...deps };
  return {
    /** Parses and validates a file where the server does (a worker thread for large files). */
    parse,
    close,
    /** Counts against the account's import limit (429 with Retry-After when spent), then imports. */
    async importAs(
      user: AuthUser,
      format: ImportFormat,
      data: string,
      opts: Omit<ImportOptions, 'onlyBank'> = {},
    ): Promise<ImportResult> {
      await deps.limits?.consume('import_account', user.id);
      let onlyBank: string | undefined;
      if (user.role === 'clinic') {
        onlyBank = await findLinkedBank(deps.db, user.id);
        if (!onlyBank) throw new AppError('forbidden', CLINIC_WITHOUT_BANK, 403);
      }
      return importDonors(deps, format, data, { ...opts, onlyBank });
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
