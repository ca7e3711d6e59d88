import { pairGene, type SideResult } from '@kindred/matching/pairing';
import { formatOneIn, GENES, type Gene } from '@kindred/shared/genetics';
import {
  MEDICAL_CATEGORY_LABELS,
  DONOR_UPDATE_KIND_LABELS,
  NOTIFICATION_MSG,
  type DonorUpdateDto,
  type DonorUpdateRequest,
  type StaffDonorUpdateDto,
} from '@kindred/shared/notifications.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { ParentScreenReader, ParentScreenTxReader } from '../genetics/parent-screen.service.ts';
import type { NotifyInput, NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './donor-updates.repository.ts';

export const DONOR_UPDATES_QUEUE = 'donor-updates-fanout';
const FANOUT_BATCH = 20;

const subjectKey = (updateId: string) => `donor_update:${updateId}`;
const donorLink = (referenceId: string) => `/donors/${encodeURIComponent(referenceId)}`;

const toDto = (r: repo.DonorUpdateRow): DonorUpdateDto => ({
  id: r.id,
  kind: r.kind,
  category: r.category,
  gene: r.gene,
  text: r.body,
  source: r.source,
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * What a genetic result changes for one parent, by the pairing rules against the parent's own screen (ADR 023):
 * a sentence for their notification only, or null when the parent has no screen.
 */
export function geneticChangeFor(
  gene: string,
  donorType: string,
  screen: Awaited<ReturnType<ParentScreenReader['get']>>['screen'],
): string | null {
  if (!screen || !(GENES as readonly string[]).includes(gene)) return null;
  const g = gene as Gene;
  const finding = screen.carrier_of.find((f) => f.gene === g);
  const tested = screen.panel !== 'unknown' && screen.panel.genes_covered.includes(g);
  const parent: SideResult = finding
    ? {
        status: 'carrier',
        ...(finding.variant_class ? { variant_class: finding.variant_class } : {}),
        ...(finding.smn1_copies !== undefined ? { smn1_copies: finding.smn1_copies } : {}),
      }
    : { status: tested ? 'negative' : 'untested' };
  const entry = pairGene(
    g,
    parent,
    { status: 'carrier' },
    {
      donorType: donorType === 'egg' ? 'egg' : 'sperm',
      parentAncestry: screen.ancestry ?? 'pan_ethnic',
      donorAncestry: 'pan_ethnic',
    },
  );
  const lead = `This donor now carries a ${g} variant`;
  if (!entry) return `${lead}.`;
  if (finding && entry.outcome === 'at_risk')
    return `${lead}; you carry one too: ${formatOneIn(entry.risk_one_in)} that a child is affected.`;
  if (finding) return `${lead}; you carry one too. Please talk to a genetic counselor about what it means for you.`;
  if (tested)
    return entry.risk_one_in === null
      ? `${lead}; your screen found no variant in ${g}, which lowers the chance for a child without ruling it out.`
      : `${lead}; your screen found no variant in ${g}, so the chance for a child is ${formatOneIn(entry.risk_one_in)}.`;
  return `${lead}; your screen did not test ${g}, so your risk is unknown. Ask your clinic about testing.`;
}

/**
 * Donor updates (issue 28, ADR 025): a donor's bank's clinic staff (portal) or an admin (console) posts one,
 * audited in its transaction; a medical update moves the donor's last_medical_update. The fan-out job tells every
 * family that cares (repo.audience): a medical update as a safety notice that must be acknowledged, a genetic
 * result with what it changes for each parent's own screen in their own notification. Staff see counts only.
 */
export function createDonorUpdatesService(deps: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, 'change'>;
  catalogue: Pick<CatalogueService, 'stampChange' | 'applyCommitted' | 'setAvailabilityWithin'>;
  notifications: Pick<NotificationsService, 'notify' | 'subjectCounts'>;
  parentScreens: ParentScreenTxReader;
  queue: { send(queue: string, data: object, singletonKey?: string): Promise<boolean> };
}) {
  const { db, clock } = deps;

  async function staffDtos(rows: repo.DonorUpdateRow[]): Promise<StaffDonorUpdateDto[]> {
    const counts = await deps.notifications.subjectCounts(rows.map((r) => subjectKey(r.id)));
    return rows.map((r) => ({
      ...toDto(r),
      delivered: r.fanned_out_at !== null,
      counts: counts.get(subjectKey(r.id)) ?? { affected: 0, read: 0, acknowledged: 0 },
    }));
  }

  /** Where staff may act: an admin anywhere, clinic staff on their own banks' donors (else 404, like unknown). */
  async function donorFor(actor: AuditActor, referenceId: string) {
    let clinic: { id: string; name: string } | undefined;
    if (actor.role === 'clinic') {
      clinic = await repo.clinicOfStaff(db, actor.id);
      if (!clinic) throw forbidden();
    }
    const donor = await repo.findDonor(db, referenceId, clinic?.id);
    if (!donor) throw notFound(NOTIFICATION_MSG.donorNotFound);
    return { donor, clinic };
  }

  /** The notification one parent gets for one update. */
  async function messageFor(tx: Queryable, u: repo.DonorUpdateRow, userId: string): Promise<NotifyInput> {
    const ref = u.reference_id;
    if (u.kind === 'medical') {
      const what = MEDICAL_CATEGORY_LABELS[u.category ?? 'other'].toLowerCase();
      let body =
        `${u.source} posted a medical update about donor ${ref} (${what}). ` +
        'Please read it on the donor page and confirm that you have read it.';
      if (u.category === 'genetic_result' && u.gene) {
        const change = geneticChangeFor(u.gene, u.donor_type, (await deps.parentScreens.getWithin(tx, userId)).screen);
        if (change) body = `${body} ${change}`;
      }
      return {
        userId,
        kind: 'safety_notice',
        safety: true,
        title: `Safety notice about donor ${ref}`,
        body,
        link: donorLink(ref),
        dedupeKey: subjectKey(u.id),
      };
    }
    return {
      userId,
      kind: u.kind === 'family_limit' ? 'family_limit' : 'donor_update',
      title: `Donor ${ref}: ${DONOR_UPDATE_KIND_LABELS[u.kind].toLowerCase()}`,
      body: `${u.source}: ${u.body}`,
      link: donorLink(ref),
      dedupeKey: subjectKey(u.id),
    };
  }

  async function fanOutOne(tx: Queryable, u: repo.DonorUpdateRow): Promise<number> {
    let told = 0;
    for (const userId of await repo.audience(tx, u.donor_id, u.reference_id))
      if (await deps.notifications.notify(tx, await messageFor(tx, u, userId))) told += 1;
    await repo.markFannedOut(tx, u.id, clock.now());
    return told;
  }

  return {
    async post(actor: AuditActor, referenceId: string, body: DonorUpdateRequest): Promise<StaffDonorUpdateDto> {
      const { donor, clinic } = await donorFor(actor, referenceId);
      const now = clock.now();
      const medical = body.kind === 'medical';
      const withdrawal = body.kind === 'withdrawal';
      const id = await deps.audit.change(actor, async (tx) => {
        const row = await repo.insertUpdate(tx, {
          donorId: donor.id,
          kind: body.kind,
          category: body.category ?? null,
          gene: body.gene ?? null,
          body: body.text,
          source: clinic?.name ?? 'Kindred',
          postedBy: actor.id,
          clinicId: clinic?.id ?? null,
          at: now,
        });
        if (medical) {
          const version = await deps.catalogue.stampChange(tx);
          await repo.setLastMedicalUpdate(tx, donor.id, now.toISOString().slice(0, 10), now, version);
        }
        // A withdrawn donor leaves every search at once: the update takes the donor out of availability.
        const withdrawn = withdrawal
          ? await deps.catalogue.setAvailabilityWithin(tx, [donor.reference_id], 'unavailable', now)
          : [];
        return {
          result: row.id,
          // The text may hold health data: the log keeps what kind of update it was, not what it says.
          audit: {
            action: 'donor.update',
            targetType: 'donor',
            targetId: donor.reference_id,
            after: {
              kind: body.kind,
              category: body.category ?? null,
              gene: body.gene ?? null,
              update_id: row.id,
              ...(withdrawn[0] ? { availability: 'unavailable' } : {}),
            },
            ...(withdrawn[0] ? { before: { availability: withdrawn[0].before } } : {}),
          },
        };
      });
      if (medical || withdrawal) await deps.catalogue.applyCommitted();
      // Fanned out by the job at once (the every-minute run is the fallback when the queue is not started).
      await deps.queue.send(DONOR_UPDATES_QUEUE, {}, 'now').catch(() => false);
      const [dto] = await staffDtos([(await repo.findUpdate(db, id))!]);
      return dto!;
    },

    /**
     * Posts an update on Kindred's behalf in the caller's transaction (the family ledger's automatic hold): the
     * caller's change writes the audit row. Call `fanOutSoon` after the commit. Undefined for an unknown donor.
     */
    async postWithin(
      tx: Queryable,
      u: { referenceId: string; kind: repo.DonorUpdateRow['kind']; text: string; now: Date },
    ): Promise<{ id: string; subjectKey: string } | undefined> {
      const donor = await repo.findDonor(tx, u.referenceId);
      if (!donor) return undefined;
      const row = await repo.insertUpdate(tx, {
        donorId: donor.id,
        kind: u.kind,
        category: null,
        gene: null,
        body: u.text,
        source: 'Kindred',
        postedBy: null,
        clinicId: null,
        at: u.now,
      });
      return { id: row.id, subjectKey: subjectKey(row.id) };
    },

    /** Asks the fan-out job to run now, after a commit (the every-minute run is the fallback). */
    async fanOutSoon() {
      await deps.queue.send(DONOR_UPDATES_QUEUE, {}, 'now').catch(() => false);
    },

    async staffList(actor: AuditActor, referenceId: string): Promise<StaffDonorUpdateDto[]> {
      const { donor } = await donorFor(actor, referenceId);
      return staffDtos(await repo.listUpdates(db, donor.id));
    },

    /** The donor page: a family that cares about the donor sees its updates with date and source; else 404. */
    async parentList(userId: string, referenceId: string): Promise<DonorUpdateDto[]> {
      const donor = await repo.findDonor(db, referenceId);
      if (!donor || !(await repo.inAudience(db, donor.id, donor.reference_id, userId)))
        throw notFound(NOTIFICATION_MSG.donorNotFound);
      return (await repo.listUpdates(db, donor.id)).map(toDto);
    },

    /**
     * The fan-out job: updates not yet fanned out, each in one transaction with every notification it causes,
     * claimed with SKIP LOCKED (another instance's run takes others) and deduplicated per family, so each family
     * is told once however many runs overlap. Returns the number of families told.
     */
    async fanOut(): Promise<number> {
      let told = 0;
      for (;;) {
        const claimed = await db.transaction(async (tx) => {
          const rows = await repo.claimPending(tx, FANOUT_BATCH);
          for (const u of rows) told += await fanOutOne(tx, u);
          return rows.length;
        });
        if (claimed < FANOUT_BATCH) return told;
      }
    },
  };
}
export type DonorUpdatesService = ReturnType<typeof createDonorUpdatesService>;
