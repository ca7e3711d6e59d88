/**
 * What other modules may do with the ledger's stored family counts (migration 105; issue 27: the ledger's
 * repository is private to it). Kept apart from family-ledger.service.ts so the account module can call these
 * without an import cycle. Each takes the caller's transaction handle first and runs in it.
 */
import * as repo from './family-ledger.repository.ts';

/** The donor records a parent has live (not withdrawn) reports about: read before the account is erased. */
export const liveReportRecords: typeof repo.liveReportRecords = (...args) => repo.liveReportRecords(...args);
/** Recounts the stored family counts of these records, in the caller's transaction. */
export const refreshFamilyCounts: typeof repo.refreshFamilyCounts = (...args) => repo.refreshFamilyCounts(...args);
