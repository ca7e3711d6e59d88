/** Seconds as mm:ss for the OTP countdown (180 → "03:00"); never below 00:00. */
export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const dateTimeFormat = new Intl.DateTimeFormat('en-US', DATE_TIME_OPTIONS);

/** 'MMM DD YYYY' (spec section 9); the input itself when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateFormat.format(d).replace(',', '');
}

/**
 * 'MMM - DD - YYYY, h:mm A' (spec section 9), in the browser's zone; with `zone`, in that IANA zone and named by
 * its abbreviation ('Dec - 02 - 2026, 9:00 AM CST'): how the console shows a clinic's times (issue 25).
 */
export function formatDateTime(value: string | null | undefined, zone?: string): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const format = zone
    ? new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone: zone, timeZoneName: 'short' })
    : dateTimeFormat;
  const parts = Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value]));
  const named = zone ? ` ${parts.timeZoneName}` : '';
  return `${parts.month} - ${parts.day} - ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}${named}`;
}
