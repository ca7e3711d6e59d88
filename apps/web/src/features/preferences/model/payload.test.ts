import { describe, expect, it } from 'vitest';
import { normalizePreferences, rawPreferencesSchema } from '@kindred/shared/preferences';
import { PAYMENT_MSG } from '@kindred/shared';
import { EMPTY_DRAFT, type WizardDraft } from './draft.ts';
import { buildPreferencePayload, geneticConditionsOf, zipOf } from './payload.ts';
import { reviewRows } from './review.ts';
import { submitFailure, submitOutcome } from './submit-result.ts';

const draft = (over: Partial<WizardDraft> = {}): WizardDraft => ({
  ...EMPTY_DRAFT,
  location: '10001, New York, NY, United States',
  latitude: 40.75,
  longitude: -73.99,
  current_country: 'us',
  donor_type_preference: 'egg',
  preferred_races: ['white', 'asian'],
  preferred_ethnicities: ['no_preference'],
  preferred_hair_colors: ['brown'],
  preferred_eye_colors: ['blue', 'green'],
  preferred_height_ranges: ['66-72'],
  preferred_age_ranges: ['no_preference'],
  dealbreakers: 'yes',
  acceptable_chronic_conditions: ['no_chronic_conditions_preferred'],
  user_genetic_conditions: ['brca1', 'brca2', 'alpha_thalassemia', 'beta_thalassemia'],
  preferred_minimum_education: 'college',
  smoking_history_preference: 'never',
  recreational_drugs_preference: 'former',
  regular_exercise_preferred: 'regular',
  preferred_religions: ['no_preference'],
  values_legal_importance: 75,
  post_match_communication: 'yes',
  ...over,
});

describe('preference payload', () => {
  it('uses only keys the server accepts and normalises to what was chosen', () => {
    const { location, latitude, longitude, ...raw } = buildPreferencePayload(draft());
    expect({ location, latitude, longitude }).toEqual({
      location: '10001, New York, NY, United States',
      latitude: 40.75,
      longitude: -73.99,
    });
    expect(Object.keys(rawPreferencesSchema.strict().parse(raw)).sort()).toEqual(Object.keys(raw).sort());
    const n = normalizePreferences(raw);
    expect(n.unrecognized).toEqual([]);
    expect(n).toMatchObject({
      donorType: 'egg',
      zipCode: '10001',
      country: 'US',
      race: { values: ['white', 'asian'], dealbreaker: true },
      ethnicity: { values: null },
      age: { values: null, dealbreaker: false },
      height: { values: ['66-72'], dealbreaker: true },
      religions: null,
      minimumEducation: 'college',
      maxSmoking: 'never',
      maxRecreationalDrugs: 'former',
      minExercise: 'regular',
      geneticConditions: ['thalassemia', 'brca1_brca2'],
      noChronicConditionsPreferred: true,
      acceptableChronicConditions: [],
    });
    expect(n.importance.values_legal).toBe(75);
  });

  it('sends no preference for age and religion as [no_preference] with the flag; dealbreakers follow the answer except age', () => {
    const p = buildPreferencePayload(draft({ dealbreakers: 'no' }));
    expect(p).toMatchObject({
      preferred_age_ranges: ['no_preference'],
      age_no_preference: true,
      preferred_religions: ['no_preference'],
      religion_no_preference: true,
      race_dealbreaker: false,
      height_dealbreaker: false,
      age_dealbreaker: false,
    });
    expect(buildPreferencePayload(draft()).age_dealbreaker).toBe(false);
  });

  it("Yes sends all five flags by default (the spec's payload); each unticked attribute sends its flag false", () => {
    const all = buildPreferencePayload(draft());
    expect(all).toMatchObject({
      race_dealbreaker: true,
      ethnicity_dealbreaker: true,
      hair_color_dealbreaker: true,
      eye_color_dealbreaker: true,
      height_dealbreaker: true,
      age_dealbreaker: false,
    });
    const some = buildPreferencePayload(draft({ dealbreaker_exclusions: ['hair_color', 'height'] }));
    expect(some).toMatchObject({
      race_dealbreaker: true,
      ethnicity_dealbreaker: true,
      hair_color_dealbreaker: false,
      eye_color_dealbreaker: true,
      height_dealbreaker: false,
    });
    const n = normalizePreferences(some);
    expect(n.race.dealbreaker).toBe(true);
    expect(n.height.dealbreaker).toBe(false);
    // No: every flag false, whatever was unticked before.
    const no = buildPreferencePayload(draft({ dealbreakers: 'no', dealbreaker_exclusions: ['race'] }));
    expect([
      no.race_dealbreaker,
      no.ethnicity_dealbreaker,
      no.hair_color_dealbreaker,
      no.eye_color_dealbreaker,
      no.height_dealbreaker,
    ]).toEqual([false, false, false, false, false]);
  });

  it('sends the dealbreaker details with a Yes, as typed (trimmed, case kept)', () => {
    expect(
      buildPreferencePayload(draft({ dealbreaker_details: '  Height matters; Eyes Less.\n' })).dealbreaker_details,
    ).toBe('Height matters; Eyes Less.');
    expect(buildPreferencePayload(draft({ dealbreaker_details: '   ' }))).not.toHaveProperty('dealbreaker_details');
    expect(buildPreferencePayload(draft({ dealbreakers: 'no', dealbreaker_details: 'old text' }))).not.toHaveProperty(
      'dealbreaker_details',
    );
    expect(
      rawPreferencesSchema
        .strict()
        .safeParse(
          (({ location: _l, latitude: _a, longitude: _o, ...raw }) => raw)(
            buildPreferencePayload(draft({ dealbreaker_details: 'x' })),
          ),
        ).success,
    ).toBe(true);
  });

  it('alcohol use (optional, beyond the spec) is sent when answered, left out when not, and shown on Review', () => {
    const answered = buildPreferencePayload(draft({ alcohol_use_preference: 'social' }));
    expect(answered.alcohol_use_preference).toBe('social');
    expect(normalizePreferences(answered).maxAlcohol).toBe('social');
    expect(buildPreferencePayload(draft())).not.toHaveProperty('alcohol_use_preference');
    const noPreference = buildPreferencePayload(draft({ alcohol_use_preference: 'no_preference' }));
    expect(normalizePreferences(noPreference).maxAlcohol).toBeNull();
    const rows = reviewRows(draft({ alcohol_use_preference: 'regular' }));
    const labels = rows.map((r) => r.label);
    expect(labels.slice(labels.indexOf('Smoking'), labels.indexOf('Smoking') + 3)).toEqual([
      'Smoking',
      'Alcohol use',
      'Religion',
    ]);
    expect(rows.find((r) => r.label === 'Alcohol use')!.value).toBe('Regular drinking is fine');
    // Left unanswered, Review has no row for it: no "—" for a question the parent skipped.
    expect(reviewRows(draft()).map((r) => r.label)).not.toContain('Alcohol use');
  });

  it('review has no row for an optional question left unanswered, nor one the wizard did not ask', () => {
    const rows = reviewRows(draft({ alcohol_use_preference: '', dealbreakers: 'no', dealbreaker_details: '' }));
    expect(rows.map((r) => r.value)).not.toContain('—');
    expect(rows.map((r) => r.label)).not.toContain('Alcohol use');
    expect(rows.map((r) => r.label)).not.toContain('Dealbreaker details');
    // Every question the spec requires still has its row.
    expect(rows.map((r) => r.label)).toEqual(expect.arrayContaining(['Donor type', 'Race', 'Age', 'Education']));
  });

  it('post-match communication: 5 only for Yes; 0 for No or no answer', () => {
    expect(buildPreferencePayload(draft({ post_match_communication: 'yes' })).post_match_communication_importance).toBe(
      5,
    );
    expect(buildPreferencePayload(draft({ post_match_communication: 'no' })).post_match_communication_importance).toBe(
      0,
    );
    expect(buildPreferencePayload(draft({ post_match_communication: '' })).post_match_communication_importance).toBe(0);
  });

  it('applies the forced defaults and surrogate-only questions', () => {
    const egg = buildPreferencePayload(draft());
    expect(egg).toMatchObject({
      fertility_treatments_preference: 'none',
      post_match_communication_importance: 5,
      no_chronic_conditions_preferred: true,
    });
    expect(egg).not.toHaveProperty('health_insurance_required');
    const s = buildPreferencePayload(
      draft({
        donor_type_preference: 'surrogate',
        health_insurance_required: 'yes',
        previous_full_term_pregnancies_preferred: 'yes',
        pregnancy_complications_ok: 'no',
        acceptable_chronic_conditions: ['obesity'],
      }),
    );
    expect(s).toMatchObject({
      health_insurance_required: true,
      previous_full_term_pregnancies_preferred: true,
      pregnancy_complications_ok: false,
      no_chronic_conditions_preferred: false,
      acceptable_chronic_conditions: ['obesity'],
    });
  });

  it('collapses genetic conditions, keeps None Known alone and finds ZIP codes', () => {
    expect(geneticConditionsOf(['none_known'])).toEqual(['none_known']);
    expect(geneticConditionsOf([' Cystic Fibrosis ', 'brca2'])).toEqual(['cystic_fibrosis', 'brca1_brca2']);
    expect(zipOf('90210, Beverly Hills, CA, United States')).toBe('90210');
    expect(zipOf('London, United Kingdom')).toBe('');
  });

  it('review rows show the chosen values, cutting conditions at 50 characters', () => {
    const rows = Object.fromEntries(
      reviewRows(
        draft({ user_genetic_conditions: ['cystic_fibrosis', 'fragile_x_syndrome', 'sickle_cell_disease'] }),
      ).map((r) => [r.label, r.value]),
    );
    expect(rows).toMatchObject({
      'Donor type': 'Egg Donor',
      Importance: '100%',
      Dealbreakers: 'These are dealbreakers: race, ethnicity, hair colour, eye colour and height.',
      Race: 'White, Asian',
      Age: 'No Preference',
      Education: 'College',
    });
    expect(rows.Conditions).toBe('Cystic fibrosis, Fragile X syndrome, Sickle cell d…');
  });

  it('review shows which attributes are dealbreakers and the details in full', () => {
    const details = 'We care most about height; eye colour is only a preference for us, not a dealbreaker at all.';
    const rows = Object.fromEntries(
      reviewRows(draft({ dealbreaker_exclusions: ['eye_color', 'hair_color'], dealbreaker_details: details })).map(
        (r) => [r.label, r.value],
      ),
    );
    expect(rows).toMatchObject({
      Dealbreakers: 'These are dealbreakers: race, ethnicity and height.',
      'Dealbreaker details': details,
    });
    const no = Object.fromEntries(
      reviewRows(draft({ dealbreakers: 'no', dealbreaker_details: details })).map((r) => [r.label, r.value]),
    );
    expect(no.Dealbreakers).toBe('None: donors who miss a preference are ranked lower, never hidden.');
    expect(no).not.toHaveProperty('Dealbreaker details');
  });

  it('review says sentences, not field dumps: no "true"/"false" row, one row per question asked', () => {
    const rows = reviewRows(draft({ dealbreaker_exclusions: ['height'] }));
    expect(rows.map((r) => r.value)).not.toContain('true');
    expect(rows.map((r) => r.value)).not.toContain('false');
    expect(rows.filter((r) => r.label.startsWith('Dealbreaker')).map((r) => [r.label, r.value])).toEqual([
      ['Dealbreakers', 'These are dealbreakers: race, ethnicity, hair colour and eye colour.'],
    ]);
    expect(new Set(rows.map((r) => r.label)).size).toBe(rows.length);
  });

  it('review names an untouched importance slider as its default, with its meaning', () => {
    const rows = Object.fromEntries(
      reviewRows({ ...draft(), values_legal_importance: EMPTY_DRAFT.values_legal_importance }).map((r) => [
        r.label,
        r.value,
      ]),
    );
    expect(rows['Lifestyle importance']).toBe('Default importance (not changed): 100% (Extremely Important)');
    expect(rows['Medical importance']).toBe('Default importance (not changed): 50% (Important)');
    expect(rows['Values importance']).toBe('Default importance (not changed): 25% (Somewhat Important)');
    const moved = Object.fromEntries(
      reviewRows(draft({ lifestyle_environment_importance: 75, medical_genetic_importance: 0 })).map((r) => [
        r.label,
        r.value,
      ]),
    );
    expect(moved['Lifestyle importance']).toBe('75% (Very Important)');
    expect(moved['Medical importance']).toBe('0% (Not Important)');
  });

  it('submit messages follow spec section 8', () => {
    expect(submitOutcome({ message: 'Saved.', subscription: true })).toEqual({ message: 'Saved.', to: 'matches' });
    expect(submitOutcome({ subscription: false })).toEqual({ message: 'Preferences submitted!', to: 'subscription' });
    expect(submitFailure({ subscription_message: PAYMENT_MSG.noSubscription, message: 'x' })).toEqual({
      message: PAYMENT_MSG.noSubscription,
      toSubscription: true,
    });
    expect(submitFailure({ message: 'Bad', detail: 'd' }).message).toBe('Bad');
    expect(submitFailure({ detail: 'Token expired' }).message).toBe('Token expired');
    expect(submitFailure(null, 'Network down').message).toBe('Network down');
    expect(submitFailure(null)).toEqual({ message: 'Submission failed. Please try again.', toSubscription: false });
  });
});
