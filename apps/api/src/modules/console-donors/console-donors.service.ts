import {
  CONSOLE_DONOR_MSG,
  type AvailabilityRequest,
  type BulkAvailabilityResponse,
  type ConsoleDonorDto,
  type ConsoleDonorsQuery,
} from '@kindred/shared/console-donors.schemas';
import type { Availability } from '@kindred/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { findAvailability, setAvailability } from '../catalogue/catalogue.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import * as repo from './console-donors.repository.ts';

const toDto = (r: repo.ConsoleDonorRow): ConsoleDonorDto => ({
  reference_id: r.reference_id,
  bank_name: r.bank_name,
  bank_donor_id: r.bank_donor_id,
  clinic_reference_id: r.clinic_reference_id,
  donor_type: r.donor_type as ConsoleDonorDto['donor_type'],
  disclosure: r.disclosure as ConsoleDonorDto['disclosure'],
  availability: r.availability as Availability,
  family_limit: r.family_limit,
  families_so_far: r.families_so_far,
  family_status: r.families_so_far < r.family_limit ? 'open' : 'full',
  last_medical_update: r.last_medical_update,
  updated_at: new Date(r.updated_at).toISOString(),
});

const plural = (n: number) => `${n} donor${n === 1 ? '' : 's'}`;

/**
 * The console's donor catalogue (issue 15, ADR 022). Reads are SQL over the donors table (filters and sorts the
 * engine's index cannot page); availability changes go through the catalogue's change path (a new catalogue
 * version stamped on the donors and announced at commit, ADR 015) in one transaction with their audit rows, and
 * this instance applies them to its index before answering, so the next ranking no longer shows them.
 */
export function createConsoleDonorsService(deps: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, 'change'>;
  catalogue: Pick<CatalogueService, 'stampChange' | 'applyCommitted'>;
}) {
  const { db, audit, catalogue } = deps;

  /** Sets availability in one transaction with one audit row per donor changed; returns those donors. */
  async function change(
    actor: AuditActor,
    referenceIds: readonly string[],
    availability: Availability,
    reason?: string,
  ) {
    // Nothing to change: no transaction, no new catalogue version for the instances to apply.
    if (referenceIds.length === 0) return [];
    const changed = await audit.change(actor, async (tx) => {
      const version = await catalogue.stampChange(tx);
      const rows = await setAvailability(tx, { referenceIds, availability, now: deps.clock.now(), version });
      return {
        result: rows,
        audit: rows.map((r) => ({
          action: 'donor.availability',
          targetType: 'donor',
          targetId: r.reference_id,
          before: { availability: r.before },
          after: { availability },
          reason: reason || null,
        })),
      };
    });
    if (changed.length > 0) await catalogue.applyCommitted();
    return changed.map((r) => r.reference_id);
  }

  return {
    async list(query: ConsoleDonorsQuery) {
      const { rows, total } = await repo.listDonors(db, query);
      return {
        success: true as const,
        total,
        page: query.page,
        page_size: query.page_size,
        donors: rows.map(toDto),
      };
    },

    async banks() {
      return { success: true as const, banks: await repo.listBanks(db) };
    },

    async setAvailability(actor: AuditActor, referenceId: string, body: AvailabilityRequest) {
      const [known] = await findAvailability(db, [referenceId]);
      if (!known) throw notFound(CONSOLE_DONOR_MSG.notFound);
      if (known.availability !== body.availability) await change(actor, [referenceId], body.availability, body.reason);
      const [donor] = await repo.findConsoleDonors(db, [referenceId]);
      return { success: true as const, message: CONSOLE_DONOR_MSG.availabilitySaved, donor: toDto(donor!) };
    },

    /** Up to 500 donors at once; a dry run reports what would change and writes nothing. */
    async bulkAvailability(
      actor: AuditActor,
      body: { reference_ids: string[]; availability: Availability; dry_run: boolean; reason?: string },
    ): Promise<BulkAvailabilityResponse> {
      const ids = [...new Set(body.reference_ids)];
      const current = new Map((await findAvailability(db, ids)).map((r) => [r.reference_id, r.availability]));
      const notFoundIds = ids.filter((id) => !current.has(id));
      const wouldChange = ids.filter((id) => current.has(id) && current.get(id) !== body.availability);
      const changed = body.dry_run ? wouldChange : await change(actor, wouldChange, body.availability, body.reason);
      const unchanged = ids.filter((id) => current.has(id) && !changed.includes(id));
      const verb = body.dry_run ? 'would be set to' : 'set to';
      const message =
        `${plural(changed.length)} ${verb} ${body.availability}` +
        (unchanged.length > 0 ? `; ${plural(unchanged.length)} already ${body.availability}` : '') +
        (notFoundIds.length > 0 ? `; ${notFoundIds.length} not found` : '') +
        (body.dry_run ? '. Nothing was written.' : '.');
      return { success: true, dry_run: body.dry_run, message, changed, unchanged, not_found: notFoundIds };
    },
  };
}
export type ConsoleDonorsService = ReturnType<typeof createConsoleDonorsService>;
