/** A row error of a donor import, as the API reports it. */
export type ImportRowError = { row: number; field: string; error: string };

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
const field = (value: string | number) => {
  let s = String(value);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The row-error report as CSV (row, field, error), the same columns as the table on the page. */
export function errorsToCsv(errors: readonly ImportRowError[]): string {
  return (
    ['row,field,error', ...errors.map((e) => [e.row, e.field, e.error].map(field).join(','))].join('\r\n') + '\r\n'
  );
}
