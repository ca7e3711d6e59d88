import type { VisitTypeRequest } from '@kindred/shared/clinic-portal.schemas';
import { CONSOLE_CLINIC_MSG, type ConsoleClinicDto } from '@kindred/shared/console-clinics.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { listVisitTypes, insertVisitType, updateVisitType } from '../clinic-portal/portal.service.ts';
import type { Geocoder } from '../geocoding/geocoding.service.ts';
import * as repo from './console-clinics.repository.ts';

const NOT_FOUND = 'We could not find this clinic.';

/** The clinic's fields as the service takes them (after the shared schema's parsing). */
export type ClinicInput = Omit<repo.ClinicValues, 'latitude' | 'longitude'>;
export type ClinicianInput = { name: string; title: string; languages: string[]; active: boolean };

/** What an audit row keeps of a clinic: no contact details, coordinates rounded away. */
const auditedClinic = (c: Partial<repo.ClinicValues>) => ({
  name: c.name,
  address: c.address,
  city: c.city,
  state: c.state,
  time_zone: c.time_zone,
  specialties: c.specialties,
  photo_url: c.photo_url,
  active: c.active,
});
/** A clinician's name is a person's name: audit rows keep the other fields and the id (ADR 022). */
const auditedClinician = (c: ClinicianInput) => ({ title: c.title, languages: c.languages, active: c.active });

/**
 * Clinics in the operator console (issue 15, ADR 022): an admin creates and edits clinics (coordinates from the
 * geocoder, never typed in), their clinicians and visit types (the portal's rules) and links partner banks. Each
 * change is written with its audit row in one transaction.
 */
export function createConsoleClinicsService(deps: {
  db: Db;
  clock: Clock;
  geocoder: Geocoder;
  audit: Pick<AuditService, 'change'>;
}) {
  const { db, audit, clock } = deps;

  /** The city's coordinates from the geocoder; a 400 on `city` when it knows no such place. */
  async function locate(city: string, state: string) {
    const [place] = await deps.geocoder.autocomplete(`${city}, ${state}`, 1);
    if (!place) throw fieldError('city', CONSOLE_CLINIC_MSG.placeNotFound);
    return { latitude: place.lat, longitude: place.lon };
  }

  async function detail(q: Queryable, referenceId: string): Promise<ConsoleClinicDto> {
    const c = await repo.findClinicDetail(q, referenceId);
    if (!c) throw notFound(NOT_FOUND);
    const [clinicians, visitTypes] = await Promise.all([repo.listClinicians(q, c.id), listVisitTypes(q, c.id)]);
    return {
      reference_id: c.reference_id,
      name: c.name,
      address: c.address,
      city: c.city,
      state: c.state,
      latitude: c.latitude,
      longitude: c.longitude,
      time_zone: c.time_zone,
      specialties: c.specialties,
      photo_url: c.photo_url,
      active: c.active,
      banks: c.banks,
      clinicians,
      visit_types: visitTypes,
    };
  }

  async function clinicFor(tx: Queryable, referenceId: string) {
    const c = await repo.findClinicDetail(tx, referenceId, true);
    if (!c) throw notFound(NOT_FOUND);
    return c;
  }

  const respond = async (referenceId: string, message: string) => ({
    success: true as const,
    message,
    clinic: await detail(db, referenceId),
  });

  return {
    async get(referenceId: string) {
      return { success: true as const, clinic: await detail(db, referenceId) };
    },

    async create(actor: AuditActor, referenceId: string, body: ClinicInput) {
      const place = await locate(body.city, body.state);
      await audit.change(actor, async (tx) => {
        const id = await repo.insertClinic(tx, referenceId, { ...body, ...place }, clock.now());
        if (!id) throw conflict(CONSOLE_CLINIC_MSG.referenceTaken);
        return {
          result: id,
          audit: { action: 'clinic.create', targetType: 'clinic', targetId: referenceId, after: auditedClinic(body) },
        };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.created);
    },

    async update(actor: AuditActor, referenceId: string, body: ClinicInput) {
      const known = await repo.findClinicDetail(db, referenceId);
      if (!known) throw notFound(NOT_FOUND);
      const moved = known.city !== body.city || known.state !== body.state;
      const place = moved
        ? await locate(body.city, body.state)
        : { latitude: known.latitude, longitude: known.longitude };
      await audit.change(actor, async (tx) => {
        const before = await clinicFor(tx, referenceId);
        await repo.updateClinic(tx, before.id, { ...body, ...place }, clock.now());
        return {
          result: null,
          audit: {
            action: 'clinic.update',
            targetType: 'clinic',
            targetId: referenceId,
            before: auditedClinic(before),
            after: auditedClinic(body),
          },
        };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.saved);
    },

    async setBanks(actor: AuditActor, referenceId: string, banks: string[]) {
      const wanted = [...new Set(banks)].sort();
      await audit.change(actor, async (tx) => {
        const clinic = await clinicFor(tx, referenceId);
        await repo.replaceBanks(tx, clinic.id, wanted);
        return {
          result: null,
          audit: {
            action: 'clinic.banks',
            targetType: 'clinic',
            targetId: referenceId,
            before: { banks: clinic.banks },
            after: { banks: wanted },
          },
        };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.banksSaved);
    },

    async addClinician(actor: AuditActor, referenceId: string, body: ClinicianInput) {
      await audit.change(actor, async (tx) => {
        const clinic = await clinicFor(tx, referenceId);
        const row = await repo.insertClinician(tx, clinic.id, body);
        return {
          result: row,
          audit: {
            action: 'clinician.create',
            targetType: 'clinician',
            targetId: row.id,
            after: auditedClinician(body),
          },
        };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.clinicianSaved);
    },

    async updateClinician(actor: AuditActor, referenceId: string, id: string, body: ClinicianInput) {
      await audit.change(actor, async (tx) => {
        const clinic = await clinicFor(tx, referenceId);
        const before = await repo.findClinician(tx, clinic.id, id);
        if (!before) throw notFound(CONSOLE_CLINIC_MSG.clinicianNotFound);
        await repo.updateClinician(tx, clinic.id, id, body);
        const audited = { action: 'clinician.update', targetType: 'clinician', targetId: id };
        return { result: null, audit: { ...audited, before: auditedClinician(before), after: auditedClinician(body) } };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.clinicianSaved);
    },

    async addVisitType(actor: AuditActor, referenceId: string, body: VisitTypeRequest) {
      await audit.change(actor, async (tx) => {
        const clinic = await clinicFor(tx, referenceId);
        const row = await insertVisitType(tx, clinic.id, body);
        return {
          result: row,
          audit: { action: 'visit_type.create', targetType: 'visit_type', targetId: row.id, after: body },
        };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.visitTypeSaved);
    },

    async updateVisitType(actor: AuditActor, referenceId: string, id: string, body: VisitTypeRequest) {
      await audit.change(actor, async (tx) => {
        const clinic = await clinicFor(tx, referenceId);
        const before = (await listVisitTypes(tx, clinic.id)).find((v) => v.id === id);
        if (!before) throw notFound(CONSOLE_CLINIC_MSG.visitTypeNotFound);
        await updateVisitType(tx, clinic.id, id, body);
        const { id: _id, ...was } = before;
        return {
          result: null,
          audit: { action: 'visit_type.update', targetType: 'visit_type', targetId: id, before: was, after: body },
        };
      });
      return respond(referenceId, CONSOLE_CLINIC_MSG.visitTypeSaved);
    },
  };
}
export type ConsoleClinicsService = ReturnType<typeof createConsoleClinicsService>;
