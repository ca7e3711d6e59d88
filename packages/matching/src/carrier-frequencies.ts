/**
 * Published carrier frequencies and test detection rates per gene and ancestry (issue 24, ADR 023): the only
 * numbers the residual-risk estimates use. Every row names its source; a gene, ancestry or method without a row
 * has no published figure here, and the report then says "not estimated" rather than inventing one. Figures are
 * as the source gives them ("1 in N" carriers; detection rate as a fraction). Where a source gives a range, the
 * end that gives the larger residual risk is used and the row says so.
 *
 * Lookups fall back from the stated ancestry to the pan-ethnic row, never to another group's figure.
 */
import type { Ancestry, Gene, ScreenMethod } from '@kindred/shared/genetics';

export type Source = { title: string; url: string };

export const SOURCES = {
  acmg2021: {
    title:
      'Gregg AR et al. Screening for autosomal recessive and X-linked conditions during pregnancy and preconception: ' +
      'a practice resource of the ACMG. Genet Med 2021;23:1793–1806',
    url: 'https://www.gimjournal.org/article/S1098-3600(21)05120-0/fulltext',
  },
  acmgAshkenazi2008: {
    title:
      'Gross SJ et al. Carrier screening in individuals of Ashkenazi Jewish descent (ACMG practice guideline), ' +
      'Genet Med 2008;10:54–56, Table 1 (carrier frequencies and detection rates)',
    url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC3110977/table/t1-18197057',
  },
  acog691: {
    title:
      'ACOG Committee Opinion 691, Carrier screening for genetic conditions (2017): Tay-Sachs enzyme testing ' +
      'detects about 98% of carriers regardless of ethnicity (summary)',
    url: 'https://www.obgproject.com/tag/tay-sachs/',
  },
  hendrickson2009: {
    title:
      'Hendrickson BC et al. Differences in SMN1 allele frequencies among ethnic groups within North America. ' +
      'J Med Genet 2009;46:641–644, Table 4 (prior and adjusted carrier risk after 2 SMN1 copies)',
    url: 'https://jmg.bmj.com/highwire/markup/155285/expansion',
  },
  hendrickson2009Abstract: {
    title:
      'Hendrickson BC et al. 2009 (abstract, as reported): one-copy SMN1 genotype frequency 1 in 37 Caucasian, ' +
      '1 in 46 Ashkenazi Jewish, 1 in 56 Asian, 1 in 91 African American, 1 in 125 Hispanic',
    url: 'http://olliestale.blogspot.com/2009/08/new-statistics-on-carrier-frequency-in.html',
  },
  hendrickson2009Text: {
    title: 'Hendrickson BC et al. 2009, Results: adjusted carrier risk after 2 SMN1 copies, Caucasian 1:632',
    url: 'https://paperkb.org/coga/coga-kb/chunks/bde8cf8a-4a0d-43a6-b7f2-2ce83d7ce121',
  },
  cdcSickleTrait2014: {
    title:
      'Ojodu J et al. Incidence of sickle cell trait — United States, 2010. MMWR 2014;63:1155–1158 ' +
      '(HbS trait per 1,000 newborns: 15.5 overall, 73.1 Black, 6.9 Hispanic)',
    url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC4584538',
  },
  progenityFmr1: {
    title:
      'Fragile X premutation carrier frequency in 134,933 women referred for carrier screening: pan-ethnic 1 in ' +
      '201. Am J Med Genet A 2018',
    url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC6001625/',
  },
  cfTextbook: {
    title:
      'CF carrier rates in the US: Caucasian 1 in 29, Hispanic 1 in 46, African American 1 in 65, Asian American ' +
      '1 in 90; Ashkenazi Jewish detection 97% (textbook chapter, as reported)',
    url: 'https://www.barnardhealth.us/nucleic-acids/prevalence-cpr.html',
  },
  ashkenaziTable: {
    title: 'Jewish genetic diseases: carrier rates (Ashkenazim): cystic fibrosis 1/29, Tay-Sachs 1/30',
    url: 'https://www.newmedicalterms.com/global-medicine-2/ethnomedicine/jewish-genetic-disease/',
  },
  snpediaAshkenazi: {
    title:
      'SNPedia, Ashkenazi Jews (compiled carrier frequencies): glycogen storage disease 1a 1 in 64, maple syrup ' +
      'urine disease 1 in 97',
    url: 'https://snpedia.com/index.php/Ashkenazi_Jews',
  },
  tayPanEthnic: {
    title: 'Tay-Sachs: about 1 in 300 carriers in the general (non-Ashkenazi) population',
    url: 'https://experts123.com/q/who-is-at-risk-for-tay-sachs-and-sandhoff-diseases.html',
  },
  caucasianTableS1: {
    title:
      'Most frequent genetic diseases by transmission category, Table S1 (Caucasian carrier frequencies from ' +
      'incidence, Hardy–Weinberg): A1AT 1/38.2, GJB2 1/42.3, PKU 1/50.5, 21-OH CAH 1/57.5, Wilson 1/87.1',
    url: 'https://docest.com/doc/351818/additional-file-1-table-s1-most-frequent-genetic-diseases-by-transmission-category-49',
  },
  cfNewbornPanels2022: {
    title:
      'McGarry ME et al. Detection of disease-causing CFTR variants in state newborn screening programs. Pediatr ' +
      'Pulmonol 2023;58:465–474 (panels detect ≥1 variant in 87.5–97.0% of non-Hispanic White people with CF)',
    url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC9870974',
  },
} as const satisfies Record<string, Source>;
export type SourceId = keyof typeof SOURCES;

/** One published carrier frequency: 1 in `oneIn` people of `ancestry` carry a pathogenic variant in `gene`. */
export type FrequencyRow = { gene: Gene; ancestry: Ancestry; oneIn: number; source: SourceId; note?: string };
/** One published detection rate of a test for `gene` in `ancestry` (method, when the figure is method-specific). */
export type DetectionRow = {
  gene: Gene;
  ancestry: Ancestry;
  rate: number;
  method?: ScreenMethod;
  source: SourceId;
  note?: string;
};
/** SMN1: the carrier probability after a result of `copies` SMN1 copies (the "2+0" silent carrier risk). */
export type SmnResidualRow = { ancestry: Ancestry; copies: 2 | 3; oneIn: number; source: SourceId };

export const CARRIER_FREQUENCIES: readonly FrequencyRow[] = [
  { gene: 'CFTR', ancestry: 'european', oneIn: 29, source: 'cfTextbook' },
  { gene: 'CFTR', ancestry: 'hispanic', oneIn: 46, source: 'cfTextbook' },
  { gene: 'CFTR', ancestry: 'african', oneIn: 65, source: 'cfTextbook' },
  { gene: 'CFTR', ancestry: 'asian', oneIn: 90, source: 'cfTextbook' },
  { gene: 'CFTR', ancestry: 'ashkenazi_jewish', oneIn: 29, source: 'ashkenaziTable' },
  { gene: 'SMN1', ancestry: 'ashkenazi_jewish', oneIn: 41, source: 'hendrickson2009' },
  { gene: 'SMN1', ancestry: 'african', oneIn: 66, source: 'hendrickson2009' },
  {
    gene: 'SMN1',
    ancestry: 'european',
    oneIn: 37,
    source: 'hendrickson2009Abstract',
    note: 'One-copy genotype frequency; silent (2+0) carriers come on top.',
  },
  {
    gene: 'SMN1',
    ancestry: 'asian',
    oneIn: 56,
    source: 'hendrickson2009Abstract',
    note: 'One-copy genotype frequency; silent (2+0) carriers come on top.',
  },
  {
    gene: 'SMN1',
    ancestry: 'hispanic',
    oneIn: 125,
    source: 'hendrickson2009Abstract',
    note: 'One-copy genotype frequency; silent (2+0) carriers come on top.',
  },
  { gene: 'HEXA', ancestry: 'ashkenazi_jewish', oneIn: 31, source: 'acmgAshkenazi2008' },
  { gene: 'HEXA', ancestry: 'pan_ethnic', oneIn: 300, source: 'tayPanEthnic' },
  { gene: 'ASPA', ancestry: 'ashkenazi_jewish', oneIn: 41, source: 'acmgAshkenazi2008' },
  { gene: 'FANCC', ancestry: 'ashkenazi_jewish', oneIn: 89, source: 'acmgAshkenazi2008' },
  { gene: 'SMPD1', ancestry: 'ashkenazi_jewish', oneIn: 90, source: 'acmgAshkenazi2008' },
  { gene: 'BLM', ancestry: 'ashkenazi_jewish', oneIn: 107, source: 'acmgAshkenazi2008' },
  { gene: 'MCOLN1', ancestry: 'ashkenazi_jewish', oneIn: 127, source: 'acmgAshkenazi2008' },
  { gene: 'GBA1', ancestry: 'ashkenazi_jewish', oneIn: 18, source: 'acmgAshkenazi2008' },
  { gene: 'G6PC1', ancestry: 'ashkenazi_jewish', oneIn: 64, source: 'snpediaAshkenazi' },
  {
    gene: 'BCKDHB',
    ancestry: 'ashkenazi_jewish',
    oneIn: 97,
    source: 'snpediaAshkenazi',
    note: 'Maple syrup urine disease; the Ashkenazi founder variant is in BCKDHB.',
  },
  {
    gene: 'FMR1',
    ancestry: 'pan_ethnic',
    oneIn: 201,
    source: 'progenityFmr1',
    note: 'Premutation carriers among women (the egg provider is the one who matters).',
  },
  {
    gene: 'HBB',
    ancestry: 'african',
    oneIn: 14,
    source: 'cdcSickleTrait2014',
    note: 'HbS trait only (73.1 per 1,000); HbC, HbE and β-thalassemia carriers come on top.',
  },
  {
    gene: 'HBB',
    ancestry: 'hispanic',
    oneIn: 145,
    source: 'cdcSickleTrait2014',
    note: 'HbS trait only (6.9 per 1,000).',
  },
  {
    gene: 'HBB',
    ancestry: 'pan_ethnic',
    oneIn: 65,
    source: 'cdcSickleTrait2014',
    note: 'HbS trait only, all US newborns (15.5 per 1,000).',
  },
  { gene: 'SERPINA1', ancestry: 'european', oneIn: 38, source: 'caucasianTableS1' },
  { gene: 'GJB2', ancestry: 'european', oneIn: 42, source: 'caucasianTableS1' },
  { gene: 'PAH', ancestry: 'european', oneIn: 50, source: 'caucasianTableS1' },
  { gene: 'CYP21A2', ancestry: 'european', oneIn: 57, source: 'caucasianTableS1' },
  { gene: 'ATP7B', ancestry: 'european', oneIn: 87, source: 'caucasianTableS1' },
];

export const DETECTION_RATES: readonly DetectionRow[] = [
  { gene: 'HEXA', ancestry: 'pan_ethnic', rate: 0.98, method: 'enzyme_assay', source: 'acog691' },
  {
    gene: 'HEXA',
    ancestry: 'ashkenazi_jewish',
    rate: 0.92,
    method: 'targeted_genotyping',
    source: 'acmgAshkenazi2008',
    note: 'Source gives >92–99%; 92% fits mixed backgrounds.',
  },
  { gene: 'ASPA', ancestry: 'ashkenazi_jewish', rate: 0.974, source: 'acmgAshkenazi2008' },
  { gene: 'FANCC', ancestry: 'ashkenazi_jewish', rate: 0.99, source: 'acmgAshkenazi2008', note: 'Source: >99%.' },
  { gene: 'SMPD1', ancestry: 'ashkenazi_jewish', rate: 0.97, source: 'acmgAshkenazi2008' },
  { gene: 'BLM', ancestry: 'ashkenazi_jewish', rate: 0.99, source: 'acmgAshkenazi2008', note: 'Source: >99%.' },
  { gene: 'MCOLN1', ancestry: 'ashkenazi_jewish', rate: 0.95, source: 'acmgAshkenazi2008' },
  {
    gene: 'GBA1',
    ancestry: 'ashkenazi_jewish',
    rate: 0.89,
    source: 'acmgAshkenazi2008',
    note: 'Source gives 89–94.6%.',
  },
  { gene: 'CFTR', ancestry: 'ashkenazi_jewish', rate: 0.97, source: 'cfTextbook' },
  {
    gene: 'CFTR',
    ancestry: 'european',
    rate: 0.875,
    source: 'cfNewbornPanels2022',
    note: 'Lowest of the variant panels studied (87.5–97.0%), as the conservative figure.',
  },
];

export const SMN1_RESIDUAL: readonly SmnResidualRow[] = [
  { ancestry: 'european', copies: 2, oneIn: 632, source: 'hendrickson2009Text' },
  { ancestry: 'ashkenazi_jewish', copies: 2, oneIn: 350, source: 'hendrickson2009' },
  { ancestry: 'african', copies: 2, oneIn: 121, source: 'hendrickson2009' },
  { ancestry: 'ashkenazi_jewish', copies: 3, oneIn: 4000, source: 'hendrickson2009' },
  { ancestry: 'african', copies: 3, oneIn: 3000, source: 'hendrickson2009' },
];

const byAncestry = <R extends { ancestry: Ancestry }>(rows: readonly R[], ancestry: Ancestry): R | null =>
  rows.find((r) => r.ancestry === ancestry) ?? rows.find((r) => r.ancestry === 'pan_ethnic') ?? null;

/**
 * One lookup per key: the tables are constant, and a ranked page asks the same few keys for every donor shown.
 * Keyed by nested maps, one level per argument, so a hit allocates nothing (a joined string key cost more than the
 * lookup it saved: the ranking's explanations ask these several times per gene per donor).
 */
function memo<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const root = new Map<unknown, unknown>();
  const DONE = Symbol('value');
  return (...args: A) => {
    let node = root;
    for (const a of args) {
      let next = node.get(a) as Map<unknown, unknown> | undefined;
      if (next === undefined) node.set(a, (next = new Map()));
      node = next;
    }
    if (node.has(DONE)) return node.get(DONE) as R;
    const value = fn(...args);
    node.set(DONE, value);
    return value;
  };
}

/** The published carrier frequency (a probability) of `gene` for `ancestry`, or null when none is known. */
export const carrierFrequency = memo((gene: Gene, ancestry: Ancestry): number | null => {
  const row = byAncestry(
    CARRIER_FREQUENCIES.filter((r) => r.gene === gene),
    ancestry,
  );
  return row ? 1 / row.oneIn : null;
});

/** The published detection rate of a test for `gene`, preferring a row of the stated method; null when none. */
export const detectionRate = memo((gene: Gene, ancestry: Ancestry, method?: ScreenMethod): number | null => {
  const rows = DETECTION_RATES.filter((r) => r.gene === gene);
  const sameMethod = method ? rows.filter((r) => r.method === method) : [];
  const row = byAncestry(sameMethod, ancestry) ?? byAncestry(rows, ancestry);
  return row ? row.rate : null;
});

/** Carrier probability after an SMN1 result of 2 (or 3) copies, or null when not published for the ancestry. */
export const smn1Residual = memo((copies: number, ancestry: Ancestry): number | null => {
  const row = byAncestry(
    SMN1_RESIDUAL.filter((r) => r.copies === (copies >= 3 ? 3 : 2)),
    ancestry,
  );
  return row ? 1 / row.oneIn : null;
});
