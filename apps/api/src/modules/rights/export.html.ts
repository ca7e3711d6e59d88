import { escapeHtml } from '../mail/mail.templates.ts';
import type { ExportFile } from './export.repository.ts';

/** The sections of the readable summary, in the file's order, with the heading and note each shows. */
const SECTIONS: { key: keyof ExportFile; title: string; note?: string }[] = [
  { key: 'preference_sets', title: 'Preference sets', note: 'Each set as you submitted it and as matching read it.' },
  {
    key: 'carrier_screening',
    title: 'Your carrier screening',
    note: 'The panel you told us about and the genes where you carry something.',
  },
  { key: 'favourites', title: 'Favourite donors' },
  { key: 'family_links', title: 'Your partner', note: 'The partner your account is linked with to decide together.' },
  { key: 'family_ratings', title: 'Your ratings of shortlisted donors' },
  { key: 'donor_comparisons', title: 'Donors you compared on the family page' },
  {
    key: 'family_notes',
    title: 'Notes on shortlisted donors',
    note: 'Every note you wrote, and the notes your partner shared with you, with their authors.',
  },
  {
    key: 'alerts',
    title: 'Saved-search alerts',
    note: 'The searches you asked us to watch, and the donors each told you about.',
  },
  {
    key: 'family_ledger',
    title: 'Families you reported',
    note: 'Pregnancies and births you reported with a donor, and whether your clinic confirmed them.',
  },
  {
    key: 'appointments',
    title: 'Appointments',
    note: 'The consultations you booked with clinics (and times you held without booking), with their status.',
  },
  { key: 'payments', title: 'Payments' },
  { key: 'subscriptions', title: 'Plans' },
  { key: 'consents', title: 'Consents', note: 'Every time you gave or withdrew a consent, oldest first.' },
  { key: 'notifications', title: 'Notifications', note: 'What Kindred told you, and when you read it.' },
  { key: 'notification_preferences', title: 'Notification e-mail preferences' },
  { key: 'contact_messages', title: 'Messages sent through the contact form' },
];

const cell = (v: unknown) =>
  v === null || v === undefined
    ? '<td>—</td>'
    : typeof v === 'object'
      ? `<td><pre>${escapeHtml(JSON.stringify(v, null, 2))}</pre></td>`
      : `<td>${escapeHtml(String(v))}</td>`;

/** One record as a two-column table (field, value). */
const record = (r: Record<string, unknown>) =>
  '<table>' +
  Object.entries(r)
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th>${cell(v)}</tr>`)
    .join('') +
  '</table>';

const list = (items: readonly Record<string, unknown>[]) =>
  items.length === 0 ? '<p>None.</p>' : items.map(record).join('');

/**
 * The readable summary of an export: the same data as the JSON file, one section per part, every value escaped.
 * A standalone page (inline styles only) that opens from disk.
 */
export function renderExportHtml(file: ExportFile): string {
  const { account, matches_shown: shown } = file;
  const sections = [
    `<h2>Account</h2>${record(account)}`,
    ...SECTIONS.slice(0, 2).map((s) => section(s, file)),
    '<h2>Matches shown to you</h2><p>Donors revealed to you, with the score they had then.</p>' +
      list(shown.revealed_donors) +
      '<h3>Preferences those matches were scored with</h3>' +
      list(shown.shown_preferences),
    ...SECTIONS.slice(2).map((s) => section(s, file)),
  ];
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your Kindred data</title>' +
    '<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2933}' +
    'table{border-collapse:collapse;margin:0 0 16px;width:100%}th,td{border:1px solid #cbd2d9;padding:4px 8px;' +
    'text-align:left;vertical-align:top}th{width:30%;background:#f5f7fa}pre{margin:0;white-space:pre-wrap}</style>' +
    '</head><body>' +
    `<h1>Your Kindred data</h1><p>Prepared ${escapeHtml(file.generated_at)} (export ${escapeHtml(file.export_id)}, ` +
    `schema version ${file.schema_version}). The JSON file holds the same data for other programs.</p>` +
    sections.join('') +
    '</body></html>'
  );
}

function section(s: (typeof SECTIONS)[number], file: ExportFile) {
  const items = file[s.key] as readonly Record<string, unknown>[];
  return `<h2>${escapeHtml(s.title)}</h2>${s.note ? `<p>${escapeHtml(s.note)}</p>` : ''}${list(items)}`;
}
