/**
 * Hand-made donors for tests: a complete, unremarkable donor that each test overrides field by field, so a
 * golden case states only what it is about.
 */
import { GENETIC_CONDITIONS } from '@kindred/shared/vocabulary';
import type { GeneticCondition } from '@kindred/shared/vocabulary';
import type { CarrierResult, Donor } from './types.ts';

/** The date fixtures' ages are computed for. */
export const FIXTURE_AS_OF = '2025-06-01';

/** A full panel, tested and clear, with the given overrides per condition. */
export function panel(
  overrides: Partial<Record<GeneticCondition, CarrierResult>> = {},
): Partial<Record<GeneticCondition, CarrierResult>> {
  const all = Object.fromEntries(GENETIC_CONDITIONS.map((c) => [c, { tested: true, carrier: false }]));
  return { ...all, ...overrides };
}

export const CHICAGO = { lat: 41.8781, lon: -87.6298 };
export const MILWAUKEE = { lat: 43.0389, lon: -87.9065 };
export const SEATTLE = { lat: 47.6062, lon: -122.3321 };

/** A donor of the given type who is 28 on FIXTURE_AS_OF, in Chicago, available, tested clear on everything. */
export function fixtureDonor(id: string, type: Donor['donor_type'], overrides: Partial<Donor> = {}): Donor {
  return {
    reference_id: id,
    bank_donor_id: `bank-${id}`,
    clinic_reference_id: 'CLN-TEST',
    bank_name: 'Test Bank (fictional)',
    donor_type: type,
    disclosure: 'OPEN',
    availability: 'available',
    family_limit: 10,
    families_so_far: 0,
    last_medical_update: '2025-01-01',
    display_name: `Fictional Donor ${id}`,
    is_fictional: true,
    date_of_birth: '1997-01-15',
    height_in: 68,
    weight_lb: 150,
    race: 'white',
    ethnicity: 'not_hispanic_latino',
    hair_color: 'brown',
    eye_color: 'blue',
    blood_group: 'O+',
    location: { city: 'Chicago', state: 'IL', country: 'US', zip: '60601', ...CHICAGO },
    education: 'masters',
    occupation: 'teacher',
    religion: 'none',
    languages: ['english'],
    smoking: 'never',
    recreational_drugs: 'never',
    alcohol: 'social',
    exercise: 'regular',
    chronic_conditions: [],
    family_medical_history: [],
    carrier_screening: panel(),
    surrogate:
      type === 'surrogate'
        ? {
            previous_full_term_pregnancies: 2,
            pregnancy_complications: false,
            health_insurance_covers_pregnancy: true,
            bmi: 24,
            max_embryos_per_transfer: 1,
            open_to_selective_reduction: false,
          }
        : null,
    personality: ['calm'],
    interests: ['reading'],
    essay: 'Fictional test donor.',
    avatar: { style: 'geometric', background: '#1A237E', accent: '#FFE082', shape: 'circle', initials: 'FD' },
    ...overrides,
  };
}
