/**
 * Reference tables for the demo-data generator: fictional banks, US cities with real coordinates (so distance
 * scoring has something to measure), and carrier frequencies. Frequencies are rounded public figures (ACOG and
 * ACMG carrier-screening guidance, population studies); they only need to look realistic, e.g. cystic fibrosis
 * about 1 in 25 among people of European ancestry (domain notes).
 */
import type { DonorType, GeneticCondition, Race } from '@kindred/shared/vocabulary';

export type Bank = { code: string; name: string; clinic: string; types: readonly DonorType[] };

export const BANKS: readonly Bank[] = [
  { code: 'NSC', name: 'Northstar Cryobank (fictional)', clinic: 'CLN-NSC', types: ['sperm'] },
  { code: 'PSB', name: 'Pacific Seed Bank (fictional)', clinic: 'CLN-PSB', types: ['sperm'] },
  { code: 'LKC', name: 'Lakeside Cryo (fictional)', clinic: 'CLN-LKC', types: ['sperm', 'egg'] },
  { code: 'BEB', name: 'Bluebell Egg Bank (fictional)', clinic: 'CLN-BEB', types: ['egg'] },
  { code: 'HEB', name: 'Harbor Egg Bank (fictional)', clinic: 'CLN-HEB', types: ['egg'] },
  { code: 'SFC', name: 'Sunflower Fertility Center (fictional)', clinic: 'CLN-SFC', types: ['egg', 'sperm'] },
  { code: 'MSA', name: 'Meadow Surrogacy Agency (fictional)', clinic: 'CLN-MSA', types: ['surrogate'] },
  { code: 'CSP', name: 'Cedar Surrogacy Partners (fictional)', clinic: 'CLN-CSP', types: ['surrogate'] },
  { code: 'RBS', name: 'Riverbend Surrogacy (fictional)', clinic: 'CLN-RBS', types: ['surrogate'] },
];

/** [city, state, zip, lat, lon, relative weight] */
export const CITIES: readonly (readonly [string, string, string, number, number, number])[] = [
  ['New York', 'NY', '10001', 40.7128, -74.006, 4],
  ['Los Angeles', 'CA', '90012', 34.0522, -118.2437, 3],
  ['Chicago', 'IL', '60601', 41.8781, -87.6298, 3],
  ['Houston', 'TX', '77002', 29.7604, -95.3698, 2],
  ['Phoenix', 'AZ', '85004', 33.4484, -112.074, 2],
  ['Philadelphia', 'PA', '19103', 39.9526, -75.1652, 2],
  ['San Antonio', 'TX', '78205', 29.4241, -98.4936, 1],
  ['San Diego', 'CA', '92101', 32.7157, -117.1611, 1],
  ['Dallas', 'TX', '75201', 32.7767, -96.797, 2],
  ['Austin', 'TX', '78701', 30.2672, -97.7431, 1],
  ['Jacksonville', 'FL', '32202', 30.3322, -81.6557, 1],
  ['Columbus', 'OH', '43215', 39.9612, -82.9988, 1],
  ['Charlotte', 'NC', '28202', 35.2271, -80.8431, 1],
  ['Indianapolis', 'IN', '46204', 39.7684, -86.1581, 1],
  ['San Francisco', 'CA', '94102', 37.7749, -122.4194, 2],
  ['Seattle', 'WA', '98101', 47.6062, -122.3321, 2],
  ['Denver', 'CO', '80202', 39.7392, -104.9903, 1],
  ['Washington', 'DC', '20001', 38.9072, -77.0369, 1],
  ['Boston', 'MA', '02108', 42.3601, -71.0589, 2],
  ['Nashville', 'TN', '37201', 36.1627, -86.7816, 1],
  ['Portland', 'OR', '97204', 45.5152, -122.6784, 1],
  ['Las Vegas', 'NV', '89101', 36.1699, -115.1398, 1],
  ['Atlanta', 'GA', '30303', 33.749, -84.388, 2],
  ['Miami', 'FL', '33130', 25.7617, -80.1918, 2],
  ['Minneapolis', 'MN', '55401', 44.9778, -93.265, 1],
  ['Salt Lake City', 'UT', '84101', 40.7608, -111.891, 1],
  ['Kansas City', 'MO', '64105', 39.0997, -94.5786, 1],
  ['Raleigh', 'NC', '27601', 35.7796, -78.6382, 1],
  ['Detroit', 'MI', '48226', 42.3314, -83.0458, 1],
  ['Albuquerque', 'NM', '87102', 35.0844, -106.6504, 1],
];

export const OCCUPATIONS = [
  'teacher',
  'nurse',
  'software engineer',
  'graduate student',
  'accountant',
  'graphic designer',
  'paramedic',
  'chef',
  'marketing coordinator',
  'research assistant',
  'physical therapist',
  'musician',
  'civil engineer',
  'social worker',
  'pharmacist',
  'firefighter',
  'librarian',
  'architect',
  'dental hygienist',
  'data analyst',
] as const;

export const PERSONALITY = [
  'curious',
  'calm',
  'outgoing',
  'thoughtful',
  'creative',
  'organized',
  'compassionate',
  'funny',
  'determined',
  'patient',
  'adventurous',
  'loyal',
] as const;

export const INTERESTS = [
  'hiking',
  'reading',
  'cooking',
  'chess',
  'painting',
  'running',
  'gardening',
  'photography',
  'travel',
  'music',
  'volunteering',
  'yoga',
  'basketball',
  'swimming',
  'board games',
  'astronomy',
] as const;

export const FAMILY_HISTORY = [
  'grandparent with type 2 diabetes',
  'parent with high blood pressure',
  'grandparent with heart disease',
  'grandparent with high cholesterol',
  'parent with asthma',
  'aunt or uncle with migraine',
] as const;

/** Ancestry that carrier frequencies depend on; Jewish religion stands in for Ashkenazi ancestry. */
export type Ancestry = { race: Race; hispanic: boolean; jewish: boolean; female: boolean };

/** Conditions on the Ashkenazi Jewish panel, with their carrier rates in that population. */
export const ASHKENAZI: Partial<Record<GeneticCondition, number>> = {
  tay_sachs_disease: 1 / 30,
  canavan_disease: 1 / 40,
  gaucher_disease: 1 / 15,
  bloom_syndrome: 1 / 100,
  fanconi_anemia_group_c: 1 / 89,
  mucolipidosis_iv: 1 / 100,
  niemann_pick_a: 1 / 90,
  glycogen_storage_disease_1a: 1 / 71,
  maple_syrup_urine_disease: 1 / 81,
  brca1_brca2: 1 / 40,
};

/** Probability that a donor of this ancestry carries the condition (approximate). */
export function carrierRate(condition: GeneticCondition, a: Ancestry): number {
  if (a.jewish && ASHKENAZI[condition] !== undefined) return ASHKENAZI[condition]!;
  const white = a.race === 'white' && !a.hispanic;
  const black = a.race === 'black_african';
  const asian = a.race === 'asian' || a.race === 'pacific_islander';
  switch (condition) {
    case 'cystic_fibrosis':
      return white ? 1 / 25 : a.hispanic ? 1 / 46 : black ? 1 / 65 : asian ? 1 / 90 : 1 / 50;
    case 'spinal_muscular_atrophy':
      return black ? 1 / 72 : 1 / 50;
    case 'sickle_cell_disease':
      return black ? 1 / 10 : a.hispanic ? 1 / 100 : 1 / 500;
    case 'thalassemia':
      return asian ? 1 / 20 : black ? 1 / 30 : 1 / 100;
    case 'hemoglobin_c':
      return black ? 1 / 40 : 1 / 1000;
    case 'hemoglobin_e':
      return asian ? 1 / 30 : 1 / 1000;
    case 'a1_antitrypsin_deficiency':
      return white ? 1 / 30 : 1 / 100;
    case 'hereditary_hemochromatosis':
      return white ? 1 / 10 : 1 / 100;
    case 'congenital_adrenal_hyperplasia':
      return 1 / 60;
    case 'phenylketonuria':
      return white ? 1 / 50 : 1 / 100;
    case 'galactosemia':
      return 1 / 100;
    case 'wilson_disease':
      return 1 / 90;
    case 'fragile_x_syndrome':
      return a.female ? 1 / 150 : 1 / 400;
    case 'turner_syndrome':
      return a.female ? 1 / 2500 : 0;
    case 'brca1_brca2':
      return 1 / 400;
    default:
      return 1 / 500;
  }
}

/** Core panel (ACOG: CF, SMA, haemoglobinopathies) that every donor in the demo data was tested for. */
export const CORE_PANEL: readonly GeneticCondition[] = [
  'cystic_fibrosis',
  'spinal_muscular_atrophy',
  'sickle_cell_disease',
  'thalassemia',
  'hemoglobin_c',
  'hemoglobin_e',
];
