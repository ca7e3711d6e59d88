/**
 * The index's input in the compact form a store keeps beside each record (`IndexSource`): what a server reads to
 * build the index at start, instead of whole records. `indexSourceOf` is the definition the store must follow
 * (the API's donors.index_source column computes the same in SQL); the index built from sources is the one built
 * from the records (property-tested).
 */
import { bornCode, encodeIndexSource } from './codes.ts';
import type { IndexEntry } from './index-build.ts';
import type { Donor, IndexSource } from './types.ts';

/** A record's index source: its indexed fields, and its carrier panel as the conditions with a result and found. */
export function indexSourceOf(d: Donor): IndexSource {
  const panel = Object.entries(d.carrier_screening);
  return {
    clinic_reference_id: d.clinic_reference_id,
    donor_type: d.donor_type,
    disclosure: d.disclosure,
    availability: d.availability,
    family_limit: d.family_limit,
    families_so_far: d.families_so_far,
    last_medical_update: d.last_medical_update,
    date_of_birth: d.date_of_birth,
    height_in: d.height_in,
    race: d.race,
    ethnicity: d.ethnicity,
    hair_color: d.hair_color,
    eye_color: d.eye_color,
    location: d.location,
    education: d.education,
    religion: d.religion,
    smoking: d.smoking,
    recreational_drugs: d.recreational_drugs,
    alcohol: d.alcohol,
    exercise: d.exercise,
    chronic_conditions: d.chronic_conditions,
    surrogate: d.surrogate,
    carrier_tested: panel.filter(([, r]) => r.tested || r.carrier).map(([c]) => c),
    carrier_found: panel.filter(([, r]) => r.carrier).map(([c]) => c),
    // The store's column keeps the record's per-gene results as they are (migration 018 drops only named fields).
    ...(d.genes !== undefined ? { genes: d.genes } : {}),
  };
}

/** What the index holds of the donor `source` describes (as `indexEntryOf` for its record). */
export function indexEntryOfSource(source: IndexSource, asOf: string, bank?: string): IndexEntry {
  return {
    clinic: source.clinic_reference_id,
    bank: bank ?? source.bank_name ?? '',
    codes: encodeIndexSource(source, asOf),
    born: bornCode(source.date_of_birth),
  };
}
