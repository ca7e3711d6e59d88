import { parse } from 'csv-parse/sync';
import { PRICE_IMPORT_MAX_ROWS } from '@kindred/shared/price-lists';

/**
 * A bank's price-list import (issue 29), parsed into one candidate list per row; validation is the service's (the
 * shared schema). JSON: an array of price lists as the admin API takes them. CSV: one bank a line, amounts in
 * minor units (cents), an empty cell for what the bank does not sell:
 *
 *   bank_name,currency,confirmed_on,iui,ici,egg_cohort,fresh_cycle,storage,storage_period_months,shipping_us,
 *   shipping_regions,extended_profile,photos,source
 *
 * `shipping_regions` lists other regions' rates as `IL:38500;HI:45000`.
 */
export const PRICE_CSV_COLUMNS = [
  'bank_name',
  'currency',
  'confirmed_on',
  'iui',
  'ici',
  'egg_cohort',
  'fresh_cycle',
  'storage',
  'storage_period_months',
  'shipping_us',
  'shipping_regions',
  'extended_profile',
  'photos',
  'source',
] as const;
const REQUIRED = ['bank_name', 'currency', 'confirmed_on', 'storage', 'storage_period_months'] as const;

export type ImportRow = { row: number; record: Record<string, unknown>; errors: { field: string; error: string }[] };
export type ParsedImport = { rows: ImportRow[]; fileError: string | null };

const VIAL_COLUMNS = { iui: 'IUI', ici: 'ICI', egg_cohort: 'egg_cohort', fresh_cycle: 'fresh_cycle' } as const;
const EXTRA_COLUMNS = { extended_profile: 'extended_profile', photos: 'photos' } as const;

/** A cell as a whole number of minor units: '' is absent (undefined); anything else not a number stays a string. */
const amount = (cell: string): unknown =>
  cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;

function fromCsvRow(cells: Record<string, string>, row: number): ImportRow {
  const errors: ImportRow['errors'] = [];
  const vials = Object.entries(VIAL_COLUMNS).flatMap(([col, type]) => {
    const v = amount(cells[col] ?? '');
    return v === undefined ? [] : [{ type, price_minor: v }];
  });
  const extras = Object.entries(EXTRA_COLUMNS).flatMap(([col, kind]) => {
    const v = amount(cells[col] ?? '');
    return v === undefined ? [] : [{ kind, price_minor: v }];
  });
  const shipping: { region: string; price_minor: unknown }[] = [];
  const us = amount(cells.shipping_us ?? '');
  if (us !== undefined) shipping.push({ region: 'US', price_minor: us });
  for (const part of (cells.shipping_regions ?? '').split(';').map((s) => s.trim())) {
    if (part === '') continue;
    const m = /^([A-Za-z]{2}):(.*)$/.exec(part);
    if (!m) errors.push({ field: 'shipping_regions', error: `"${part}" is not REGION:cents, such as IL:38500` });
    else shipping.push({ region: m[1]!, price_minor: amount(m[2]!.trim()) });
  }
  return {
    row,
    record: {
      bank_name: cells.bank_name,
      currency: cells.currency,
      confirmed_on: cells.confirmed_on,
      vials,
      storage: { price_minor: amount(cells.storage ?? ''), period_months: amount(cells.storage_period_months ?? '') },
      shipping,
      extras,
      source: cells.source ?? '',
    },
    errors,
  };
}

export function parsePriceImport(format: 'csv' | 'json', data: string): ParsedImport {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return { rows: [], fileError: 'is not readable JSON: expected an array of price lists.' };
    }
    if (!Array.isArray(parsed)) return { rows: [], fileError: 'must be a JSON array of price lists.' };
    if (parsed.length > PRICE_IMPORT_MAX_ROWS)
      return { rows: [], fileError: `has more than ${PRICE_IMPORT_MAX_ROWS} price lists.` };
    return {
      rows: parsed.map((record, i) =>
        record !== null && typeof record === 'object' && !Array.isArray(record)
          ? { row: i + 1, record: record as Record<string, unknown>, errors: [] }
          : { row: i + 1, record: {}, errors: [{ field: '', error: 'must be an object' }] },
      ),
      fileError: null,
    };
  }
  let table: string[][];
  try {
    table = parse(data, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (err) {
    return { rows: [], fileError: `is not readable CSV: ${err instanceof Error ? err.message : String(err)}` };
  }
  const [header, ...body] = table;
  if (!header) return { rows: [], fileError: 'is empty: expected a header row and at least one price list.' };
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(PRICE_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0) return { rows: [], fileError: `has unknown columns: ${unknown.join(', ')}.` };
  const missing = REQUIRED.filter((n) => !names.includes(n));
  if (missing.length > 0) return { rows: [], fileError: `is missing columns: ${missing.join(', ')}.` };
  if (body.length > PRICE_IMPORT_MAX_ROWS)
    return { rows: [], fileError: `has more than ${PRICE_IMPORT_MAX_ROWS} price lists.` };
  return {
    rows: body.map((cells, i) =>
      cells.length === names.length
        ? fromCsvRow(Object.fromEntries(names.map((n, k) => [n, cells[k] ?? ''])), i + 1)
        : {
            row: i + 1,
            record: {},
            errors: [{ field: '', error: `has ${cells.length} values but the header has ${names.length} columns` }],
          },
    ),
    fileError: null,
  };
}
