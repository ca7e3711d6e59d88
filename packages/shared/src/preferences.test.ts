import { describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS, normalizePreferences, parsePreferences } from './preferences.ts';

describe('normalizePreferences', () => {
  it('lowercases, trims and underscores list values into the stored spellings', () => {
    const p = normalizePreferences({
      donor_type_preference: ' Egg Donor ',
      preferred_races: ['White', 'Mixed Race', 'Black'],
      preferred_ethnicities: 'Hispanic/Latino',
      preferred_hair_colors: ['Blond', 'RED'],
      preferred_eye_colors: ['Gray', 'Hazel'],
      preferred_religions: ['Christianity', 'Judaism'],
    });
    expect(p.donorType).toBe('egg');
    expect(p.race.values).toEqual(['black_african', 'white', 'mixed_race']);
    expect(p.ethnicity.values).toEqual(['hispanic_latino']);
    expect(p.hairColor.values).toEqual(['blonde', 'red']);
    expect(p.eyeColor.values).toEqual(['hazel', 'grey']);
    expect(p.religions).toEqual(['christianity', 'judaism']);
  });

  it('normalises the same choices made in any order to the same list', () => {
    const a = normalizePreferences({ preferred_eye_colors: ['green', 'blue'], user_genetic_conditions: ['SMA', 'CF'] });
    const b = normalizePreferences({ preferred_eye_colors: ['Blue', 'Green'], user_genetic_conditions: ['cf', 'sma'] });
    expect(a).toEqual(b);
  });

  it('keeps the hyphen of height and age ranges whatever spacing the client used', () => {
    const p = normalizePreferences({
      preferred_height_ranges: ['60 - 65', '73-77'],
      preferred_age_ranges: '26-30, 40 to 45',
    });
    expect(p.height.values).toEqual(['60-65', '73-77']);
    expect(p.age.values).toEqual(['26-30', '40-45']);
  });

  it('stores BRCA1 and BRCA2 as one combined value', () => {
    expect(normalizePreferences({ user_genetic_conditions: ['BRCA1', 'BRCA2'] }).geneticConditions).toEqual([
      'brca1_brca2',
    ]);
    expect(normalizePreferences({ user_genetic_conditions: ['BRCA2'] }).geneticConditions).toEqual(['brca1_brca2']);
  });

  it('collapses thalassemia and cystic fibrosis variants to one name each', () => {
    const p = normalizePreferences({
      user_genetic_conditions: [
        'Alpha thalassemia',
        'Beta thalassemia',
        'Thalassemia',
        'Cystic fibrosis',
        'Cystic Fibrosis (CFTR)',
        'cystic_fibrosis_carrier',
      ],
    });
    expect(p.geneticConditions).toEqual(['cystic_fibrosis', 'thalassemia']);
  });

  it('maps every genetic checklist option of spec section 3 into the vocabulary', () => {
    const options = [
      'Cystic fibrosis',
      'Fragile X syndrome',
      'Sickle cell disease',
      'Tay Sachs disease',
      'Thalassemia',
      'Turner syndrome',
      'Wilson disease',
      'Spinal muscular atrophy',
      'BRCA1',
      'BRCA2',
      'a1 Antitrypsin deficiency',
      'Hereditary hemochromatosis',
      'Congenital adrenal hyperplasia',
      'Galactosemia',
      'Phenylketonuria',
      'Alpha thalassemia',
      'Beta thalassemia',
      'Canavan disease',
      'Hemoglobin c',
      'Hemoglobin e',
      'Gaucher disease',
      'Bloom syndrome',
      'Fanconi anemia group C',
      'Glycogen storage disease 1a',
      'Maple syrup urine disease',
      'mucolipidosis iv',
      'Niemann Pick A',
    ];
    const p = normalizePreferences({ user_genetic_conditions: options });
    expect(p.unrecognized).toEqual([]);
    expect(p.geneticConditions).toHaveLength(24);
  });

  it('treats None Known as no conditions, and drops it when other conditions are chosen', () => {
    expect(normalizePreferences({ user_genetic_conditions: ['None Known'] }).geneticConditions).toEqual([]);
    expect(
      normalizePreferences({ user_genetic_conditions: ['None Known', 'Wilson disease'] }).geneticConditions,
    ).toEqual(['wilson_disease']);
  });

  it('reads no_preference in a list, or an X_no_preference flag, as "any" and disables that dealbreaker', () => {
    const p = normalizePreferences({
      preferred_races: ['no_preference'],
      race_dealbreaker: true,
      preferred_eye_colors: ['blue'],
      eye_color_no_preference: true,
      eye_color_dealbreaker: true,
      preferred_age_ranges: ['No Preference'],
      preferred_religions: ['No Preference'],
    });
    expect(p.race).toEqual({ values: null, dealbreaker: false });
    expect(p.eyeColor).toEqual({ values: null, dealbreaker: false });
    expect(p.age.values).toBeNull();
    expect(p.religions).toBeNull();
  });

  it('applies the forced submit defaults of spec section 9 when values are left out', () => {
    const p = normalizePreferences({});
    expect(p.noChronicConditionsPreferred).toBe(PREFERENCE_DEFAULTS.no_chronic_conditions_preferred);
    expect(p.importance.lifestyle_environment).toBe(40);
    expect(p.importance.medical_genetic).toBe(35);
    expect(p.fertilityTreatments).toBe('none');
    expect(p.importance.values_legal).toBe(25);
  });

  it("reads a post-match communication answer left out as not asked (0), never as the spec's forced 5", () => {
    expect(normalizePreferences({}).postMatchCommunication).toBe(0);
    expect(normalizePreferences({ post_match_communication_importance: null }).postMatchCommunication).toBe(0);
    expect(
      normalizePreferences({
        post_match_communication_importance: PREFERENCE_DEFAULTS.post_match_communication_importance,
      }).postMatchCommunication,
    ).toBe(5);
  });

  it('keeps values the parent did set, clamped to the slider range', () => {
    const p = normalizePreferences({
      lifestyle_environment_importance: '75',
      medical_genetic_importance: 250,
      values_legal_importance: -3,
      post_match_communication_importance: 2,
      no_chronic_conditions_preferred: false,
    });
    expect(p.importance).toMatchObject({ lifestyle_environment: 75, medical_genetic: 100, values_legal: 0 });
    expect(p.postMatchCommunication).toBe(2);
    expect(p.noChronicConditionsPreferred).toBe(false);
  });

  it('makes every dealbreaker flag except age follow the Yes/No answer', () => {
    const yes = normalizePreferences({
      dealbreakers: 'Yes',
      preferred_races: ['white'],
      preferred_ethnicities: ['hispanic_latino'],
      preferred_hair_colors: ['red'],
      preferred_eye_colors: ['blue'],
      preferred_height_ranges: ['66-72'],
      preferred_age_ranges: ['26-30'],
      race_dealbreaker: false,
    });
    expect([yes.race, yes.ethnicity, yes.hairColor, yes.eyeColor, yes.height].every((a) => a.dealbreaker)).toBe(true);
    expect(yes.age.dealbreaker).toBe(false);
    const own = normalizePreferences({
      preferred_races: ['white'],
      race_dealbreaker: 'true',
      preferred_age_ranges: ['18-25'],
      age_dealbreaker: true,
    });
    expect(own.race.dealbreaker).toBe(true);
    expect(own.age.dealbreaker).toBe(true);
    expect(own.height.dealbreaker).toBe(false);
  });

  it('stores chronic conditions lowercased and leaves "no chronic conditions preferred" out of the list', () => {
    const p = normalizePreferences({
      no_chronic_conditions_preferred: false,
      acceptable_chronic_conditions: ['No chronic conditions preferred', 'Diabetes I', 'Familial High Cholesterol'],
    });
    expect(p.acceptableChronicConditions).toEqual(['diabetes_i', 'high_cholesterol']);
    expect(p.noChronicConditionsPreferred).toBe(true);
  });

  it('reads education, lifestyle and surrogate answers', () => {
    const p = normalizePreferences({
      preferred_minimum_education: 'Master',
      smoking_history_preference: 'No',
      recreational_drugs_preference: 'no_preference',
      regular_exercise_preferred: true,
      health_insurance_required: 'yes',
      previous_full_term_pregnancies_preferred: 1,
      pregnancy_complications_ok: 'no',
    });
    expect(p.minimumEducation).toBe('masters');
    expect(p.maxSmoking).toBe('never');
    expect(p.maxRecreationalDrugs).toBeNull();
    expect(p.minExercise).toBe('regular');
    expect(p.healthInsuranceRequired).toBe(true);
    expect(p.previousFullTermPregnancyRequired).toBe(true);
    expect(p.pregnancyComplicationsOk).toBe(false);
    expect(normalizePreferences({ preferred_minimum_education: 'No Preference' }).minimumEducation).toBeNull();
  });

  it('reads the optional alcohol answer: the most use accepted; missing (older sets) or no preference is any', () => {
    expect(normalizePreferences({ alcohol_use_preference: 'social' }).maxAlcohol).toBe('social');
    expect(normalizePreferences({ alcohol_use_preference: 'No' }).maxAlcohol).toBe('none');
    expect(normalizePreferences({ alcohol_use_preference: 'Yes' }).maxAlcohol).toBe('regular');
    expect(normalizePreferences({ alcohol_use_preference: 'no_preference' }).maxAlcohol).toBeNull();
    expect(normalizePreferences({}).maxAlcohol).toBeNull();
    const odd = normalizePreferences({ alcohol_use_preference: 'daily' });
    expect(odd.maxAlcohol).toBeNull();
    expect(odd.unrecognized).toEqual([{ key: 'alcohol_use_preference', value: 'daily' }]);
  });

  it('drops values outside the vocabulary and reports them instead of guessing', () => {
    const p = normalizePreferences({ preferred_hair_colors: ['purple'], preferred_races: ['white', 'martian'] });
    expect(p.hairColor.values).toBeNull();
    expect(p.race.values).toEqual(['white']);
    expect(p.unrecognized).toEqual([
      { key: 'preferred_races', value: 'martian' },
      { key: 'preferred_hair_colors', value: 'purple' },
    ]);
  });

  it('passes the geocoded origin through', () => {
    expect(normalizePreferences({ primary_zip_code: 60601 }, { origin: { lat: 41.9, lon: -87.6 } })).toMatchObject({
      zipCode: '60601',
      origin: { lat: 41.9, lon: -87.6 },
    });
  });
});

describe('parsePreferences', () => {
  it('accepts the shapes the wizard sends', () => {
    const r = parsePreferences({
      donor_type_preference: 'surrogate',
      race_dealbreaker: 'no',
      preferred_races: 'white',
      lifestyle_environment_importance: '50',
      unknown_key: 1,
    });
    expect(r.success && r.data.donorType).toBe('surrogate');
  });

  it('rejects input that is not a preference set, or is too large to be one', () => {
    expect(parsePreferences('hello').success).toBe(false);
    expect(parsePreferences({ preferred_races: { a: 1 } }).success).toBe(false);
    expect(parsePreferences({ preferred_races: Array.from({ length: 500 }, () => 'white') }).success).toBe(false);
  });
});
