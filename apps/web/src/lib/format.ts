/** Seconds as mm:ss for the OTP countdown (180 → "03:00"); never below 00:00. */
export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'MMM DD YYYY' (spec section 9); the input itself when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateFormat.format(d).replace(',', '');
}

/** 'MMM - DD - YYYY, h:mm A' (spec section 9). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month} - ${parts.day} - ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}
