import { createHash } from 'node:crypto';
import type { Donor } from '@kindred/matching';
import { donorRecordSchema } from '@kindred/shared/donor.schemas';
import { AVATAR_PALETTE } from '@kindred/shared/format';
import { z } from 'zod';
import { CARRIER_WORDS, csvColumnOf, readCsv, REQUIRED_COLUMNS, type CsvRow, type FieldError } from './import.csv.ts';
import { geneticsOf, splitAliases } from './import.genes.ts';
import type { ImportCandidate } from './reference-ids.ts';

export type { ImportCandidate };

/**
 * Donor import from CSV or JSON (partner banks and clinics): every row is validated against the shared donor
 * schema; bad rows are reported as {row, field, error} and not imported; good rows are upserted by the bank's own
 * donor id, so importing the same file twice changes nothing. Parsing is pure; `importDonors` adds the database.
 */
export type ImportFormat = 'csv' | 'json';
/** `row` counts data rows from 1 (0 = the file as a whole); `field` is '' when the whole row is at fault. */
export type ImportError = { row: number; field: string; error: string };
export type ParsedImport = { donors: ImportCandidate[]; errors: ImportError[]; rows: number; invalidRows: number };
export type ImportResult = {
  inserted: number;
  updated: number;
  errors: ImportError[];
  rows: number;
  invalidRows: number;
};

/** Keys a JSON donor may have: the record's, and its per-gene screen (issue 24). */
const DONOR_KEYS = new Set([...Object.keys(donorRecordSchema.shape), 'genes', 'carrier_panel_name']);
const NULLABLE = [
  'height_in',
  'weight_lb',
  'race',
  'ethnicity',
  'hair_color',
  'eye_color',
  'blood_group',
  'location',
  'education',
  'religion',
  'smoking',
  'recreational_drugs',
  'alcohol',
  'exercise',
  'surrogate',
];
const LISTS = ['languages', 'chronic_conditions', 'family_medical_history', 'personality', 'interests'];
/** Stands in for a missing public id during validation; never stored. */
const PENDING_REFERENCE = 'PENDING';
const ACCENTS = ['#FFE082', '#B2EBF2', '#F8BBD0', '#C5E1A5', '#D1C4E9', '#FFCCBC'];
const SHAPES = ['circle', 'hexagon', 'leaf', 'wave'] as const;
const TYPE_INITIALS: Record<string, string> = { egg: 'ED', sperm: 'SD', surrogate: 'GS' };

/**
 * A generated avatar that depends only on the bank and its donor id, so re-imports keep it. The initials name
 * the donor type, never the person: anonymous donors' names are not shown to parents.
 */
export function importedAvatar(bankName: string, bankDonorId: string, donorType: string): Donor['avatar'] {
  const h = createHash('sha256').update(`${bankName}\u0000${bankDonorId}`).digest();
  return {
    style: 'geometric',
    background: AVATAR_PALETTE[h[0]! % AVATAR_PALETTE.length]!,
    accent: ACCENTS[h[1]! % ACCENTS.length]!,
    shape: SHAPES[h[2]! % SHAPES.length]!,
    initials: TYPE_INITIALS[donorType] ?? 'KD',
  };
}

/** The options of a field that is one of a vocabulary (or a list of one), else null. */
function optionsOf(schema: z.ZodType): readonly string[] | null {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  if (s instanceof z.ZodArray) s = s.element as z.ZodType;
  return s instanceof z.ZodEnum ? (s.options as readonly string[]) : null;
}
/** Each vocabulary field of a donor record with its stored spellings ("ANON", "egg", "o_pos", …). */
const VOCABULARY_FIELDS: [string, readonly string[]][] = Object.entries(donorRecordSchema.shape).flatMap(
  ([key, schema]) => {
    const options = optionsOf(schema as z.ZodType);
    return options ? [[key, options] as [string, readonly string[]]] : [];
  },
);
const spelled = (value: unknown, options: readonly string[]) =>
  typeof value === 'string' ? (options.find((o) => o.toLowerCase() === value.trim().toLowerCase()) ?? value) : value;

/**
 * Vocabulary values in any case ("Egg", "anon", "O_POS") become the stored spelling (issue 25): banks' exports
 * differ in case, never in meaning. A value of no known spelling is left for validation to report.
 */
function canonicalSpellings(record: Record<string, unknown>): void {
  for (const [key, options] of VOCABULARY_FIELDS) {
    const value = record[key];
    record[key] = Array.isArray(value) ? value.map((v) => spelled(v, options)) : spelled(value, options);
  }
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An issue in words a bank's data team can act on. */
function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.message.endsWith('received undefined') ? 'is required' : `must be a ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `must have at least ${issue.minimum} items`
        : issue.origin === 'string'
          ? `must be at least ${issue.minimum} characters`
          : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `must have at most ${issue.maximum} items`
        : issue.origin === 'string'
          ? `must be at most ${issue.maximum} characters`
          : `must be at most ${issue.maximum}`;
    case 'invalid_key':
      return 'is not a screened condition';
    case 'invalid_union':
      return 'is not an allowed value';
    default:
      return issue.message;
  }
}

/** Fills what a row may leave out, then validates it as a donor record. */
function validateRow(
  input: Record<string, unknown>,
  fieldOf: (path: readonly PropertyKey[]) => string,
  known: FieldError[],
): { donor: ImportCandidate | null; errors: FieldError[] } {
  const errors = [...known];
  const record: Record<string, unknown> = { ...input };
  canonicalSpellings(record);
  for (const key of REQUIRED_COLUMNS)
    if (isBlank(record[key]) && !errors.some((e) => e.field === fieldOf([key])))
      errors.push({ field: fieldOf([key]), error: 'is required' });
  for (const key of NULLABLE) record[key] ??= null;
  for (const key of LISTS) record[key] ??= [];
  for (const key of ['display_name', 'occupation', 'essay']) record[key] ??= '';
  record.is_fictional ??= false;
  record.carrier_screening ??= {};
  // Condition names that name genes only (alpha/beta thalassemia) feed the per-gene screen, not the 24-name panel.
  const screening = record.carrier_screening;
  const split =
    typeof screening === 'object' && screening !== null && !Array.isArray(screening)
      ? splitAliases(screening as Record<string, unknown>)
      : { vocabulary: screening, extra: {} };
  record.carrier_screening = split.vocabulary;
  const givenGenes = { genes: record.genes, panelName: record.carrier_panel_name };
  delete record.genes;
  delete record.carrier_panel_name;
  const given = isBlank(record.reference_id) ? null : record.reference_id;
  record.reference_id = given ?? PENDING_REFERENCE;
  if (record.avatar === undefined || record.avatar === null) {
    record.avatar = importedAvatar(
      String(record.bank_name ?? ''),
      String(record.bank_donor_id ?? ''),
      String(record.donor_type ?? ''),
    );
  }
  // The schema checks these across fields only once every field is valid; a report should list them regardless.
  const [families, limit] = [record.families_so_far, record.family_limit];
  if (typeof families === 'number' && typeof limit === 'number' && families > limit)
    errors.push({ field: fieldOf(['families_so_far']), error: 'must not exceed family_limit' });
  const parsed = donorRecordSchema.safeParse(record);
  if (!parsed.success) {
    const seen = new Set(errors.map((e) => e.field));
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({ field, error: describe(issue) });
    }
  }
  const aliases = { ...(parsed.success ? parsed.data.carrier_screening : {}), ...split.extra };
  const genes = geneticsOf(aliases, givenGenes, fieldOf);
  const reported = new Set(errors.map((e) => e.field));
  errors.push(...genes.errors.filter((e) => !reported.has(e.field)));
  if (errors.length > 0 || !parsed.success || !genes.genes) return { donor: null, errors };
  return {
    donor: {
      ...parsed.data,
      genes: genes.genes,
      carrier_panel_name: genes.panelName,
      reference_id: given === null ? null : parsed.data.reference_id,
    },
    errors: [],
  };
}

/** JSON rows: the donor shape itself; carrier results may also be given as the CSV words. Unknown keys are errors. */
function readJson(data: string): { rows: CsvRow[]; fileErrors: FieldError[] } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (err) {
    return {
      rows: [],
      fileErrors: [{ field: 'data', error: `is not valid JSON: ${err instanceof Error ? err.message : String(err)}` }],
    };
  }
  const list = Array.isArray(json) ? json : (json as { donors?: unknown } | null)?.donors;
  if (!Array.isArray(list))
    return {
      rows: [],
      fileErrors: [{ field: 'data', error: 'must be a JSON array of donors (or {"donors": [...]})' }],
    };
  const rows = list.map((item: unknown, i): CsvRow => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return { row: i + 1, record: {}, errors: [{ field: '', error: 'must be a JSON object' }] };
    const record = { ...(item as Record<string, unknown>) };
    const errors = Object.keys(record)
      .filter((k) => !DONOR_KEYS.has(k))
      .map((k) => ({ field: k, error: 'is not a donor field' }));
    const screening = record.carrier_screening;
    if (typeof screening === 'object' && screening !== null && !Array.isArray(screening)) {
      record.carrier_screening = Object.fromEntries(
        Object.entries(screening).map(([c, v]) => [
          c,
          typeof v === 'string' && v in CARRIER_WORDS ? CARRIER_WORDS[v as keyof typeof CARRIER_WORDS] : v,
        ]),
      );
    }
    return { row: i + 1, record, errors };
  });
  return { rows, fileErrors: [] };
}

/**
 * Parses and validates an import. Every bad row yields one error per bad field and is left out; a bank donor id
 * repeated within the file is an error on the later row (the earlier one is imported).
 */
export function parseDonorImport(format: ImportFormat, data: string, opts: { onlyBank?: string } = {}): ParsedImport {
  const { rows, fileErrors } = format === 'csv' ? readCsv(data) : readJson(data);
  const errors: ImportError[] = fileErrors.map((e) => ({ row: 0, ...e }));
  const jsonField = (path: readonly PropertyKey[]) => path.map(String).join('.');
  const donors: ImportCandidate[] = [];
  const firstRow = new Map<string, number>();
  let invalidRows = 0;
  for (const { row, record, errors: known } of rows) {
    const result = known.some((e) => e.field === '')
      ? { donor: null, errors: known }
      : validateRow(
          record,
          format === 'csv' ? (path: readonly PropertyKey[]) => csvColumnOf(path, record) : jsonField,
          known,
        );
    // A clinic's own bank in another case ("harbor test bank") is its bank, stored in the account's spelling.
    if (
      result.donor &&
      opts.onlyBank !== undefined &&
      result.donor.bank_name.toLowerCase() === opts.onlyBank.toLowerCase()
    )
      result.donor = { ...result.donor, bank_name: opts.onlyBank };
    if (result.donor && opts.onlyBank !== undefined && result.donor.bank_name !== opts.onlyBank) {
      result.errors.push({ field: 'bank_name', error: `must be your own bank (${opts.onlyBank})` });
      result.donor = null;
    }
    const key = result.donor ? `${result.donor.bank_name}\u0000${result.donor.bank_donor_id}` : '';
    if (result.donor && firstRow.has(key)) {
      result.errors.push({
        field: 'bank_donor_id',
        error: `repeats row ${firstRow.get(key)} (same bank_name and bank_donor_id)`,
      });
      result.donor = null;
    }
    if (!result.donor) {
      invalidRows += 1;
      errors.push(...result.errors.map((e) => ({ row, ...e })));
      continue;
    }
    firstRow.set(key, row);
    donors.push(result.donor);
  }
  return { donors, errors, rows: rows.length, invalidRows };
}
