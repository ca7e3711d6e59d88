import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_CHRONIC_CONDITIONS, NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';
import { EMPTY_DRAFT, type WizardDraft, type YesNo } from './draft.ts';
import { draftFromPreferences, draftFromSavedSet } from './from-preferences.ts';
import { DEALBREAKER_OPTIONS, GENETIC_OPTIONS, type Option } from './options.ts';
import { buildPreferencePayload, zipOf } from './payload.ts';
import { firstIncompleteStep } from './progress.ts';
import { optionsOf } from './questions/index.ts';
import { stepsFor } from './steps.ts';

const RACE_OPTIONS = optionsOf('preferred_races');
const ETHNICITY_OPTIONS = optionsOf('preferred_ethnicities');
const HAIR_OPTIONS = optionsOf('preferred_hair_colors');
const EYE_OPTIONS = optionsOf('preferred_eye_colors');
const HEIGHT_OPTIONS = optionsOf('preferred_height_ranges');
const AGE_OPTIONS = optionsOf('preferred_age_ranges');
const CHRONIC_OPTIONS = optionsOf('acceptable_chronic_conditions');
const EDUCATION_OPTIONS = optionsOf('preferred_minimum_education');
const SMOKING_OPTIONS = optionsOf('smoking_history_preference');
const DRUGS_OPTIONS = optionsOf('recreational_drugs_preference');
const EXERCISE_OPTIONS = optionsOf('regular_exercise_preferred');
const RELIGION_OPTIONS = optionsOf('preferred_religions');
const ALCOHOL_OPTIONS = optionsOf('alcohol_use_preference');

const values = (options: readonly Option[]) => options.map((o) => o.value).filter((v) => v !== NO_PREFERENCE);
const one = (options: readonly Option[]) => fc.constantFrom(...options.map((o) => o.value));
const yesNo = fc.constantFrom<YesNo>('yes', 'no');
const slider = fc.constantFrom(0, 25, 50, 75, 100);

/** A multi-select as the wizard leaves it: 'No Preference' alone, or some other options in click order. */
const multi = (options: readonly Option[]) =>
  fc.oneof(fc.constant<string[]>([NO_PREFERENCE]), fc.shuffledSubarray(values(options), { minLength: 1 }));

/** The genetic checklist, in the one spelling each answer comes back as (BRCA1 and BRCA2 go together). */
const GENETIC = values(GENETIC_OPTIONS).filter(
  (v) => v !== NONE_KNOWN && v !== 'brca2' && !/^(alpha|beta)_thalassemia$/.test(v),
);
const genetic = fc.oneof(
  fc.constant<string[]>([NONE_KNOWN]),
  fc
    .shuffledSubarray(GENETIC, { minLength: 1, maxLength: 6 })
    .map((list) => list.flatMap((v) => (v === 'brca1' ? ['brca1', 'brca2'] : [v]))),
);
const chronic = fc.oneof(
  fc.constant<string[]>([NO_CHRONIC_CONDITIONS]),
  fc.shuffledSubarray(
    values(CHRONIC_OPTIONS).filter((v) => v !== NO_CHRONIC_CONDITIONS),
    { minLength: 1 },
  ),
);

type Place = Pick<WizardDraft, 'location' | 'latitude' | 'longitude' | 'current_country'>;
const place = fc.oneof<fc.Arbitrary<Place>[]>(
  fc.constant({ location: 'Chicago, IL, United States', latitude: 41.85, longitude: -87.65, current_country: 'US' }),
  fc.constant({
    location: '10001, New York, NY, United States',
    latitude: 40.75,
    longitude: -73.99,
    current_country: 'US',
  }),
  fc.constant({ location: 'London, United Kingdom', latitude: 51.5, longitude: -0.13, current_country: 'GB' }),
  // Typed without picking a suggestion: no coordinates, no country.
  fc.constant({ location: 'Springfield', latitude: null, longitude: null, current_country: '' }),
);

const dealbreakers = fc.oneof(
  fc.constant({ dealbreakers: 'no' as const, dealbreaker_exclusions: [] as string[], dealbreaker_details: '' }),
  fc.record({
    dealbreakers: fc.constant('yes' as const),
    // At least one attribute stays ticked (the Demographic step requires it).
    dealbreaker_exclusions: fc
      .subarray(
        DEALBREAKER_OPTIONS.map((o) => o.value),
        { maxLength: 4 },
      )
      .map((list) => [...list]),
    dealbreaker_details: fc.oneof(
      fc.constant(''),
      fc.string({ minLength: 1, maxLength: 80 }).map((s) => s.trim()),
    ),
  }),
);

/** Every draft the wizard can submit: each step answered, as its controls store the answers. */
const submittable: fc.Arbitrary<WizardDraft> = fc
  .record({
    place,
    donor: fc.constantFrom('egg', 'sperm', 'surrogate'),
    dealbreakers,
    races: multi(RACE_OPTIONS),
    ethnicities: multi(ETHNICITY_OPTIONS),
    hair: multi(HAIR_OPTIONS),
    eyes: multi(EYE_OPTIONS),
    heights: multi(HEIGHT_OPTIONS),
    ages: multi(AGE_OPTIONS),
    chronic,
    genetic,
    medical: slider,
    pregnancy: yesNo,
    complications: yesNo,
    insurance: yesNo,
    education: one(EDUCATION_OPTIONS),
    smoking: one(SMOKING_OPTIONS),
    drugs: one(DRUGS_OPTIONS),
    // Optional: unanswered too.
    alcohol: fc.oneof(fc.constant(''), one(ALCOHOL_OPTIONS)),
    exercise: one(EXERCISE_OPTIONS),
    lifestyle: slider,
    religion: one(RELIGION_OPTIONS),
    valuesImportance: slider,
    postMatch: yesNo,
  })
  .map((a) => {
    const surrogate = a.donor === 'surrogate';
    return {
      ...EMPTY_DRAFT,
      ...a.place,
      primary_zip_code: zipOf(a.place.location),
      donor_type_preference: a.donor,
      preferred_races: a.races,
      preferred_ethnicities: a.ethnicities,
      preferred_hair_colors: a.hair,
      preferred_eye_colors: a.eyes,
      preferred_height_ranges: a.heights,
      preferred_age_ranges: a.ages,
      ...a.dealbreakers,
      acceptable_chronic_conditions: a.chronic,
      user_genetic_conditions: a.genetic,
      medical_genetic_importance: a.medical,
      previous_full_term_pregnancies_preferred: surrogate ? a.pregnancy : '',
      pregnancy_complications_ok: surrogate ? a.complications : '',
      health_insurance_required: surrogate ? a.insurance : '',
      preferred_minimum_education: a.education,
      smoking_history_preference: a.smoking,
      recreational_drugs_preference: a.drugs,
      alcohol_use_preference: a.alcohol,
      regular_exercise_preferred: a.exercise,
      lifestyle_environment_importance: a.lifestyle,
      preferred_religions: [a.religion],
      values_legal_importance: a.valuesImportance,
      post_match_communication: a.postMatch,
    };
  });

/** What the server stores and answers: the payload through JSON. */
const stored = (d: WizardDraft) => JSON.parse(JSON.stringify(buildPreferencePayload(d))) as Record<string, unknown>;

describe('a saved set back into the wizard', () => {
  it('draft → payload → draft is the identity for every draft the wizard can submit', () => {
    fc.assert(
      fc.property(submittable, (draft) => {
        expect(firstIncompleteStep(stepsFor(draft.donor_type_preference), draft)).toBeNull();
        expect(draftFromPreferences(stored(draft))).toEqual(draft);
      }),
      { numRuns: 400 },
    );
  });

  it('re-submitting an opened set sends the same preferences', () => {
    fc.assert(
      fc.property(submittable, (draft) => {
        const payload = buildPreferencePayload(draft);
        expect(buildPreferencePayload(draftFromPreferences(stored(draft)))).toEqual(payload);
      }),
      { numRuns: 200 },
    );
  });

  it('where the payload merges answers, they come back in the one spelling that sends the same thing', () => {
    const draft: WizardDraft = {
      ...EMPTY_DRAFT,
      user_genetic_conditions: ['alpha_thalassemia', 'brca2', 'beta_thalassemia'],
      post_match_communication: '',
    };
    const back = draftFromPreferences(stored(draft));
    expect(back.user_genetic_conditions).toEqual(['thalassemia', 'brca1', 'brca2']);
    expect(back.post_match_communication).toBe('no');
    expect(buildPreferencePayload(back)).toEqual(buildPreferencePayload(draft));
  });

  it('restores the dealbreaker ticks from the five flags, and reads older combined answers', () => {
    expect(
      draftFromPreferences({
        race_dealbreaker: true,
        ethnicity_dealbreaker: false,
        hair_color_dealbreaker: false,
        eye_color_dealbreaker: true,
        height_dealbreaker: false,
        dealbreaker_details: 'Eyes and race only.',
      }),
    ).toMatchObject({
      dealbreakers: 'yes',
      dealbreaker_exclusions: ['ethnicity', 'hair_color', 'height'],
      dealbreaker_details: 'Eyes and race only.',
    });
    expect(draftFromPreferences({ race_dealbreaker: false, height_dealbreaker: false })).toMatchObject({
      dealbreakers: 'no',
      dealbreaker_exclusions: [],
    });
    expect(draftFromPreferences({ dealbreakers: 'yes' })).toMatchObject({
      dealbreakers: 'yes',
      dealbreaker_exclusions: [],
    });
    expect(draftFromPreferences({})).toMatchObject({ dealbreakers: '', post_match_communication: '' });
  });

  it('is forgiving with sets other clients saved: flags, comma lists, strings for numbers, junk', () => {
    const d = draftFromPreferences({
      donor_type_preference: ' Surrogate ',
      preferred_races: 'White, asian',
      hair_color_no_preference: 'yes',
      preferred_religions: ['islam'],
      religion_no_preference: true,
      education_no_preference: true,
      values_legal_importance: '75',
      lifestyle_environment_importance: 'x',
      post_match_communication_importance: 5,
      health_insurance_required: 'no',
      smoking_history_preference: true,
      latitude: 'north',
    });
    expect(d).toMatchObject({
      donor_type_preference: 'surrogate',
      preferred_races: ['white', 'asian'],
      preferred_hair_colors: [NO_PREFERENCE],
      preferred_religions: [NO_PREFERENCE],
      preferred_minimum_education: NO_PREFERENCE,
      values_legal_importance: 75,
      lifestyle_environment_importance: 100,
      post_match_communication: 'yes',
      health_insurance_required: 'no',
      smoking_history_preference: '',
      latitude: null,
      acceptable_chronic_conditions: [NO_CHRONIC_CONDITIONS],
    });
  });

  it('a set stored without coordinates takes the ones the server found for the same place', () => {
    const set = {
      id: 'p',
      donor_type_preference: 'egg',
      location: 'Springfield',
      latitude: 39.8,
      longitude: -89.6,
      preferences: { location: 'Springfield' },
    };
    expect(draftFromSavedSet(set)).toMatchObject({ location: 'Springfield', latitude: 39.8, longitude: -89.6 });
    expect(draftFromSavedSet({ ...set, latitude: null, longitude: null })).toMatchObject({
      latitude: null,
      longitude: null,
    });
    expect(
      draftFromSavedSet({ ...set, preferences: { location: 'Paris', latitude: 48.9, longitude: 2.35 } }),
    ).toMatchObject({ location: 'Paris', latitude: 48.9 });
  });
});
