import type { Queryable } from '../../db/db.ts';
import { consentLog, type ConsentEventRow } from './rights.repository.ts';

/** The version of the export file's layout (docs/data-export.md); raised on any change a reader would notice. */
export const EXPORT_SCHEMA_VERSION = 1;

type Row = Record<string, unknown>;

/** Timestamps as ISO strings, numerics as numbers: the file reads the same on PGlite and PostgreSQL. */
function plain(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query<Row>(sql, params)).map(plain);

/**
 * Everything Kindred holds about one account, in the layout of docs/data-export.md (schema_version 1). Reads only
 * rows of `userId` (contact messages by the account's e-mail, as the contact form records no account).
 */
export async function collectExport(db: Queryable, userId: string, exportId: string, now: Date) {
  const [account] = await rows(
    db,
    `select id, email, first_name, last_name, phone_number, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth,
       relationship_to_child, highest_education, race, ethnicity, role, created_at, updated_at, password_changed_at
     from users where id = $1`,
    [userId],
  );
  if (!account) return null;
  const log: ConsentEventRow[] = await consentLog(db, userId);
  return {
    schema_version: EXPORT_SCHEMA_VERSION,
    export_id: exportId,
    generated_at: now.toISOString(),
    account,
    preference_sets: await rows(
      db,
      `select id, donor_type_preference, location, latitude, longitude, raw as submitted, normalized,
         created_at, updated_at
       from fertility_profiles where user_id = $1 order by created_at`,
      [userId],
    ),
    // The parent's own carrier screening (issue 24): none or one row.
    carrier_screening: await rows(
      db,
      'select screening, created_at, updated_at from parent_carrier_screenings where user_id = $1',
      [userId],
    ),
    matches_shown: {
      revealed_donors: await rows(
        db,
        `select d.reference_id as donor_reference_id, r.revealed_at, r.score::float8 as score,
           r.preferences_fp as preferences_fingerprint, r.subscription_id
         from revealed_donors r join donors d on d.id = r.donor_id
         where r.user_id = $1 order by r.revealed_at, d.reference_id`,
        [userId],
      ),
      shown_preferences: await rows(
        db,
        `select fingerprint, preferences, created_at from shown_preferences where user_id = $1 order by created_at`,
        [userId],
      ),
    },
    favourites: await rows(
      db,
      `select d.reference_id as donor_reference_id, f.created_at from favourites f join donors d on d.id = f.donor_id
       where f.user_id = $1 order by f.created_at, d.reference_id`,
      [userId],
    ),
    // Saved-search alerts (issue 28): each with its filters and the donors it announced.
    alerts: await rows(
      db,
      `select a.id, a.name, a.donor_type, a.filters, a.paused_at, a.created_at, a.last_fired_at,
         coalesce((select json_agg(json_build_object('donor_reference_id', h.donor_reference_id,
                      'fired_at', to_char(h.fired_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                    order by h.fired_at, h.donor_reference_id)
                   from search_alert_hits h where h.alert_id = a.id), '[]'::json) as hits
       from search_alerts a where a.user_id = $1 order by a.created_at, a.id`,
      [userId],
    ),
    // Pregnancies and births reported with a donor (issue 28, the family ledger), with the clinic named.
    family_ledger: await rows(
      db,
      `select r.id, r.donor_reference_id, r.kind, to_char(r.event_date, 'YYYY-MM-DD') as event_date, r.status,
         c.reference_id as clinic_reference_id, c.name as clinic_name, r.created_at, r.updated_at, r.confirmed_at,
         r.withdrawn_at
       from family_reports r left join clinics c on c.id = r.clinic_id where r.user_id = $1 order by r.created_at, r.id`,
      [userId],
    ),
    // Decide together (issue 29, ADR 028): the current partner, the user's ratings, and the notes they may read:
    // every note they wrote (private or shared, in any family) and their current partner's shared notes, each with
    // its author.
    family_links: await rows(
      db,
      `select u.first_name as partner_first_name, u.last_name as partner_last_name, me.joined_at as linked_at
         from family_members me join family_members m on m.family_id = me.family_id and m.user_id <> me.user_id
         join users u on u.id = m.user_id where me.user_id = $1`,
      [userId],
    ),
    family_ratings: await rows(
      db,
      `select d.reference_id as donor_reference_id, r.rating, r.updated_at
         from family_ratings r join donors d on d.id = r.donor_id where r.user_id = $1 order by r.updated_at`,
      [userId],
    ),
    family_notes: await rows(
      db,
      `select u.first_name || ' ' || u.last_name as author, (n.user_id = $1) as written_by_you,
              d.reference_id as donor_reference_id, n.body, n.shared, n.created_at
         from family_notes n join donors d on d.id = n.donor_id join users u on u.id = n.user_id
        where n.user_id = $1
           or (n.shared and n.family_id in (select family_id from family_members where user_id = $1))
        order by n.created_at, n.id`,
      [userId],
    ),
    // Donors compared on the family page (issue 28: their updates reach the parent).
    donor_comparisons: await rows(
      db,
      `select d.reference_id as donor_reference_id, c.first_at, c.last_at
         from donor_comparisons c join donors d on d.id = c.donor_id where c.user_id = $1 order by c.first_at`,
      [userId],
    ),
    appointments: await rows(
      db,
      `select id, name, email, phone_number, reason_for_consultation, clinic, donor_reference, booking_date,
         meeting_link, status, created_at
       from appointments where user_id = $1 order by created_at`,
      [userId],
    ),
    payments: await rows(
      db,
      `select id, plan_name, plan_price::float8 as amount, currency, payment_status, provider, kind, created_at
       from payments where user_id = $1 order by created_at`,
      [userId],
    ),
    subscriptions: await rows(
      db,
      `select s.id, p.name as plan_name, s.status, s.provider, s.match_credits_total, s.match_credits_used,
         s.started_at, s.current_period_end, s.cancel_at_period_end, s.cancelled_at, s.paid_months
       from subscriptions s join plans p on p.id = s.plan_id where s.user_id = $1 order by s.started_at`,
      [userId],
    ),
    consents: log.map(plain),
    // Notifications (issue 28, ADR 025) and the e-mail preference per kind.
    notifications: await rows(
      db,
      `select id, kind, title, body, link, safety, created_at, read_at, acknowledged_at, email, resent_at
       from notifications where user_id = $1 order by created_at, id`,
      [userId],
    ),
    notification_preferences: await rows(
      db,
      'select kind, delivery, updated_at from notification_preferences where user_id = $1 order by kind',
      [userId],
    ),
    contact_messages: await rows(
      db,
      // With the replies Kindred's staff e-mailed from the console's inbox (text and time; not who wrote them).
      `select m.id, m.name, m.email, m.question, m.ip, m.created_at,
         coalesce((select json_agg(json_build_object('body', r.body,
                      'created_at', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                    order by r.created_at, r.id)
                   from contact_replies r where r.message_id = m.id), '[]'::json) as replies
       from contact_messages m where lower(m.email) = lower($1) order by m.created_at`,
      [account.email],
    ),
  };
}
export type ExportFile = NonNullable<Awaited<ReturnType<typeof collectExport>>>;
