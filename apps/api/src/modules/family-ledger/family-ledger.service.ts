import {
  LEDGER_MSG,
  LEDGER_REPORT_PAGE_SIZE,
  NEAR_LIMIT_SHARE,
  type ClinicFamilyReportDto,
  type DonorLinkRequest,
  type DonorUnlinkRequest,
  type FamilyBadgeDto,
  type FamilyReportCorrection,
  type FamilyReportDto,
  type FamilyReportRequest,
} from '@kindred/shared/family-ledger.schemas';
import { legalFamilyLimit } from '@kindred/shared/legal-family-limits';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditEntry, AuditService } from '../audit/audit.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { findStaffClinic } from '../clinic-portal/portal.service.ts';
import type { DonorUpdatesService } from '../donor-updates/donor-updates.service.ts';
import type { TellParents } from './family-ledger.notify.ts';
import * as repo from './family-ledger.repository.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toReportDto = (r: repo.ReportRow): FamilyReportDto => ({
  id: r.id,
  donor_reference_id: r.donor_reference_id,
  kind: r.kind,
  event_date: r.event_date,
  status: r.status,
  clinic: r.clinic_reference_id ? { reference_id: r.clinic_reference_id, name: r.clinic_name ?? '' } : null,
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
  confirmed_at: iso(r.confirmed_at),
});
const toClinicDto = (r: repo.ReportRow): ClinicFamilyReportDto => ({
  ...toReportDto(r),
  parent_name: r.parent_name,
  parent_email: r.parent_email,
});

/** What the audit log keeps of a report: its facts, never the parent's name. */
const auditFacts = (r: {
  kind: string;
  status: string;
  clinic_reference_id: string | null;
  event_date: string | null;
}) => ({
  kind: r.kind,
  status: r.status,
  clinic: r.clinic_reference_id,
  event_date: r.event_date,
});

/** The donor update a family-limit hold posts (families who starred, revealed, booked or reported are told). */
export const HOLD_UPDATE_TEXT =
  'This donor has reached the number of families their bank allows, so they are no longer available for new ' +
  'families. Families who already used this donor are not affected.';

export type GroupCounts = {
  members: repo.DonorLimitRow[];
  confirmed: number;
  reported: number;
  linkedBy: Map<string, string>;
};

/**
 * The family ledger (issue 28, ADR 027). Families are counted per person: every record linked to the donor's
 * record, one family per parent (a parent whose account is gone still counts, anonymously), confirmed when any
 * of its reports is. When confirmed families reach a record's bank limit the record goes on "family limit
 * reached" hold (availability unavailable, through the catalogue's change path) and parents who starred the
 * donor are told; when the count falls back below (a withdrawal, an unlink) the hold is lifted.
 */
export function createFamilyLedgerService(deps: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, 'change'>;
  catalogue: Pick<CatalogueService, 'setAvailabilityWithin' | 'applyCommitted'>;
  donorUpdates: Pick<DonorUpdatesService, 'postWithin' | 'fanOutSoon'>;
  tellParents: TellParents;
}) {
  const { db, clock, audit, catalogue, donorUpdates } = deps;
  const { tellParents } = deps;

  /** Counts for each record given: its person's records, confirmed and reported families across them. */
  async function countGroups(q: Queryable, referenceIds: readonly string[]): Promise<Map<string, GroupCounts>> {
    const groups = await repo.findGroups(q, referenceIds);
    const memberIds = [...new Set(groups.map((g) => g.member))];
    const [limits, families] = await Promise.all([repo.findDonorLimits(q, memberIds), repo.liveFamilies(q, memberIds)]);
    const limitOf = new Map(limits.map((l) => [l.reference_id, l]));
    const out = new Map<string, GroupCounts>();
    for (const ref of new Set(groups.map((g) => g.reference_id))) {
      const mine = groups.filter((g) => g.reference_id === ref);
      const members = new Set(mine.map((g) => g.member));
      const best = new Map<string, boolean>();
      for (const f of families)
        if (members.has(f.donor_reference_id)) best.set(f.family, (best.get(f.family) ?? false) || f.confirmed);
      const confirmed = [...best.values()].filter(Boolean).length;
      out.set(ref, {
        members: [...members].map((m) => limitOf.get(m)!).filter(Boolean),
        confirmed,
        reported: best.size - confirmed,
        linkedBy: new Map(mine.map((g) => [g.member, g.linked_by])),
      });
    }
    return out;
  }

  /**
   * Puts on hold, or lifts the hold of, every record of these records' persons whose confirmed families reached
   * (or fell below) its bank's limit, in `tx`, after storing the persons' counts; tells parents who starred a
   * donor put on hold. Returns the audit rows to write and whether the catalogue changed.
   */
  async function reconcileHolds(tx: Queryable, referenceIds: readonly string[]) {
    // The counts the console report reads, stored on each record of these persons (migration 105).
    await repo.refreshFamilyCounts(tx, referenceIds);
    const counts = await countGroups(tx, referenceIds);
    const seen = new Set<string>();
    const entries: AuditEntry[] = [];
    let changed = false;
    let posted = false;
    for (const group of counts.values()) {
      const ids = group.members.map((m) => m.reference_id);
      const holds = new Map((await repo.findHolds(tx, ids)).map((h) => [h.reference_id, h.availability_before]));
      const held: { referenceId: string; subjectKey: string | undefined }[] = [];
      for (const m of group.members) {
        if (seen.has(m.reference_id)) continue;
        seen.add(m.reference_id);
        const reached = group.confirmed >= m.family_limit;
        const before = holds.get(m.reference_id);
        if (reached && before === undefined && m.availability !== 'unavailable') {
          const now = clock.now();
          // The catalogue's change path, once per hold: one catalogue version, every instance's index follows.
          await catalogue.setAvailabilityWithin(tx, [m.reference_id], 'unavailable', now);
          changed = true;
          await repo.insertHold(tx, m.reference_id, m.availability, now);
          // A donor update (kind family_limit): every family that cares about the donor is told by its fan-out.
          const update = await donorUpdates.postWithin(tx, {
            referenceId: m.reference_id,
            kind: 'family_limit',
            text: HOLD_UPDATE_TEXT,
            now,
          });
          posted ||= update !== undefined;
          entries.push({
            action: 'donor.family_limit_hold',
            targetType: 'donor',
            targetId: m.reference_id,
            before: { availability: m.availability },
            after: {
              availability: 'unavailable',
              confirmed_families: group.confirmed,
              family_limit: m.family_limit,
              ...(update ? { update_id: update.id } : {}),
            },
            reason: 'Family limit reached',
          });
          held.push({ referenceId: m.reference_id, subjectKey: update?.subjectKey });
        } else if (!reached && before !== undefined) {
          await repo.deleteHold(tx, m.reference_id);
          if (m.availability === 'unavailable') {
            await catalogue.setAvailabilityWithin(tx, [m.reference_id], before, clock.now());
            changed = true;
          }
          entries.push({
            action: 'donor.family_limit_release',
            targetType: 'donor',
            targetId: m.reference_id,
            before: { availability: m.availability },
            after: { availability: before, confirmed_families: group.confirmed, family_limit: m.family_limit },
            reason: 'Below the family limit again',
          });
        }
      }
      const first = held[0];
      if (first) {
        // Parents who starred any record of the person are told at once. The notice carries the first held
        // record's update as its subject, so that update's fan-out does not tell them a second time.
        const parents = await repo.findStarredBy(tx, ids);
        await tellParents(tx, parents, {
          kind: 'family_limit',
          title: 'A donor you starred has reached its family limit',
          body:
            `Donor ${first.referenceId} has reached the number of families its bank allows and is no longer ` +
            'available. Families who already used this donor are not affected.',
          link: `/donors/${first.referenceId}`,
          dedupeKey: first.subjectKey ?? `family_limit:${held.map((h) => h.referenceId).join(',')}`,
        });
      }
    }
    return { entries, changed, posted };
  }

  async function clinicFor(referenceId: string) {
    const clinic = await repo.findActiveClinic(db, referenceId);
    if (!clinic) throw fieldError('clinic_reference_id', LEDGER_MSG.clinicNotFound);
    return clinic;
  }

  async function ownReport(userId: string, id: string) {
    const r = await repo.findReport(db, id);
    if (!r || r.user_id !== userId) throw notFound(LEDGER_MSG.reportNotFound);
    return r;
  }

  function checkDate(date: string | null | undefined) {
    if (date && date > clock.now().toISOString().slice(0, 10)) throw fieldError('event_date', LEDGER_MSG.futureDate);
  }

  /** A change with its audit rows and any holds it causes, in one transaction; the index follows after commit. */
  async function changeWithHolds<T>(
    actor: AuditActor,
    refs: () => readonly string[],
    fn: (tx: Queryable) => Promise<{ result: T; audit: AuditEntry[] }>,
  ): Promise<T> {
    let changed = false;
    let posted = false;
    const result = await audit.change(actor, async (tx) => {
      const done = await fn(tx);
      const holds = await reconcileHolds(tx, refs());
      ({ changed, posted } = holds);
      return { result: done.result, audit: [...done.audit, ...holds.entries] };
    });
    if (changed) await catalogue.applyCommitted();
    if (posted) await donorUpdates.fanOutSoon();
    return result;
  }

  async function links(referenceId: string, message?: string) {
    const groups = await repo.findGroups(db, [referenceId]);
    if (groups.length === 0) throw notFound(LEDGER_MSG.donorNotFound);
    return {
      success: true as const,
      ...(message ? { message } : {}),
      reference_id: referenceId,
      linked: groups
        .filter((g) => g.member !== referenceId)
        .map((g) => ({
          reference_id: g.member,
          bank_name: g.bank_name,
          bank_donor_id: g.bank_donor_id,
          linked_by: g.linked_by,
        })),
    };
  }

  return {
    // Parents --------------------------------------------------------------------------------------------------
    async myReports(userId: string) {
      return { success: true as const, reports: (await repo.listUserReports(db, userId)).map(toReportDto) };
    },

    async report(actor: AuditActor, body: FamilyReportRequest) {
      const [donor] = await repo.findDonorLimits(db, [body.donor_reference_id]);
      if (!donor) throw fieldError('donor_reference_id', LEDGER_MSG.donorNotFound);
      const clinic = await clinicFor(body.clinic_reference_id);
      checkDate(body.event_date);
      if (await repo.findLiveReport(db, actor.id, donor.reference_id)) throw conflict(LEDGER_MSG.alreadyReported);
      const id = await changeWithHolds(
        actor,
        () => [donor.reference_id],
        async (tx) => {
          const reportId = await repo.insertReport(tx, {
            userId: actor.id,
            referenceId: donor.reference_id,
            clinicId: clinic.id,
            kind: body.kind,
            eventDate: body.event_date ?? null,
            now: clock.now(),
          });
          // The clinic named is told a report awaits its confirmation (its staff's bell and mail); no parent named.
          await tellParents(tx, await repo.clinicStaffIds(tx, clinic.id), {
            kind: 'ledger_update',
            title: 'A family report awaits your confirmation',
            body:
              `A patient reported a ${body.kind} with donor ${donor.reference_id} and named ${clinic.name}. ` +
              'Confirm it under Family reports in the clinic portal.',
            link: '/clinic?tab=families',
            dedupeKey: `report:${reportId}`,
          });
          return {
            result: reportId,
            audit: [
              {
                action: 'family_report.create',
                targetType: 'donor',
                targetId: donor.reference_id,
                after: auditFacts({ ...body, status: 'reported', event_date: body.event_date ?? null }),
              },
            ],
          };
        },
      );
      const report = await repo.findReport(db, id);
      return { success: true as const, message: LEDGER_MSG.reported, report: toReportDto(report!) };
    },

    async correct(actor: AuditActor, id: string, body: FamilyReportCorrection) {
      const before = await ownReport(actor.id, id);
      if (before.status === 'withdrawn') throw conflict(LEDGER_MSG.withdrawn);
      const clinic = await clinicFor(body.clinic_reference_id);
      checkDate(body.event_date);
      await changeWithHolds(
        actor,
        () => [before.donor_reference_id],
        async (tx) => {
          await repo.correctReport(tx, {
            id,
            clinicId: clinic.id,
            kind: body.kind,
            eventDate: body.event_date ?? null,
            now: clock.now(),
          });
          return {
            result: null,
            audit: [
              {
                action: 'family_report.correct',
                targetType: 'donor',
                targetId: before.donor_reference_id,
                before: auditFacts(before),
                after: auditFacts({ ...body, status: 'reported', event_date: body.event_date ?? null }),
              },
            ],
          };
        },
      );
      return {
        success: true as const,
        message: LEDGER_MSG.corrected,
        report: toReportDto((await repo.findReport(db, id))!),
      };
    },

    async withdraw(actor: AuditActor, id: string) {
      const before = await ownReport(actor.id, id);
      if (before.status !== 'withdrawn')
        await changeWithHolds(
          actor,
          () => [before.donor_reference_id],
          async (tx) => {
            await repo.setReportStatus(tx, id, 'withdrawn', clock.now());
            return {
              result: null,
              audit: [
                {
                  action: 'family_report.withdraw',
                  targetType: 'donor',
                  targetId: before.donor_reference_id,
                  before: auditFacts(before),
                  after: auditFacts({ ...before, status: 'withdrawn' }),
                },
              ],
            };
          },
        );
      return {
        success: true as const,
        message: LEDGER_MSG.withdrawnSaved,
        report: toReportDto((await repo.findReport(db, id))!),
      };
    },

    /** Badges for these donors: counts and limits with their sources; the legal limit of the viewer's country. */
    async badges(viewer: { id: string; role: string }, referenceIds: readonly string[]) {
      const counts = await countGroups(db, referenceIds);
      const holds = new Set((await repo.findHolds(db, referenceIds)).map((h) => h.reference_id));
      const country = viewer.role === 'parent' ? await repo.findParentCountry(db, viewer.id) : null;
      const legal = legalFamilyLimit(country);
      const badges: FamilyBadgeDto[] = [];
      for (const ref of referenceIds) {
        const group = counts.get(ref);
        const own = group?.members.find((m) => m.reference_id === ref);
        if (!group || !own) continue;
        badges.push({
          donor_reference_id: ref,
          confirmed: group.confirmed,
          reported: group.reported,
          linked_records: group.members.length,
          linked_banks: [...new Set(group.members.map((m) => m.bank_name))].sort(),
          bank: { name: own.bank_name, count: own.families_so_far, limit: own.family_limit },
          legal: legal && {
            country: legal.country,
            country_name: legal.country_name,
            limit: legal.limit,
            unit: legal.unit,
            source_name: legal.source_name,
            source_url: legal.source_url,
          },
          on_hold: holds.has(ref),
        });
      }
      return { success: true as const, badges };
    },

    // Clinics --------------------------------------------------------------------------------------------------
    async clinicReports(userId: string) {
      const staff = await findStaffClinic(db, userId);
      if (!staff?.clinic_id) throw forbidden();
      return { success: true as const, reports: (await repo.listClinicReports(db, staff.clinic_id)).map(toClinicDto) };
    },

    /** The named clinic's staff confirm a report; another clinic's report answers 404 (it is not theirs to see). */
    async confirm(actor: AuditActor, id: string) {
      const staff = await findStaffClinic(db, actor.id);
      if (!staff?.clinic_id) throw forbidden();
      const before = await repo.findReport(db, id);
      if (!before || before.clinic_id !== staff.clinic_id || before.status === 'withdrawn')
        throw notFound(LEDGER_MSG.reportNotFound);
      if (before.status !== 'reported') throw conflict(LEDGER_MSG.notPending);
      await changeWithHolds(
        actor,
        () => [before.donor_reference_id],
        async (tx) => {
          await repo.setReportStatus(tx, id, 'confirmed', clock.now());
          if (before.user_id)
            await tellParents(tx, [before.user_id], {
              kind: 'ledger_update',
              title: 'Your clinic confirmed your report',
              body:
                `${before.clinic_name ?? 'Your clinic'} confirmed the family you reported with donor ` +
                `${before.donor_reference_id}. It now counts towards this donor's family limit across banks.`,
              link: '/profile',
              dedupeKey: `confirmed:${id}`,
            });
          return {
            result: null,
            audit: [
              {
                action: 'family_report.confirm',
                targetType: 'donor',
                targetId: before.donor_reference_id,
                before: { status: before.status },
                after: { status: 'confirmed' },
              },
            ],
          };
        },
      );
      return {
        success: true as const,
        message: LEDGER_MSG.confirmed,
        report: toClinicDto((await repo.findReport(db, id))!),
      };
    },

    // Console --------------------------------------------------------------------------------------------------
    async limitsReport(page: number) {
      const rows = await repo.ledgerReport(db, {
        share: NEAR_LIMIT_SHARE,
        limit: LEDGER_REPORT_PAGE_SIZE,
        offset: (page - 1) * LEDGER_REPORT_PAGE_SIZE,
      });
      return {
        success: true as const,
        total: Number(rows[0]?.total ?? 0),
        page,
        page_size: LEDGER_REPORT_PAGE_SIZE,
        donors: rows.map((r) => {
          const families = Math.max(r.bank_count, r.confirmed);
          return {
            reference_id: r.reference_id,
            bank_name: r.bank_name,
            bank_donor_id: r.bank_donor_id,
            availability: r.availability,
            family_limit: r.family_limit,
            bank_count: r.bank_count,
            confirmed: r.confirmed,
            reported: r.reported,
            linked_records: r.linked_records,
            share: r.share ?? 1,
            status:
              families > r.family_limit
                ? ('over' as const)
                : families === r.family_limit
                  ? ('reached' as const)
                  : ('near' as const),
            on_hold: r.on_hold,
          };
        }),
      };
    },

    links,

    /**
     * An operator links records of the same person (never a guess from traits); audited donor.link. Ends any unlink
     * remembered for these records.
     */
    async link(actor: AuditActor, body: DonorLinkRequest) {
      const ids = [...new Set(body.reference_ids)];
      if (ids.length < 2) throw fieldError('reference_ids', LEDGER_MSG.linkSame);
      const found = await repo.findDonorLimits(db, ids);
      const missing = ids.filter((id) => !found.some((f) => f.reference_id === id));
      if (missing.length > 0) throw fieldError('reference_ids', `${LEDGER_MSG.donorNotFound} (${missing.join(', ')})`);
      await changeWithHolds(
        actor,
        () => ids,
        async (tx) => {
          await repo.linkRecords(tx, ids, 'operator', clock.now());
          await repo.forgetUnlinks(tx, ids);
          return {
            result: null,
            audit: [
              {
                action: 'donor.link',
                targetType: 'donor',
                targetId: ids[0]!,
                after: { linked: ids },
                reason: body.reason || null,
              },
            ],
          };
        },
      );
      return links(ids[0]!, LEDGER_MSG.linked);
    },

    /**
     * An admin takes a record out of its person; audited donor.unlink. A record carrying a bank cross_reference is
     * remembered with it (donor_unlinks), so imports of that cross_reference do not link it again.
     */
    async unlink(actor: AuditActor, body: DonorUnlinkRequest) {
      const group = await repo.findGroups(db, [body.reference_id]);
      if (group.length === 0) throw notFound(LEDGER_MSG.donorNotFound);
      const others = group.map((g) => g.member).filter((m) => m !== body.reference_id);
      if (others.length === 0) throw conflict(LEDGER_MSG.notLinked);
      await changeWithHolds(
        actor,
        () => [body.reference_id, others[0]!],
        async (tx) => {
          await repo.unlinkRecord(tx, body.reference_id);
          // Remembered, so the bank's next import of the same cross_reference does not link the record again.
          const keptApart = await repo.keepApart(tx, body.reference_id, actor.id, clock.now());
          return {
            result: null,
            audit: [
              {
                action: 'donor.unlink',
                targetType: 'donor',
                targetId: body.reference_id,
                before: { linked: [body.reference_id, ...others] },
                after: { linked: others, ...(keptApart ? { cross_reference_ignored: keptApart } : {}) },
                reason: body.reason || null,
              },
            ],
          };
        },
      );
      return links(body.reference_id, LEDGER_MSG.unlinked);
    },

    /**
     * Links records that carry the same bank-provided cross_reference (run in an import's transaction, after its
     * rows are written), and holds any record whose person now reaches its limit. Returns the audit rows to write.
     */
    async linkCrossReferenced(tx: Queryable): Promise<AuditEntry[]> {
      const rows = await repo.findUnlinkedCrossReferences(tx);
      const byRef = new Map<string, string[]>();
      for (const r of rows) byRef.set(r.cross_reference, [...(byRef.get(r.cross_reference) ?? []), r.reference_id]);
      const linked: string[] = [];
      for (const ids of byRef.values())
        if (ids.length > 1) {
          await repo.linkRecords(tx, ids, 'bank', clock.now());
          linked.push(...ids);
        }
      if (linked.length === 0) return [];
      return (await reconcileHolds(tx, linked)).entries;
    },

    /** The audience "reported a pregnancy or birth with this donor" (with its linked records), for the fan-out. */
    reportingParents: (tx: Queryable, referenceId: string) => repo.findReportingParents(tx, referenceId),
  };
}
export type FamilyLedgerService = ReturnType<typeof createFamilyLedgerService>;
