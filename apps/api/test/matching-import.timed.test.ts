import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import { SERVER_MSG } from '@kindred/shared';
import { openPglite, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { CLINIC_WITHOUT_BANK, parseDonorImport } from '../src/modules/catalogue/import.service.ts';
import { bearer, createTestContext, newParent, TEST_DB, type TestContext } from './harness.ts';
import { makeAdmin, wideRates } from './payments-helpers.ts';
import { donorCount, findMatches, saveProfile, seedCatalogue } from './matching-helpers.ts';

const IMPORT = '/api/v1/admin/donors/import/';
const HEADER = [
  'bank_donor_id',
  'bank_name',
  'clinic_reference_id',
  'donor_type',
  'disclosure',
  'availability',
  'family_limit',
  'families_so_far',
  'last_medical_update',
  'display_name',
  'date_of_birth',
  'height_in',
  'weight_lb',
  'race',
  'ethnicity',
  'hair_color',
  'eye_color',
  'blood_group',
  'education',
  'occupation',
  'religion',
  'languages',
  'smoking',
  'recreational_drugs',
  'alcohol',
  'exercise',
  'chronic_conditions',
  'personality',
  'interests',
  'location_city',
  'location_state',
  'location_country',
  'location_zip',
  'location_lat',
  'location_lon',
  'carrier_cystic_fibrosis',
  'carrier_sickle_cell_disease',
  'carrier_tay_sachs_disease',
  'surrogate_previous_full_term_pregnancies',
  'surrogate_pregnancy_complications',
  'surrogate_health_insurance_covers_pregnancy',
  'surrogate_bmi',
  'surrogate_max_embryos_per_transfer',
  'surrogate_open_to_selective_reduction',
  'reference_id',
];

/**
 * One CSV data row; `over` replaces cells by column name. Defaults: an available egg donor who passes broad
 * preferences.
 */
function csvRow(id: string, over: Record<string, string> = {}): string {
  const base: Record<string, string> = {
    bank_donor_id: id,
    bank_name: 'Harbor Test Bank',
    clinic_reference_id: 'CLN-HTB',
    donor_type: 'egg',
    disclosure: 'ANON',
    availability: 'available',
    family_limit: '6',
    families_so_far: '1',
    last_medical_update: '2025-06-01',
    display_name: 'Jordan Example',
    date_of_birth: '1998-03-14',
    height_in: '66',
    weight_lb: '140',
    race: 'white',
    ethnicity: 'not_hispanic_latino',
    hair_color: 'brown',
    eye_color: 'blue',
    blood_group: 'O+',
    education: 'masters',
    occupation: 'Nurse',
    religion: 'none',
    languages: 'english; spanish',
    smoking: 'never',
    recreational_drugs: 'never',
    alcohol: 'social',
    exercise: 'regular',
    chronic_conditions: '',
    personality: 'curious;kind',
    interests: 'hiking',
    location_city: 'Boston',
    location_state: 'MA',
    location_country: 'US',
    location_zip: '02110',
    location_lat: '42.36',
    location_lon: '-71.06',
    carrier_cystic_fibrosis: 'not_carrier',
    carrier_sickle_cell_disease: 'untested',
    carrier_tay_sachs_disease: '',
    surrogate_previous_full_term_pregnancies: '',
    surrogate_pregnancy_complications: '',
    surrogate_health_insurance_covers_pregnancy: '',
    surrogate_bmi: '',
    surrogate_max_embryos_per_transfer: '',
    surrogate_open_to_selective_reduction: '',
    reference_id: '',
    ...over,
  };
  return HEADER.map((h) => (/[",\n]/.test(base[h]!) ? `"${base[h]!.replace(/"/g, '""')}"` : base[h]!)).join(',');
}
const csv = (...rows: string[]) => [HEADER.join(','), ...rows].join('\n');

const SURROGATE = {
  donor_type: 'surrogate',
  disclosure: 'KNOWN',
  family_limit: '1',
  families_so_far: '0',
  display_name: 'Sam Example',
  surrogate_previous_full_term_pregnancies: '2',
  surrogate_pregnancy_complications: 'false',
  surrogate_health_insurance_covers_pregnancy: 'true',
  surrogate_bmi: '24.5',
  surrogate_max_embryos_per_transfer: '1',
  surrogate_open_to_selective_reduction: 'false',
};

/** Rows 1 and 4 are good; 2, 3, 5 and 6 each break one rule. */
const MIXED = csv(
  csvRow('HTB-1'),
  csvRow('HTB-2', { donor_type: 'alien' }),
  csvRow('HTB-3', { bank_donor_id: '', height_in: 'tall' }),
  csvRow('HTB-4', SURROGATE),
  csvRow('HTB-5', { families_so_far: '7' }),
  csvRow('HTB-6', { carrier_cystic_fibrosis: 'maybe', eye_color: 'violet' }),
);
const MIXED_ERRORS = [
  { row: 2, field: 'donor_type', error: 'must be one of: egg, sperm, surrogate' },
  { row: 3, field: 'height_in', error: 'must be a number' },
  { row: 3, field: 'bank_donor_id', error: 'is required' },
  { row: 5, field: 'families_so_far', error: 'must not exceed family_limit' },
  { row: 6, field: 'carrier_cystic_fibrosis', error: 'must be carrier, not_carrier or untested' },
  { row: 6, field: 'eye_color', error: 'must be one of: blue, brown, green, hazel, grey, amber' },
];

describe('donor import: parsing and validation', () => {
  it('reads CSV columns into the donor record: lists, location, carrier panel, surrogate fields, empty = null', () => {
    const parsed = parseDonorImport('csv', MIXED);
    expect(parsed.errors).toEqual(MIXED_ERRORS);
    expect(parsed).toMatchObject({ rows: 6, invalidRows: 4 });
    const [egg, surrogate] = parsed.donors;
    expect(egg).toMatchObject({
      reference_id: null,
      bank_donor_id: 'HTB-1',
      languages: ['english', 'spanish'],
      personality: ['curious', 'kind'],
      chronic_conditions: [],
      location: { city: 'Boston', state: 'MA', country: 'US', zip: '02110', lat: 42.36, lon: -71.06 },
      surrogate: null,
      is_fictional: false,
      carrier_screening: {
        cystic_fibrosis: { tested: true, carrier: false },
        sickle_cell_disease: { tested: false, carrier: false },
      },
    });
    expect(egg!.carrier_screening).not.toHaveProperty('tay_sachs_disease');
    expect(egg!.avatar).toMatchObject({ style: 'geometric', initials: 'ED' });
    expect(parseDonorImport('csv', MIXED).donors[0]!.avatar).toEqual(egg!.avatar);
    expect(surrogate!.surrogate).toEqual({
      previous_full_term_pregnancies: 2,
      pregnancy_complications: false,
      health_insurance_covers_pregnancy: true,
      bmi: 24.5,
      max_embryos_per_transfer: 1,
      open_to_selective_reduction: false,
    });
  });

  it('rejects a file with unknown or missing columns as a whole (row 0), and rows of the wrong width', () => {
    const unknown = parseDonorImport('csv', `${HEADER.join(',')},carier_cystic_fibrosis\n${csvRow('X-1')},carrier`);
    expect(unknown.errors).toEqual([{ row: 0, field: 'carier_cystic_fibrosis', error: 'is not a known column' }]);
    expect(unknown.donors).toEqual([]);
    const missing = parseDonorImport('csv', 'bank_donor_id,bank_name\nA,B');
    expect(missing.errors.map((e) => e.field)).toEqual([
      'clinic_reference_id',
      'donor_type',
      'disclosure',
      'availability',
      'family_limit',
      'families_so_far',
      'last_medical_update',
      'date_of_birth',
    ]);
    expect(parseDonorImport('csv', csv(csvRow('X-1'), 'a,b,c')).errors).toEqual([
      { row: 2, field: '', error: 'has 3 values but the header has 45 columns' },
    ]);
    expect(parseDonorImport('csv', '"unclosed').errors[0]).toMatchObject({ row: 0, field: 'data' });
  });

  it('reads JSON donors (nested fields as the API shows them) and reports paths, unknown keys and repeats', () => {
    const [a, b] = generateDonors(2, 'json-parse');
    const { reference_id: _r, avatar: _a, ...bare } = a!;
    const rows = [
      bare,
      { ...b, eye_color: 'violet', bank_notes: 'x', location: { ...b!.location, lat: 'north' } },
      { ...bare, carrier_screening: { cystic_fibrosis: 'carrier' } },
      42,
    ];
    const parsed = parseDonorImport('json', JSON.stringify(rows));
    expect(parsed.errors).toEqual([
      { row: 2, field: 'bank_notes', error: 'is not a donor field' },
      { row: 2, field: 'eye_color', error: 'must be one of: blue, brown, green, hazel, grey, amber' },
      { row: 2, field: 'location.lat', error: 'must be a number' },
      { row: 3, field: 'bank_donor_id', error: 'repeats row 1 (same bank_name and bank_donor_id)' },
      { row: 4, field: '', error: 'must be a JSON object' },
    ]);
    expect(parsed.donors).toHaveLength(1);
    expect(parsed.donors[0]).toMatchObject({
      reference_id: null,
      bank_donor_id: a!.bank_donor_id,
      carrier_screening: a!.carrier_screening,
    });
    expect(parseDonorImport('json', '{"donors": 5}').errors).toEqual([
      { row: 0, field: 'data', error: 'must be a JSON array of donors (or {"donors": [...]})' },
    ]);
  });
});

describe('donor import: carrier results per gene (issue 24)', () => {
  /** The fixture's header plus per-gene columns and condition names that name genes only. */
  const GENE_HEADER = [
    ...HEADER,
    'panel_name',
    'carrier_alpha_thalassemia',
    'gene_hbb',
    'gene_cftr_detection_rate',
    'gene_smn1',
    'gene_smn1_copies',
    'gene_fmr1',
    'gene_fmr1_repeats',
  ];
  const geneRow = (id: string, over: Record<string, string> = {}) => {
    const extra: Record<string, string> = {
      panel_name: 'Horizon 274',
      carrier_alpha_thalassemia: '',
      gene_hbb: '',
      gene_cftr_detection_rate: '',
      gene_smn1: '',
      gene_smn1_copies: '',
      gene_fmr1: '',
      gene_fmr1_repeats: '',
      ...over,
    };
    return [csvRow(id, over), ...GENE_HEADER.slice(HEADER.length).map((h) => extra[h]!)].join(',');
  };
  const geneCsv = (...rows: string[]) => [GENE_HEADER.join(','), ...rows].join('\n');

  it('reads gene_<gene> columns (result or variant class, detection rate, SMN1 copies, FMR1 repeats) beside condition names', () => {
    const parsed = parseDonorImport(
      'csv',
      geneCsv(
        geneRow('G-1', {
          // HbC named by its gene and class; sickle cell by its condition name (an alias of HBB) is overridden.
          gene_hbb: 'hbb_c',
          carrier_sickle_cell_disease: 'not_carrier',
          carrier_alpha_thalassemia: 'carrier',
          gene_cftr_detection_rate: '',
          gene_smn1: 'not_carrier',
          gene_smn1_copies: '2',
          gene_fmr1: 'carrier',
          gene_fmr1_repeats: '80',
        }),
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.donors[0]!.carrier_panel_name).toBe('Horizon 274');
    expect(parsed.donors[0]!.genes).toEqual([
      { gene: 'CFTR', tested: true, carrier: false, detection_rate: null },
      { gene: 'FMR1', tested: true, carrier: true, detection_rate: null, fmr1_repeats: 80 },
      { gene: 'HBB', tested: true, carrier: true, detection_rate: null, variant_class: 'hbb_c' },
      {
        gene: 'HBA',
        tested: true,
        carrier: true,
        detection_rate: null,
        variant_class: 'hba_unspecified',
        reported_as: 'alpha_thalassemia',
      },
      { gene: 'SMN1', tested: true, carrier: false, detection_rate: null, smn1_copies: 2 },
    ]);
    // The 24-name panel is kept as given (alpha thalassemia is not one of those names).
    expect(parsed.donors[0]!.carrier_screening).toEqual({
      cystic_fibrosis: { tested: true, carrier: false },
      sickle_cell_disease: { tested: true, carrier: false },
    });
  });

  it('reports per-gene mistakes as {row, field, error} on the column at fault, and imports the good rows', () => {
    const parsed = parseDonorImport(
      'csv',
      geneCsv(
        geneRow('G-1', { gene_hbb: 'hbb_s' }),
        geneRow('G-2', { gene_hbb: 'hba_alpha_plus' }),
        geneRow('G-3', { gene_hbb: 'maybe' }),
        geneRow('G-4', { gene_smn1: 'not_carrier', gene_smn1_copies: '1' }),
        geneRow('G-5', { gene_cftr_detection_rate: '0.9' }),
        geneRow('G-6', { gene_fmr1: 'not_carrier', gene_fmr1_repeats: 'many' }),
      ),
    );
    expect(parsed.errors).toEqual([
      { row: 2, field: 'gene_hbb', error: 'hba_alpha_plus is not a variant class of HBB.' },
      { row: 3, field: 'gene_hbb', error: 'must be carrier, not_carrier, untested or a variant class' },
      { row: 4, field: 'gene_smn1', error: 'One SMN1 copy (or none) is a carrier result; two or more is not.' },
      { row: 5, field: 'gene_cftr', error: 'is required when other gene_cftr columns are given' },
      { row: 6, field: 'gene_fmr1_repeats', error: 'must be a number' },
    ]);
    expect(parsed.donors.map((d) => d.bank_donor_id)).toEqual(['G-1']);
  });

  it('JSON: genes per gene, condition names as aliases, errors by path', () => {
    const [a, b] = generateDonors(2, 'json-genes');
    const { reference_id: _r, avatar: _a, ...bare } = a!;
    const rows = [
      {
        ...bare,
        carrier_screening: { beta_thalassemia: 'carrier', hemoglobin_e: 'not_carrier' },
        carrier_panel_name: 'Bank panel',
        genes: [{ gene: 'CFTR', tested: true, carrier: false, detection_rate: 0.95 }],
      },
      { ...b, genes: [{ gene: 'HBA', tested: true, carrier: true, variant_class: 'hbb_s' }] },
    ];
    const parsed = parseDonorImport('json', JSON.stringify(rows));
    expect(parsed.errors).toEqual([
      { row: 2, field: 'genes.0.variant_class', error: 'hbb_s is not a variant class of HBA1/HBA2.' },
    ]);
    expect(parsed.donors[0]!.carrier_panel_name).toBe('Bank panel');
    expect(parsed.donors[0]!.genes).toEqual([
      { gene: 'CFTR', tested: true, carrier: false, detection_rate: 0.95 },
      {
        gene: 'HBB',
        tested: true,
        carrier: true,
        detection_rate: null,
        variant_class: 'hbb_beta_unspecified',
        reported_as: 'beta_thalassemia',
      },
    ]);
  });
});

describe('donor import: API', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx, 120, 'import-base');
    admin = await makeAdmin(ctx, await newParent(ctx.app));
  });
  afterAll(async () => ctx.close());

  const post = (token: string | null, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: IMPORT, headers: token ? bearer(token) : {}, payload });
  const stored = async (bankDonorId: string) =>
    (
      await ctx.db.query<{ reference_id: string; record: Donor }>(
        "select reference_id, record from donors where bank_name = 'Harbor Test Bank' and bank_donor_id = $1",
        [bankDonorId],
      )
    )[0];

  it('imports the good CSV rows, reports the bad ones; a second import updates instead of duplicating', async () => {
    const before = await donorCount(ctx);
    const res = await post(admin, { format: 'csv', data: MIXED });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      inserted: 2,
      updated: 0,
      rows: 6,
      invalid_rows: 4,
      errors: MIXED_ERRORS,
    });
    expect(await donorCount(ctx)).toBe(before + 2);
    const first = await stored('HTB-1');
    expect(first!.reference_id).toMatch(/^KE\d{6}$/);
    expect((await stored('HTB-4'))!.reference_id).toMatch(/^KG\d{6}$/);
    expect(await stored('HTB-2')).toBeUndefined();

    const again = await post(admin, { format: 'csv', data: MIXED });
    expect(again.json()).toMatchObject({ success: true, inserted: 0, updated: 2, errors: MIXED_ERRORS });
    expect(await donorCount(ctx)).toBe(before + 2);
    expect((await stored('HTB-1'))!.reference_id).toBe(first!.reference_id);
  });

  it('keeps a known donor’s public id; a new donor keeps its own id unless another donor holds it', async () => {
    const known = (await stored('HTB-1'))!.reference_id;
    const res = await post(admin, {
      format: 'csv',
      data: csv(
        csvRow('HTB-1', { reference_id: 'KE999999', occupation: 'Midwife' }),
        csvRow('HTB-20', { reference_id: 'HTB-OWN-20' }),
        csvRow('HTB-21', { reference_id: known }),
      ),
    });
    expect(res.json()).toMatchObject({ success: true, inserted: 2, updated: 1, errors: [] });
    expect(await stored('HTB-1')).toMatchObject({
      reference_id: known,
      record: { occupation: 'Midwife', reference_id: known },
    });
    expect((await stored('HTB-20'))!.reference_id).toBe('HTB-OWN-20');
    const third = (await stored('HTB-21'))!.reference_id;
    expect(third).not.toBe(known);
    expect(third).toMatch(/^KE\d{6}$/);
  });

  it('imports JSON; the new donors are matchable at once', async () => {
    const parent = await newParent(ctx.app);
    const profileId = await saveProfile(ctx.app, parent.access, { donor_type_preference: 'sperm' });
    const count = async () => (await findMatches(ctx.app, parent.access, profileId)).json().total_matches as number;
    const before = await count();
    const fresh = generateDonors(8, 'json-import').map(({ reference_id: _r, avatar: _a, ...d }) => ({
      ...d,
      bank_name: 'Harbor Test Bank',
      bank_donor_id: `J-${d.bank_donor_id}`,
      donor_type: 'sperm' as const,
      surrogate: null,
      availability: 'available' as const,
      family_limit: 25,
      families_so_far: 0,
      chronic_conditions: [],
      carrier_screening: {},
    }));
    const res = await post(admin, { format: 'json', data: JSON.stringify(fresh) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, inserted: 8, updated: 0, errors: [] });
    expect(await count()).toBe(before + 8);
    const refs = await ctx.db.query<{ reference_id: string }>('select reference_id from donors');
    const all = await ctx.services.catalogue.donorsByReference(refs.map((r) => r.reference_id));
    const imported = [...all.values()].filter((d) => d.bank_donor_id.startsWith('J-'));
    expect(imported).toHaveLength(8);
    for (const d of imported) expect(d.reference_id).toMatch(/^KS\d{6}$/);
  });

  it('answers 400 with every error when no row is valid', async () => {
    const res = await post(admin, { format: 'csv', data: csv(csvRow('BAD-1', { disclosure: 'secret' })) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      inserted: 0,
      updated: 0,
      errors: [{ row: 1, field: 'disclosure', error: 'must be one of: ANON, KNOWN, OPEN' }],
    });
    const bad = await post(admin, { format: 'xml', data: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'validation_error',
      message: 'format must be csv or json.',
      format: ['format must be csv or json.'],
    });
  });

  it('is for admins and clinics only', async () => {
    const parent = await newParent(ctx.app);
    const before = await donorCount(ctx);
    const refused = await post(parent.access, { format: 'csv', data: csv(csvRow('P-1')) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'forbidden', success: false, message: SERVER_MSG.forbidden });
    expect((await post(null, { format: 'csv', data: csv(csvRow('P-1')) })).statusCode).toBe(401);
    expect(await donorCount(ctx)).toBe(before);

    const clinic = await newParent(ctx.app);
    await ctx.db.query("update users set role = 'clinic', bank_name = 'Harbor Test Bank' where id = $1", [clinic.id]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: clinic.email, password: clinic.password },
    });
    const ok = await post(login.json().tokens.access, { format: 'csv', data: csv(csvRow('C-1')) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().inserted).toBe(1);
  });

  it("lets a clinic import its own bank's donors only, and no donors until it is linked to a bank", async () => {
    const clinic = await newParent(ctx.app);
    await ctx.db.query("update users set role = 'clinic' where id = $1", [clinic.id]);
    const access = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { email: clinic.email, password: clinic.password },
      })
    ).json().tokens.access;
    const before = await donorCount(ctx);
    const unlinked = await post(access, { format: 'csv', data: csv(csvRow('U-1')) });
    expect(unlinked.statusCode).toBe(403);
    expect(unlinked.json()).toEqual({ code: 'forbidden', success: false, message: CLINIC_WITHOUT_BANK });
    expect(await donorCount(ctx)).toBe(before);

    // A name that could never match a row (stray spaces, empty) cannot be stored.
    for (const bad of [' Harbor Test Bank', 'Harbor Test Bank ', '']) {
      await expect(ctx.db.query('update users set bank_name = $2 where id = $1', [clinic.id, bad])).rejects.toThrow();
    }
    await ctx.db.query("update users set bank_name = 'Harbor Test Bank' where id = $1", [clinic.id]);
    // An admin imported this donor of another bank; the clinic can neither overwrite it nor add to that bank.
    expect(
      (await post(admin, { format: 'csv', data: csv(csvRow('O-1', { bank_name: 'Other Bank' })) })).statusCode,
    ).toBe(200);
    const other = await ctx.db.query<{ updated_at: string }>(
      "select updated_at from donors where bank_name = 'Other Bank' and bank_donor_id = 'O-1'",
    );
    const mixed = await post(access, {
      format: 'csv',
      data: csv(csvRow('O-1', { bank_name: 'Other Bank', family_limit: '9' }), csvRow('H-7')),
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json()).toMatchObject({
      inserted: 1,
      updated: 0,
      invalid_rows: 1,
      errors: [{ row: 1, field: 'bank_name', error: 'must be your own bank (Harbor Test Bank)' }],
    });
    expect(
      await ctx.db.query("select updated_at from donors where bank_name = 'Other Bank' and bank_donor_id = 'O-1'"),
    ).toEqual(other);
  });
  it("a clinic's dry run accepts values in any case, reports and writes nothing; the import stores the usual spellings", async () => {
    const clinic = await newParent(ctx.app);
    await ctx.db.query("update users set role = 'clinic', bank_name = 'Harbor Test Bank' where id = $1", [clinic.id]);
    const access = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { email: clinic.email, password: clinic.password },
      })
    ).json().tokens.access;
    const shouting = {
      bank_name: 'HARBOR TEST BANK',
      donor_type: 'Egg',
      disclosure: 'anon',
      availability: 'Available',
      race: 'WHITE',
      blood_group: 'ab+',
      smoking: 'Never',
    };
    const data = csv(csvRow('CASE-1', shouting), csvRow('CASE-2', { ...shouting, donor_type: 'Eggs' }));
    const before = await donorCount(ctx);
    const dry = await post(access, { format: 'csv', data, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      success: true,
      dry_run: true,
      inserted: 1,
      updated: 0,
      invalid_rows: 1,
      message: 'Dry run: 1 donors (1 new, 0 updated) would be imported; 1 rows were rejected. Nothing was written.',
      errors: [{ row: 2, field: 'donor_type', error: 'must be one of: egg, sperm, surrogate' }],
    });
    expect(await donorCount(ctx)).toBe(before);

    const real = await post(access, { format: 'csv', data });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ dry_run: false, inserted: 1, invalid_rows: 1 });
    const [row] = await ctx.db.query<{ bank_name: string; donor_type: string; record: Record<string, unknown> }>(
      "select bank_name, donor_type, record from donors where bank_donor_id = 'CASE-1'",
    );
    expect(row).toMatchObject({ bank_name: 'Harbor Test Bank', donor_type: 'egg' });
    expect(row!.record).toMatchObject({
      disclosure: 'ANON',
      availability: 'available',
      race: 'white',
      blood_group: 'AB+',
    });
  });
});

describe('donor import: limits per account (issue 13)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      rateRules: { ...wideRates(), import_account: { points: 3, durationSeconds: 60 * 60 } },
    });
  });
  afterAll(async () => ctx.close());

  const post = (token: string, data: string) =>
    ctx.app.inject({ method: 'POST', url: IMPORT, headers: bearer(token), payload: { format: 'csv', data } });

  it('answers the import after the limit 429 with Retry-After; another account is unaffected', async () => {
    const first = await makeAdmin(ctx, await newParent(ctx.app));
    const second = await makeAdmin(ctx, await newParent(ctx.app));
    for (let i = 1; i <= 3; i++) {
      const res = await post(first, csv(csvRow(`RL-${i}`)));
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await donorCount(ctx);
    const over = await post(first, csv(csvRow('RL-4')));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60 * 59);
    expect(over.json().message).toBe(SERVER_MSG.rateLimited);
    expect(await donorCount(ctx)).toBe(before);
    const other = await post(second, csv(csvRow('RL-5')));
    expect(other.statusCode, other.body).toBe(200);
    expect(await donorCount(ctx)).toBe(before + 1);
  });
});

describe('donor import: the event loop during a large import (issue 13)', () => {
  let ctx: TestContext;
  let dataDir: string | undefined;
  beforeAll(async () => {
    // PGlite as the server runs it, in a data directory: in memory (the other tests) it also copies each growing
    // file whole (emscripten's MEMFS, 50-150 ms per copy at this size, inside one statement).
    let db: Db | undefined;
    if (TEST_DB === 'pglite') {
      dataDir = await mkdtemp(path.join(tmpdir(), 'kindred-import-'));
      db = await openPglite(dataDir);
      await migrate(db);
    }
    ctx = await createTestContext({ rateRules: wideRates(), ...(db ? { db } : {}) });
  });
  afterAll(async () => {
    await ctx.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const post = (token: string, data: string) =>
    ctx.app.inject({ method: 'POST', url: IMPORT, headers: bearer(token), payload: { format: 'csv', data } });

  // Before: PGlite settled an import's statements without a turn of the event loop, holding it ~12 s for this
  // file; then, with a turn after each statement, one statement still read all 18,000 changed records and one
  // looked all their keys up (PGlite in a data directory: loop held 270-300 ms quiet, 0.46-0.9 s on a loaded
  // machine). Now both are read in pages and a large change is applied by the sliced rebuild (ADR 015): ~30 ms
  // quiet on both databases. A test cannot hold a busy 2-core machine to that: CI, with the browser suite's
  // server beside it, measured 640 ms on a machine where the process itself waits for a core. The bound catches
  // the audit's finding (seconds); the figures are printed, and ADR 015 has the quiet ones.
  it('keeps the event loop free while a 5 MiB CSV is imported (/healthz answers throughout)', async () => {
    const admin = await makeAdmin(ctx, await newParent(ctx.app));
    // A catalogue this instance already holds: the import is applied as a change, as on a running server.
    expect((await post(admin, csv(csvRow('BIG-first')))).statusCode).toBe(200);
    const rows: string[] = [];
    let size = HEADER.join(',').length;
    for (let i = 0; size < 5 * 1024 * 1024 - 2048; i++) {
      const row = csvRow(`BIG-${i}`);
      rows.push(row);
      size += row.length + 1;
    }
    const data = csv(...rows);
    // The longest the event loop was held: how long a request arriving during the import would wait at worst.
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let done = false;
    const importing = post(admin, data).finally(() => (done = true));
    let probes = 0;
    let slowestProbe = 0;
    while (!done) {
      const started = performance.now();
      const res = await ctx.app.inject({ url: '/healthz' });
      slowestProbe = Math.max(slowestProbe, performance.now() - started);
      expect(res.statusCode).toBe(200);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    delay.disable();
    const res = await importing;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json().inserted).toBe(rows.length);
    const held = delay.max / 1e6;
    console.log(
      `5 MiB CSV (${rows.length} donors) imported on ${TEST_DB}; /healthz answered ${probes} times, slowest ` +
        `${slowestProbe.toFixed(0)} ms; event loop held at most ${held.toFixed(0)} ms`,
    );
    expect(held).toBeLessThan(1_000);
    expect(slowestProbe).toBeLessThan(1_000);
  }, 120_000);
});
