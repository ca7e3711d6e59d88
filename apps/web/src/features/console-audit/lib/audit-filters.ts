import { schemaResolver, type FormErrors } from '@mantine/form';
import { auditFilterQuery } from '@kindred/shared/console-audit.schemas';

/** The audit log's filter form; every field optional (empty: no filter). Dates are YYYY-MM-DD (UTC days). */
export type AuditFilterValues = {
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string;
  to: string;
};
export type AuditFilterField = keyof AuditFilterValues;
export const AUDIT_FILTER_FIELDS: readonly AuditFilterField[] = [
  'actor',
  'action',
  'target_type',
  'target_id',
  'from',
  'to',
];

export const emptyAuditFilters = (): AuditFilterValues => ({
  actor: '',
  action: '',
  target_type: '',
  target_id: '',
  from: '',
  to: '',
});

/** The filters a page address carries (?action=…&from=…), so a filtered view can be shared and reloaded. */
export function filtersFromSearch(search: URLSearchParams): AuditFilterValues {
  const values = emptyAuditFilters();
  for (const field of AUDIT_FILTER_FIELDS) values[field] = search.get(field)?.trim() ?? '';
  return values;
}

/** The query string of the filters that are set (trimmed), in a fixed order. */
export function filtersToQuery(values: AuditFilterValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = values[field].trim();
    if (value) query[field] = value;
  }
  return query;
}

/** The form's `validate`: the server's own schema and messages, by field. */
export const validateAuditFilters: (v: AuditFilterValues) => FormErrors = schemaResolver(auditFilterQuery, {
  sync: true,
});

/** A value of a diff as a reader sees it: "none" for null, text as it is, anything else as compact JSON. */
export function diffValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}

/** A diff `{field: [before, after]}` as lines "field: before → after", fields in the order they were written. */
export function diffLines(
  diff: Record<string, [unknown, unknown]>,
): { field: string; before: string; after: string }[] {
  return Object.entries(diff).map(([field, [before, after]]) => ({
    field,
    before: diffValue(before),
    after: diffValue(after),
  }));
}
