import { z } from 'zod';
import { isRealIsoDate } from './validation.ts';

/**
 * The family ledger across banks (issue 28, ADR 027): parents report a pregnancy or birth with a donor, the clinic
 * they name confirms it in its portal, operators link donor records of the same person. Staff see counts; only the
 * parent (and the named clinic, for its own patient's report) sees a report itself.
 */

export const FAMILY_REPORT_KINDS = ['pregnancy', 'birth'] as const;
export const FAMILY_REPORT_STATUSES = ['reported', 'confirmed', 'withdrawn'] as const;
/** A donor is "near" its limit from this share of it (the console report's threshold). */
export const NEAR_LIMIT_SHARE = 0.8;
export const LEDGER_REPORT_PAGE_SIZE = 25;
export const MAX_BADGE_DONORS = 50;

export const LEDGER_MSG = {
  donorNotFound: 'We could not find this donor.',
  clinicNotFound: 'Choose one of Kindred’s partner clinics.',
  reportNotFound: 'We could not find this report.',
  alreadyReported: 'You have already reported a family with this donor. Correct that report instead.',
  withdrawn: 'This report was withdrawn; report again if you need to.',
  notPending: 'Only a report that is waiting for confirmation can be confirmed.',
  futureDate: 'The date cannot be in the future.',
  reported: 'Thank you. Your clinic can now confirm it.',
  corrected: 'Your report is corrected. Your clinic confirms it again.',
  withdrawnSaved: 'Your report is withdrawn.',
  confirmed: 'Report confirmed.',
  linkSame: 'Choose at least two different donor records.',
  linked: 'Donor records linked.',
  unlinked: 'Donor record unlinked.',
  notLinked: 'This donor record is not linked to another.',
} as const;

const referenceId = z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: LEDGER_MSG.donorNotFound });
const clinicReference = z
  .string({ error: LEDGER_MSG.clinicNotFound })
  .trim()
  .min(1, { error: LEDGER_MSG.clinicNotFound })
  .max(64, { error: LEDGER_MSG.clinicNotFound });
const eventDate = z.string().refine(isRealIsoDate, { error: 'must be a date (YYYY-MM-DD)' }).nullable().optional();
const kind = z.enum(FAMILY_REPORT_KINDS, { error: 'Choose pregnancy or birth.' });

export const familyReportRequest = z.object({
  donor_reference_id: referenceId,
  kind,
  clinic_reference_id: clinicReference,
  event_date: eventDate,
});
export type FamilyReportRequest = z.infer<typeof familyReportRequest>;

export const familyReportCorrection = z.object({ kind, clinic_reference_id: clinicReference, event_date: eventDate });
export type FamilyReportCorrection = z.infer<typeof familyReportCorrection>;

export const familyReportParams = z.object({ id: z.uuid({ error: LEDGER_MSG.reportNotFound }) });

export const familyReportDto = z.object({
  id: z.string(),
  donor_reference_id: z.string(),
  kind: z.enum(FAMILY_REPORT_KINDS),
  event_date: z.string().nullable(),
  status: z.enum(FAMILY_REPORT_STATUSES),
  clinic: z.object({ reference_id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type FamilyReportDto = z.infer<typeof familyReportDto>;

export const familyReportsResponse = z.object({ success: z.literal(true), reports: z.array(familyReportDto) });
export const familyReportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  report: familyReportDto,
});

/** The badge: counts and limits, each with where it comes from. Never who the families are. */
export const familyBadgeDto = z.object({
  donor_reference_id: z.string(),
  /** Families confirmed by their clinic, across every linked record of this donor. */
  confirmed: z.number().int(),
  /** Families reported and not confirmed yet, across linked records. */
  reported: z.number().int(),
  /** How many bank records are counted together (1: this record only). */
  linked_records: z.number().int(),
  linked_banks: z.array(z.string()),
  bank: z.object({ name: z.string(), count: z.number().int(), limit: z.number().int() }),
  legal: z
    .object({
      country: z.string(),
      country_name: z.string(),
      limit: z.number().int(),
      unit: z.enum(['families', 'children', 'women']),
      source_name: z.string(),
      source_url: z.string(),
    })
    .nullable(),
  on_hold: z.boolean(),
});
export type FamilyBadgeDto = z.infer<typeof familyBadgeDto>;

export const familyBadgesQuery = z.object({
  donors: z
    .string({ error: 'Name at least one donor.' })
    .trim()
    .min(1, { error: 'Name at least one donor.' })
    .max(MAX_BADGE_DONORS * 33)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: 'This is not a donor reference.' }))
        .max(MAX_BADGE_DONORS, { error: `Name at most ${MAX_BADGE_DONORS} donors.` }),
    ),
});
export const familyBadgesResponse = z.object({ success: z.literal(true), badges: z.array(familyBadgeDto) });

// The clinic portal: reports naming this clinic (its own patients), to confirm.
export const clinicFamilyReportDto = familyReportDto.extend({
  parent_name: z.string().nullable(),
  parent_email: z.string().nullable(),
});
export type ClinicFamilyReportDto = z.infer<typeof clinicFamilyReportDto>;
export const clinicFamilyReportsResponse = z.object({
  success: z.literal(true),
  reports: z.array(clinicFamilyReportDto),
});
export const clinicFamilyReportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  report: clinicFamilyReportDto,
});

// The console: donors near or over their limits, and cross-bank links.
export const ledgerReportQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(10_000).default(1),
});
export const ledgerReportRowDto = z.object({
  reference_id: z.string(),
  bank_name: z.string(),
  bank_donor_id: z.string(),
  availability: z.string(),
  family_limit: z.number().int(),
  bank_count: z.number().int(),
  confirmed: z.number().int(),
  reported: z.number().int(),
  linked_records: z.number().int(),
  /** The larger of the bank's count and the families confirmed across banks, over the bank's limit. */
  share: z.number(),
  status: z.enum(['near', 'reached', 'over']),
  on_hold: z.boolean(),
});
export type LedgerReportRowDto = z.infer<typeof ledgerReportRowDto>;
export const ledgerReportResponse = z.object({
  success: z.literal(true),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  donors: z.array(ledgerReportRowDto),
});

const reason = z.string().trim().max(500, { error: 'The reason is at most 500 characters.' }).optional();
export const donorLinkRequest = z.object({
  reference_ids: z
    .array(referenceId, { error: LEDGER_MSG.linkSame })
    .min(2, { error: LEDGER_MSG.linkSame })
    .max(20, { error: 'Link at most 20 records at once.' }),
  reason,
});
export type DonorLinkRequest = z.infer<typeof donorLinkRequest>;
export const donorUnlinkRequest = z.object({ reference_id: referenceId, reason });
export type DonorUnlinkRequest = z.infer<typeof donorUnlinkRequest>;
export const donorLinksParams = z.object({ reference_id: referenceId });
export const donorLinksResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  reference_id: z.string(),
  linked: z.array(
    z.object({ reference_id: z.string(), bank_name: z.string(), bank_donor_id: z.string(), linked_by: z.string() }),
  ),
});
