import type { VisitTypeDto } from '@kindred/shared/appointments.schemas';
import {
  BANK_DONORS_PAGE_SIZE,
  CLINIC_MSG,
  type OverrideDto,
  type OverrideRequest,
  type SharedShortlistDto,
  type VisitTypeRequest,
  type WeeklyHoursRequest,
} from '@kindred/shared/clinic-portal.schemas';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { findClinicById, type ClinicRow } from './clinic-accounts.repository.ts';
import * as repo from './portal.repository.ts';

const toOverrideDto = (o: repo.OverrideRow): OverrideDto => ({ ...o });
const toVisitTypeDto = (v: repo.VisitTypeRow): VisitTypeDto => ({ ...v });

/** Today's date (YYYY-MM-DD) in `timeZone`. */
const localToday = (now: Date, timeZone: string) => now.toLocaleDateString('en-CA', { timeZone });

/**
 * The clinic portal (issue 14): what a clinic account reads and edits, always of its own clinic. The clinic comes
 * from the account's row (users.clinic_id), never from the request, so another clinic's ids answer 404.
 */
export function createClinicPortalService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The signed-in staff member's clinic; 403 for an account not linked to one. */
  async function clinicOf(userId: string): Promise<ClinicRow & { import_bank: string | null }> {
    const staff = await repo.findStaffClinic(db, userId);
    const clinic = staff?.clinic_id ? await findClinicById(db, staff.clinic_id) : undefined;
    if (!staff || !clinic) throw forbidden();
    return { ...clinic, import_bank: staff.bank_name };
  }

  async function ownClinician(clinicId: string, clinicianId: string) {
    if (!(await repo.clinicianOfClinic(db, clinicId, clinicianId)))
      throw fieldError('clinician_id', CLINIC_MSG.clinicianNotFound);
  }

  async function schedule(clinic: ClinicRow) {
    const rows = await repo.listClinicianHours(db, clinic.id);
    return {
      success: true as const,
      time_zone: clinic.time_zone,
      clinicians: rows.map((r) => ({ id: r.id, name: r.name, title: r.title, active: r.active, hours: r.hours ?? [] })),
    };
  }

  return {
    async clinic(userId: string) {
      const c = await clinicOf(userId);
      const clinic = {
        reference_id: c.reference_id,
        name: c.name,
        time_zone: c.time_zone,
        banks: c.banks,
        import_bank: c.import_bank,
      };
      return { success: true as const, clinic };
    },

    async schedule(userId: string) {
      return schedule(await clinicOf(userId));
    },

    /** Replaces one clinician's whole week (intervals already checked: in order, no overlaps). */
    async replaceWeek(userId: string, body: WeeklyHoursRequest) {
      const clinic = await clinicOf(userId);
      await ownClinician(clinic.id, body.clinician_id);
      await db.transaction((tx) => repo.replaceWeek(tx, body.clinician_id, body.hours));
      return schedule(clinic);
    },

    async overrides(userId: string, from?: string) {
      const clinic = await clinicOf(userId);
      const rows = await repo.listOverrides(db, clinic.id, from ?? localToday(clock.now(), clinic.time_zone));
      return { success: true as const, overrides: rows.map(toOverrideDto) };
    },

    async addOverride(userId: string, body: OverrideRequest) {
      const clinic = await clinicOf(userId);
      await ownClinician(clinic.id, body.clinician_id);
      const row = await repo.insertOverride(db, {
        clinician_id: body.clinician_id,
        on_date: body.on_date,
        kind: body.kind,
        start_time: body.kind === 'extra' ? (body.start_time ?? null) : null,
        end_time: body.kind === 'extra' ? (body.end_time ?? null) : null,
        note: body.note || null,
      });
      return { success: true as const, message: CLINIC_MSG.overrideSaved, override: toOverrideDto(row) };
    },

    async deleteOverride(userId: string, id: string) {
      const clinic = await clinicOf(userId);
      if (!(await repo.deleteOverride(db, clinic.id, id))) throw notFound(CLINIC_MSG.overrideNotFound);
    },

    async visitTypes(userId: string) {
      const clinic = await clinicOf(userId);
      return { success: true as const, visit_types: (await repo.listVisitTypes(db, clinic.id)).map(toVisitTypeDto) };
    },

    async addVisitType(userId: string, body: VisitTypeRequest) {
      const clinic = await clinicOf(userId);
      const row = await repo.insertVisitType(db, clinic.id, body);
      return { success: true as const, message: CLINIC_MSG.visitTypeSaved, visit_type: toVisitTypeDto(row) };
    },

    async updateVisitType(userId: string, id: string, body: VisitTypeRequest) {
      const clinic = await clinicOf(userId);
      const row = await repo.updateVisitType(db, clinic.id, id, body);
      if (!row) throw notFound(CLINIC_MSG.visitTypeNotFound);
      return { success: true as const, message: CLINIC_MSG.visitTypeSaved, visit_type: toVisitTypeDto(row) };
    },

    /** Starred donors of the parents whose latest shortlist_sharing consent for this clinic is a grant. */
    async shortlists(userId: string): Promise<{ success: true; shortlists: SharedShortlistDto[] }> {
      const clinic = await clinicOf(userId);
      const rows = await repo.listSharedShortlists(db, clinic.reference_id);
      const shortlists = rows.map((r) => ({
        parent_id: r.parent_id,
        name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        shared_at: new Date(r.shared_at).toISOString(),
        partner_name: r.partner_name,
        donors: (r.donors ?? []).map((d) => ({ ...d, score: d.score === null ? null : Number(d.score) })),
      }));
      return { success: true, shortlists };
    },

    /** The clinic's banks' donors, newest change first, a page at a time (read-only). */
    async donors(userId: string, page = 1, pageSize = BANK_DONORS_PAGE_SIZE) {
      const clinic = await clinicOf(userId);
      const { total, rows } = await repo.listBankDonors(db, clinic.id, pageSize, (page - 1) * pageSize);
      const donors = rows.map((d) => ({ ...d, updated_at: new Date(d.updated_at).toISOString() }));
      return { success: true as const, total, page, page_size: pageSize, donors };
    },
  };
}
export type ClinicPortalService = ReturnType<typeof createClinicPortalService>;

/**
 * Other modules' way to a clinic's visit types and staff (issue 27: the portal repository is private to this module):
 * the console edits visit types, the family ledger finds a staff member's clinic. Each takes the caller's `db` or
 * transaction handle first and runs in it.
 */
export const listVisitTypes: typeof repo.listVisitTypes = (...args) => repo.listVisitTypes(...args);
export const insertVisitType: typeof repo.insertVisitType = (...args) => repo.insertVisitType(...args);
export const updateVisitType: typeof repo.updateVisitType = (...args) => repo.updateVisitType(...args);
export const findStaffClinic: typeof repo.findStaffClinic = (...args) => repo.findStaffClinic(...args);
