import { z } from 'zod';
import { hardFilterIdSchema } from './vocabulary.ts';
import { matchItemSchema, publicDonorSchema } from './matching.schemas.ts';
import { emailField } from './validation.ts';
import { priceListTermsSchema } from './price-lists.ts';

/**
 * "Decide together" (issue 29, ADR 028): two parents linked as one family share a shortlist, rate donors and
 * leave notes. Who may see what is listed in ADR 028.
 */

export const FAMILY_INVITE_TTL_DAYS = 7;
export const FAMILY_COMPARE_MAX = 4;
export const FAMILY_NOTE_MAX = 2000;
export const RATINGS = ['yes', 'maybe', 'no'] as const;
export type Rating = (typeof RATINGS)[number];

export const FAMILY_MSG = {
  consentRequired: 'Please confirm that you agree to link your accounts.',
  inviteSelf: 'You cannot invite yourself.',
  alreadyLinked: 'You are already linked with a partner. Leave that family first.',
  partnerLinked: 'The person who invited you is now linked with someone else.',
  notLinked: 'You are not linked with a partner.',
  inviteInvalid: 'This invitation link is not valid. Ask your partner to send a new one.',
  inviteUsed: 'This invitation was already used or withdrawn.',
  inviteExpired: 'This invitation has expired. Ask your partner to send a new one.',
  inviteOtherAddress: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  notOnShortlist: 'This donor is not on your family shortlist.',
  notRevealed: 'This donor was not found among your family’s matches.',
  setNotFound: 'This preference set was not found.',
  noteNotFound: 'This note was not found.',
  compareTooMany: `Compare at most ${FAMILY_COMPARE_MAX} donors.`,
  compareNone: 'Choose at least one donor to compare.',
} as const;

const referenceId = z
  .string()
  .trim()
  .regex(/^[A-Z0-9-]{4,32}$/, { error: 'donor_reference_id is not a donor reference.' });

export const familyInviteRequest = z.object({
  email: emailField,
  consent: z.literal(true, { error: FAMILY_MSG.consentRequired }),
});
export const familyTokenRequest = z.object({
  token: z.string({ error: FAMILY_MSG.inviteInvalid }).trim().min(10, { error: FAMILY_MSG.inviteInvalid }).max(200),
});
export const familyAcceptRequest = familyTokenRequest.extend({
  consent: z.literal(true, { error: FAMILY_MSG.consentRequired }),
});

export const familyRatingRequest = z.object({
  donor_reference_id: referenceId,
  /** null clears the rating. */
  rating: z.enum(RATINGS, { error: 'rating must be yes, maybe, no or null.' }).nullable(),
});
export const familyNoteRequest = z.object({
  donor_reference_id: referenceId,
  body: z
    .string({ error: 'Write a note.' })
    .trim()
    .min(1, { error: 'Write a note.' })
    .max(FAMILY_NOTE_MAX, { error: `A note is at most ${FAMILY_NOTE_MAX} characters.` }),
  shared: z.boolean({ error: 'shared must be true or false.' }),
});
export const familyShortlistAddRequest = z.object({ donor_reference_id: referenceId });
export const familyShareSetRequest = z.object({
  preference_set_id: z.uuid({ error: 'preference_set_id must be one of your preference sets.' }),
  /** The owner's explicit consent, given now, to share their own health answers with the set. */
  include_health_answers: z.boolean({ error: 'include_health_answers must be true or false.' }),
});
export const familyIdParam = z.object({ id: z.uuid({ error: 'Not a valid id.' }) });

export const familyShortlistQuery = z.object({
  set_id: z.uuid({ error: 'set_id must be a preference set you can view.' }).optional(),
  sort: z.enum(['agreement', 'added'], { error: 'sort must be agreement or added.' }).optional(),
  filter: z.enum(['all', 'disagree'], { error: 'filter must be all or disagree.' }).optional(),
});
export const familyCompareQuery = z.object({
  ids: z
    .string({ error: FAMILY_MSG.compareNone })
    .max(200)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(referenceId)
        .min(1, { error: FAMILY_MSG.compareNone })
        .max(FAMILY_COMPARE_MAX, { error: FAMILY_MSG.compareTooMany }),
    ),
  set_id: z.uuid({ error: 'set_id must be a preference set you can view.' }).optional(),
});

const person = z.object({ user_id: z.string(), first_name: z.string(), last_name: z.string(), is_me: z.boolean() });

/** A preference set the viewer may score with: their own, or one their partner shared. */
export const familySetSchema = z.object({
  id: z.string(),
  donor_type: z.string(),
  location: z.string().nullable(),
  owner: z.enum(['me', 'partner']),
  owner_name: z.string(),
  /** Scored with the owner's own health answers (their own set, or shared with the owner's consent). */
  includes_health_answers: z.boolean(),
  /** For the viewer's own sets: whether it is shared with the partner (and with health answers). */
  shared: z.boolean(),
});
export type FamilySet = z.infer<typeof familySetSchema>;

export const familyStateResponse = z.object({
  success: z.literal(true),
  family: z
    .object({
      id: z.string(),
      linked_at: z.string(),
      members: z.array(person),
    })
    .nullable(),
  /** The open invitation the viewer sent, if any. */
  invite: z.object({ id: z.string(), email: z.string(), expires_at: z.string() }).nullable(),
  sets: z.array(familySetSchema),
});
export type FamilyState = z.infer<typeof familyStateResponse>;

export const invitePreviewResponse = z.object({
  success: z.literal(true),
  inviter_name: z.string(),
  email: z.string(),
  expires_at: z.string(),
});

const noteSchema = z.object({
  id: z.string(),
  author: z.enum(['me', 'partner']),
  author_name: z.string(),
  body: z.string(),
  shared: z.boolean(),
  created_at: z.string(),
});
export type FamilyNote = z.infer<typeof noteSchema>;

export const agreementSchema = z.enum(['both_yes', 'agree', 'pending', 'disagree']);
export type Agreement = z.infer<typeof agreementSchema>;

const ratingsSchema = z.object({
  mine: z.enum(RATINGS).nullable(),
  partner: z.enum(RATINGS).nullable(),
  agreement: agreementSchema,
});

export const familyItemSchema = z.object({
  donor_reference_id: z.string(),
  donor_type: z.string().nullable(),
  /** The donor's clinic (to book a consultation from the shortlist). */
  clinic_reference_id: z.string().nullable(),
  added_by: z.array(z.enum(['me', 'partner'])),
  match: matchItemSchema.nullable(),
  failed: z.array(hardFilterIdSchema),
  ratings: ratingsSchema,
  notes: z.array(noteSchema),
  /** The donor's bank's price list, for the all-in estimate (issue 29, ADR 029); null when the bank lists none. */
  price_list: priceListTermsSchema.nullable(),
});
export type FamilyItem = z.infer<typeof familyItemSchema>;

export const familyShortlistResponse = z.object({
  success: z.literal(true),
  /** The set the scores are against (null: the viewer has no set to score with). */
  scored_with: familySetSchema.nullable(),
  partner_name: z.string(),
  items: z.array(familyItemSchema),
});
export type FamilyShortlist = z.infer<typeof familyShortlistResponse>;

export const familyRevealedResponse = z.object({
  success: z.literal(true),
  donors: z.array(
    z.object({
      donor_reference_id: z.string(),
      revealed_by: z.array(z.enum(['me', 'partner'])),
      on_shortlist: z.boolean(),
    }),
  ),
});

export const familyCompareResponse = z.object({
  success: z.literal(true),
  scored_with: familySetSchema.nullable(),
  partner_name: z.string(),
  donors: z.array(familyItemSchema.extend({ donor: publicDonorSchema })),
});
export type FamilyCompare = z.infer<typeof familyCompareResponse>;

export const familyOkResponse = z.object({ success: z.literal(true) });

/** What the realtime socket tells a partner: something changed, read the shortlist again. */
export const familyUpdateKinds = ['rating', 'note', 'shortlist', 'link', 'sets'] as const;
