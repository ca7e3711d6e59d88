import { avatarSvg, type Donor } from '@kindred/matching';
import { ageOn } from '@kindred/shared';
import type { PublicDonor } from '@kindred/shared/matching.schemas';

/**
 * What a parent may see of a donor they were matched with: no bank id, no internal name for anonymous donors,
 * no exact coordinates.
 */
export function publicDonorProfile(d: Donor, today: Date): PublicDonor {
  return {
    reference_id: d.reference_id,
    clinic_reference_id: d.clinic_reference_id,
    bank_name: d.bank_name,
    donor_type: d.donor_type,
    disclosure: d.disclosure,
    availability: d.availability,
    display_name: d.disclosure === 'ANON' ? null : d.display_name,
    is_fictional: d.is_fictional,
    age: ageOn(d.date_of_birth, today),
    height_in: d.height_in,
    weight_lb: d.weight_lb,
    race: d.race,
    ethnicity: d.ethnicity,
    hair_color: d.hair_color,
    eye_color: d.eye_color,
    blood_group: d.blood_group,
    location: d.location ? { city: d.location.city, state: d.location.state, country: d.location.country } : null,
    education: d.education,
    occupation: d.occupation,
    religion: d.religion,
    languages: d.languages,
    smoking: d.smoking,
    recreational_drugs: d.recreational_drugs,
    alcohol: d.alcohol,
    exercise: d.exercise,
    chronic_conditions: d.chronic_conditions,
    family_medical_history: d.family_medical_history,
    carrier_screening: d.carrier_screening,
    surrogate: d.surrogate,
    personality: d.personality,
    interests: d.interests,
    essay: d.essay,
    last_medical_update: d.last_medical_update,
    family_limit: d.family_limit,
    families_so_far: d.families_so_far,
    avatar_url: avatarSvg(d.avatar),
  };
}
