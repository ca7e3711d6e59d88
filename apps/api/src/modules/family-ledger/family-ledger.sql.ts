/** The family ledger's public SQL fragment, composed by the donor-updates repository (issue 27). */

/**
 * The same audience as one SQL source for the donor-update fan-out (`$2` is the donor's reference id): parents with
 * a live report on the record or on any record linked to it.
 */
export const REPORTED_WITH_DONOR_SOURCE = `select fr.user_id from family_reports fr
  where fr.status <> 'withdrawn' and fr.user_id is not null and fr.donor_reference_id in (
    select $2::text union
    select m.reference_id from donor_identities i join donor_identities m on m.person_id = i.person_id
    where i.reference_id = $2::text)`;
