/**
 * Builds the preference set the server and the live count accept (packages/shared rawPreferencesSchema keys) from
 * the draft: each question's own payload mapping (questions.ts), in the table's order, and the forced defaults for
 * what the wizard does not ask (spec sections 4, 5 and 9; ADR 007).
 */
import {
  QUESTION_KEYS,
  FIXED_PAYLOAD,
  payloadOf,
  type PreferencePayload,
  type WizardDraft,
} from './questions/index.ts';

export { geneticConditionsOf, zipOf } from './codec.ts';
export { POST_MATCH_WANTED, type PreferencePayload } from './questions/index.ts';

export function buildPreferencePayload(d: WizardDraft): PreferencePayload {
  const payload: Record<string, unknown> = {};
  for (const key of QUESTION_KEYS) {
    for (const [name, value] of Object.entries(payloadOf(key, d))) if (value !== undefined) payload[name] = value;
  }
  return { ...payload, ...FIXED_PAYLOAD } as PreferencePayload;
}
