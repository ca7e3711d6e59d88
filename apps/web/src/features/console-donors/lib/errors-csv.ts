import type { DonorImportError } from '@kindred/shared/catalogue.schemas';

/** A row error of a donor import, as the API reports it. */
export type ImportRowError = DonorImportError;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A leading = + - @, tab or carriage
 * return (and the full-width = + - @ some spreadsheets fold) is defused with a quote, as OWASP and the API's audit
 * export (csv-stringify's escape_formulas) do.
 */
const field = (value: string | number) => {
  let s = String(value);
  if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The row-error report as CSV (row, field, error), the same columns as the table on the page. */
export function errorsToCsv(errors: readonly ImportRowError[]): string {
  return (
    ['row,field,error', ...errors.map((e) => [e.row, e.field, e.error].map(field).join(','))].join('\r\n') + '\r\n'
  );
}
