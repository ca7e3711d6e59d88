import { parse } from 'csv-parse/sync';
import { GENES, VARIANT_CLASSES } from '@kindred/shared/genetics';
import { isConditionAlias } from './import.genes.ts';

/**
 * The CSV form of a donor record: one column per flat field; nested fields flattened as location_<field>,
 * surrogate_<field> and carrier_<condition> (carrier | not_carrier | untested; an empty cell or a missing column
 * means "not on the panel"); lists separated by ';'; booleans true/false; an empty cell is null. Per-gene results
 * (issue 24): gene_<gene> (carrier | not_carrier | untested, or a variant class such as hbb_s, which is a carrier
 * result of that class), with gene_<gene>_detection_rate, gene_<gene>_method, gene_smn1_copies, gene_fmr1_repeats,
 * gene_fmr1_category, and panel_name.
 */
type Kind = 'text' | 'number' | 'boolean' | 'list';

const FLAT: Record<string, Kind> = {
  reference_id: 'text',
  bank_donor_id: 'text',
  clinic_reference_id: 'text',
  bank_name: 'text',
  donor_type: 'text',
  disclosure: 'text',
  availability: 'text',
  family_limit: 'number',
  families_so_far: 'number',
  last_medical_update: 'text',
  display_name: 'text',
  is_fictional: 'boolean',
  date_of_birth: 'text',
  height_in: 'number',
  weight_lb: 'number',
  race: 'text',
  ethnicity: 'text',
  hair_color: 'text',
  eye_color: 'text',
  blood_group: 'text',
  education: 'text',
  occupation: 'text',
  religion: 'text',
  smoking: 'text',
  recreational_drugs: 'text',
  alcohol: 'text',
  exercise: 'text',
  essay: 'text',
  languages: 'list',
  chronic_conditions: 'list',
  family_medical_history: 'list',
  personality: 'list',
  interests: 'list',
};
const LOCATION: Record<string, Kind> = {
  city: 'text',
  state: 'text',
  country: 'text',
  zip: 'text',
  lat: 'number',
  lon: 'number',
};
const SURROGATE: Record<string, Kind> = {
  previous_full_term_pregnancies: 'number',
  pregnancy_complications: 'boolean',
  health_insurance_covers_pregnancy: 'boolean',
  bmi: 'number',
  max_embryos_per_transfer: 'number',
  open_to_selective_reduction: 'boolean',
};
/** Carrier-screening cell values, and the result each one stands for. */
export const CARRIER_WORDS = {
  carrier: { tested: true, carrier: true },
  not_carrier: { tested: true, carrier: false },
  untested: { tested: false, carrier: false },
} as const;

/** Columns every file must have (the other donor fields may be left out: they are then empty). */
export const REQUIRED_COLUMNS = [
  'bank_donor_id',
  'clinic_reference_id',
  'bank_name',
  'donor_type',
  'disclosure',
  'availability',
  'family_limit',
  'families_so_far',
  'last_medical_update',
  'date_of_birth',
] as const;

type Column = {
  name: string;
  kind: Kind;
  group: 'flat' | 'location' | 'surrogate' | 'carrier' | 'gene' | 'panel';
  key: string;
  /** For gene columns: the result's field (`result` for the gene_<gene> column itself). */
  field?: string;
};

/** Sub-columns of a gene (gene_<gene>_<sub>) and the result field each fills; null: any gene. */
const GENE_SUBCOLUMNS: Record<string, { field: string; kind: Kind; gene: string | null }> = {
  detection_rate: { field: 'detection_rate', kind: 'number', gene: null },
  method: { field: 'method', kind: 'text', gene: null },
  copies: { field: 'smn1_copies', kind: 'number', gene: 'SMN1' },
  repeats: { field: 'fmr1_repeats', kind: 'number', gene: 'FMR1' },
  category: { field: 'fmr1_category', kind: 'text', gene: 'FMR1' },
};
const GENE_BY_LOWER = new Map<string, string>(GENES.map((g) => [g.toLowerCase(), g]));
const VARIANT_WORDS: ReadonlySet<string> = new Set(VARIANT_CLASSES);
const geneColumn = (gene: string, field: string) => {
  const sub = Object.entries(GENE_SUBCOLUMNS).find(([, s]) => s.field === field)?.[0];
  const g = gene.toLowerCase();
  return sub ? `gene_${g}_${sub}` : `gene_${g}`;
};

function columnFor(name: string): Column | null {
  if (FLAT[name]) return { name, kind: FLAT[name], group: 'flat', key: name };
  const [prefix, ...rest] = name.split('_');
  const key = rest.join('_');
  if (prefix === 'location' && LOCATION[key]) return { name, kind: LOCATION[key], group: 'location', key };
  if (prefix === 'surrogate' && SURROGATE[key]) return { name, kind: SURROGATE[key], group: 'surrogate', key };
  if (prefix === 'carrier' && isConditionAlias(key)) return { name, kind: 'text', group: 'carrier', key };
  if (name === 'panel_name') return { name, kind: 'text', group: 'panel', key: name };
  if (prefix === 'gene' && rest.length > 0) {
    const gene = GENE_BY_LOWER.get(rest[0]!);
    const subName = rest.slice(1).join('_');
    if (!gene) return null;
    if (subName === '') return { name, kind: 'text', group: 'gene', key: gene, field: 'result' };
    const sub = GENE_SUBCOLUMNS[subName];
    if (sub && (sub.gene === null || sub.gene === gene))
      return { name, kind: sub.kind, group: 'gene', key: gene, field: sub.field };
  }
  return null;
}

export type FieldError = { field: string; error: string };
export type CsvRow = { row: number; record: Record<string, unknown>; errors: FieldError[] };

function convert(kind: Kind, cell: string): { value: unknown } | { error: string } {
  if (cell === '') return { value: kind === 'list' ? [] : null };
  if (kind === 'number') {
    const n = Number(cell);
    return Number.isFinite(n) ? { value: n } : { error: 'must be a number' };
  }
  if (kind === 'boolean') {
    const b = cell.toLowerCase();
    return b === 'true' ? { value: true } : b === 'false' ? { value: false } : { error: 'must be true or false' };
  }
  if (kind === 'list')
    return {
      value: cell
        .split(';')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    };
  return { value: cell };
}

/** One data row as a (not yet validated) donor object in the JSON import shape, plus the cells that did not convert. */
function toRecord(columns: Column[], cells: string[], row: number): CsvRow {
  const record: Record<string, unknown> = {};
  const location: Record<string, unknown> = {};
  const surrogate: Record<string, unknown> = {};
  const carrier: Record<string, unknown> = {};
  const genes = new Map<string, Record<string, unknown>>();
  let panelName: string | null = null;
  const errors: FieldError[] = [];
  columns.forEach((col, i) => {
    const cell = cells[i] ?? '';
    if (col.group === 'panel') {
      panelName = cell === '' ? null : cell;
      return;
    }
    if (col.group === 'gene') {
      if (cell === '') return;
      const entry = genes.get(col.key) ?? { gene: col.key };
      genes.set(col.key, entry);
      if (col.field !== 'result') {
        const converted = convert(col.kind, cell);
        if ('error' in converted) errors.push({ field: col.name, error: converted.error });
        else entry[col.field!] = converted.value;
        return;
      }
      const word = cell.toLowerCase();
      const result = CARRIER_WORDS[word as keyof typeof CARRIER_WORDS];
      if (result) Object.assign(entry, result);
      else if (VARIANT_WORDS.has(word)) Object.assign(entry, { tested: true, carrier: true, variant_class: word });
      else errors.push({ field: col.name, error: 'must be carrier, not_carrier, untested or a variant class' });
      return;
    }
    if (col.group === 'carrier') {
      if (cell === '') return;
      const result = CARRIER_WORDS[cell.toLowerCase() as keyof typeof CARRIER_WORDS];
      if (result) carrier[col.key] = result;
      else errors.push({ field: col.name, error: 'must be carrier, not_carrier or untested' });
      return;
    }
    const converted = convert(col.kind, cell);
    if ('error' in converted) return errors.push({ field: col.name, error: converted.error });
    if (col.group === 'flat') record[col.key] = converted.value;
    else if (converted.value !== null) (col.group === 'location' ? location : surrogate)[col.key] = converted.value;
  });
  // A group with no value at all is absent (null); a partly filled one is validated field by field.
  record.location = Object.keys(location).length > 0 ? { zip: null, ...location } : null;
  record.surrogate = Object.keys(surrogate).length > 0 ? surrogate : null;
  record.carrier_screening = carrier;
  for (const [gene, entry] of genes)
    if (entry.tested === undefined && !errors.some((e) => e.field === geneColumn(gene, 'result')))
      errors.push({
        field: geneColumn(gene, 'result'),
        error: `is required when other ${geneColumn(gene, 'result')} columns are given`,
      });
  if (genes.size > 0) record.genes = GENES.filter((g) => genes.has(g)).map((g) => genes.get(g));
  if (panelName !== null) record.carrier_panel_name = panelName;
  return { row, record, errors };
}

/**
 * Parses CSV text into donor objects, one per data row (rows numbered from 1, header excluded, blank lines
 * skipped). Problems with the file as a whole (unreadable CSV, unknown, duplicate or missing columns) come back
 * in `fileErrors` and no rows are returned.
 */
export function readCsv(data: string): { rows: CsvRow[]; fileErrors: FieldError[] } {
  let table: string[][];
  try {
    table = parse(data, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (err) {
    return {
      rows: [],
      fileErrors: [
        { field: 'data', error: `is not readable CSV: ${err instanceof Error ? err.message : String(err)}` },
      ],
    };
  }
  const [header, ...body] = table;
  if (!header)
    return {
      rows: [],
      fileErrors: [{ field: 'data', error: 'is empty: expected a header row and at least one donor' }],
    };
  const names = header.map((h) => h.trim().toLowerCase());
  const fileErrors: FieldError[] = [];
  const columns: Column[] = [];
  names.forEach((name, i) => {
    const col = columnFor(name);
    if (!col) fileErrors.push({ field: name || `column ${i + 1}`, error: 'is not a known column' });
    else if (names.indexOf(name) !== i) fileErrors.push({ field: name, error: 'appears more than once in the header' });
    else columns.push(col);
  });
  for (const required of REQUIRED_COLUMNS)
    if (!names.includes(required)) fileErrors.push({ field: required, error: 'column is missing' });
  if (fileErrors.length > 0) return { rows: [], fileErrors };
  const rows = body.map((cells, i) =>
    cells.length === columns.length
      ? toRecord(columns, cells, i + 1)
      : {
          row: i + 1,
          record: {},
          errors: [{ field: '', error: `has ${cells.length} values but the header has ${columns.length} columns` }],
        },
  );
  return { rows, fileErrors: [] };
}

/**
 * The CSV column a validation path points at (location.lat → location_lat, carrier_screening.x → carrier_x,
 * genes.<i>.detection_rate → gene_<gene>_detection_rate with `record` to name the gene).
 */
export function csvColumnOf(path: readonly PropertyKey[], record?: Record<string, unknown>): string {
  const [head, sub] = path.map(String);
  if (head === 'carrier_panel_name') return 'panel_name';
  if (head === 'genes') {
    const genes = record?.genes as { gene?: string }[] | undefined;
    const gene = genes?.[Number(sub)]?.gene;
    const field = String(path[2] ?? 'result');
    return gene
      ? geneColumn(gene, ['gene', 'tested', 'carrier', 'variant_class'].includes(field) ? 'result' : field)
      : 'gene';
  }
  if (head === 'location' && sub) return `location_${sub}`;
  if (head === 'surrogate' && sub) return `surrogate_${sub}`;
  if (head === 'carrier_screening' && sub) return `carrier_${sub}`;
  return head ?? '';
}
