import { z } from 'zod';

/**
 * The operator console's audit log (issue 15, ADR 022): the filters, the page of rows and the CSV export. Rows are
 * newest first and keyset-paged (`before` is the id of the last row seen); names are read from the users table at
 * read time and never stored in the log.
 */

export const AUDIT_MSG = {
  empty: 'No changes match these filters.',
  loadFailed: 'We could not load the audit log',
  actorUnknown: 'No account has this e-mail address.',
  actorInvalid: 'Give the e-mail address or the user id of the staff member.',
  idInvalid: 'This id is not valid.',
  dateInvalid: 'Give the date as YYYY-MM-DD, or a full ISO 8601 time.',
  dateOutOfRange: 'Give a date between 1970 and 9999.',
  rangeInvalid: 'The end of the range must be after its start.',
  actionInvalid: 'An action is a dotted verb such as article.publish.',
  targetTypeInvalid: 'A target type is a word such as article or user.',
} as const;

/** Rows per page of the audit log (and per database read of the CSV export). */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

/** The years a filter bound may name: the log starts after 1970, and PostgreSQL's timestamps end with 9999. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;
/** The last instant a bound can stand for (a range ending on 31 December 9999 would otherwise end in year 10000). */
const LAST_INSTANT = Date.UTC(LAST_YEAR, 11, 31, 23, 59, 59, 999);

/** A date (the whole day, in UTC; a real calendar day, so no 30 February) or an ISO 8601 time with its offset. */
const instant = z
  .string()
  .trim()
  .refine((v) => z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success, {
    error: AUDIT_MSG.dateInvalid,
    abort: true,
  })
  .refine((v) => !Number.isNaN(new Date(v).getTime()), { error: AUDIT_MSG.dateInvalid, abort: true })
  .refine((v) => Number(v.slice(0, 4)) >= FIRST_YEAR && Number(v.slice(0, 4)) <= LAST_YEAR, {
    error: AUDIT_MSG.dateOutOfRange,
  });

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The filters of the list and of the export: all optional, combined with "and". */
const filterShape = {
  /** The staff member: their user id, or their e-mail address. */
  actor: z.preprocess(emptyToUndefined, z.string().trim().max(254).optional()),
  action: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, { error: AUDIT_MSG.actionInvalid })
      .max(60)
      .optional(),
  ),
  target_type: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z_]+$/, { error: AUDIT_MSG.targetTypeInvalid })
      .max(40)
      .optional(),
  ),
  target_id: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  /** From this date or time (inclusive). */
  from: z.preprocess(emptyToUndefined, instant.optional()),
  /** Until this date (inclusive: the whole day) or time (exclusive). */
  to: z.preprocess(emptyToUndefined, instant.optional()),
};
const rangeInOrder = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || toBound(q.to, 'end') > toBound(q.from, 'start');

export const auditFilterQuery = z
  .object(filterShape)
  .refine(rangeInOrder, { path: ['to'], error: AUDIT_MSG.rangeInvalid });
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

export const auditListQuery = z
  .object({
    ...filterShape,
    /** The id of the last row already shown: the next page holds older rows. */
    before: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{1,18}$/, { error: AUDIT_MSG.idInvalid })
        .optional(),
    ),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
  })
  .refine(rangeInOrder, { path: ['to'], error: AUDIT_MSG.rangeInvalid });
export type AuditListQuery = z.infer<typeof auditListQuery>;

/**
 * The instant a filter bound stands for: a bare date starts at 00:00 UTC (`start`) or, as the end of a range,
 * includes the whole day (`end`: the next day's 00:00).
 */
export function toBound(value: string, side: 'start' | 'end'): Date {
  let at = new Date(value).getTime();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    at = new Date(`${value}T00:00:00Z`).getTime() + (side === 'end' ? 24 * 3600 * 1000 : 0);
  }
  return new Date(Math.min(at, LAST_INSTANT));
}

export const auditEntryDto = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    id: z.string().nullable(),
    role: z.string(),
    /** The staff member's name today (null once their account is gone). */
    name: z.string().nullable(),
  }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The target's name today (a user, clinic, visit type, plan, article …); null when it has none or is gone. */
  target_name: z.string().nullable(),
  /** True when the target (of a type that has names) no longer exists: the console shows "deleted". */
  target_deleted: z.boolean(),
  /** `{field: [before, after]}` of the changed fields; secret values read `[redacted]`. */
  diff: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  reason: z.string().nullable(),
  client_ip: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const auditPageResponse = z.object({
  results: z.array(auditEntryDto),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});
export type AuditPageResponse = z.infer<typeof auditPageResponse>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_role',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'diff',
  'reason',
  'client_ip',
] as const;
