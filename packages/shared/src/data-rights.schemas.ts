import { z } from 'zod';

/**
 * Data rights (issue 13, ADR 019): recorded consents and data exports, as the API and the profile page share them.
 */

/** The separate consents a parent gives or withdraws. */
export const CONSENT_KINDS = [
  'health_data_matching',
  'shortlist_sharing',
  'email_updates',
  'partner_link',
  'family_set_health',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/**
 * Given and withdrawn only through the family flow (issue 29, ADR 028): linking with a partner (scope: the family's
 * id) and sharing a preference set with one's own health answers (scope: the set's id). Recorded in the same log,
 * listed in the export, not changed through the consents route.
 */
export const FAMILY_CONSENT_KINDS: readonly ConsentKind[] = ['partner_link', 'family_set_health'];
/** The consents a parent changes on the profile (the consents route). */
export const CHANGEABLE_CONSENT_KINDS = ['health_data_matching', 'shortlist_sharing', 'email_updates'] as const;
/** Consents given per recipient (a clinic's id as `scope`); the others have no scope. */
export const SCOPED_CONSENT_KINDS: readonly ConsentKind[] = ['shortlist_sharing', ...FAMILY_CONSENT_KINDS];
export const CONSENT_SOURCES = ['wizard', 'profile', 'api'] as const;

export const DATA_RIGHTS_MSG = {
  healthConsentRequired:
    'Please agree to the use of your health information for matching before saving your preferences.',
  healthConsentMissing:
    'Matching uses your health information only with your consent. Give it on your profile to see matches.',
  scopeRequired: 'Name the clinic this consent is for.',
  scopeNotAllowed: 'This consent is not given per clinic.',
  scopeUnknownClinic: 'No partner clinic has this reference. Choose a clinic from the list.',
  exportRequested: 'We are preparing your data. We will email you a link when it is ready.',
  exportExpired: 'This export has expired. Please request a new one.',
  exportNotReady: 'This export is still being prepared.',
  exportLimit: 'You can request 3 exports a day. Please try again tomorrow.',
} as const;

export const consentChangeRequest = z.object({
  kind: z.enum(CHANGEABLE_CONSENT_KINDS, { error: 'Choose a kind of consent.' }),
  scope: z.string().trim().max(100, { error: 'The scope is at most 100 characters.' }).optional(),
  granted: z.boolean({ error: 'granted must be true or false.' }),
  source: z.enum(CONSENT_SOURCES, { error: 'source must be wizard, profile or api.' }).optional(),
});
export type ConsentChangeRequest = z.infer<typeof consentChangeRequest>;

/** The current state of one consent: its latest event (never given: granted false, at null). */
export const consentState = z.object({
  kind: z.enum(CONSENT_KINDS),
  scope: z.string(),
  granted: z.boolean(),
  at: z.string().nullable(),
  source: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentState>;
export const consentsResponse = z.object({ success: z.literal(true), consents: z.array(consentState) });

export const exportStatus = z.enum(['preparing', 'ready', 'failed', 'expired']);
export const dataExportDto = z.object({
  id: z.string(),
  status: exportStatus,
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Download links (same-origin, signed-in session) while ready. */
  json_url: z.string().nullable(),
  html_url: z.string().nullable(),
});
export type DataExportDto = z.infer<typeof dataExportDto>;
export const exportsResponse = z.object({ success: z.literal(true), exports: z.array(dataExportDto) });
export const exportRequestedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  export: dataExportDto,
});
