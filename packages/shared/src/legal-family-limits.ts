/**
 * Legal (or regulator-set) limits on how many families one donor may help, per country (issue 28, ADR 027): the
 * only such figures the family badge shows. Every row names its source; a country without a row has no limit
 * Kindred can cite, and the badge then shows none rather than a guess. Keys are ISO 3166-1 alpha-2 codes, as a
 * parent's preference set stores `current_country`. `unit` says what the figure counts: families (a family may
 * have several children), children, or women treated.
 *
 * Rows marked `secondary` cite a bank's or a news summary of the national rule, not the statute itself; they are
 * kept because they agree with each other and name the rule, and should be replaced by the primary text when an
 * operator checks it.
 */
export type LegalFamilyLimit = {
  country: string;
  country_name: string;
  limit: number;
  unit: 'families' | 'children' | 'women';
  rule: string;
  source_name: string;
  source_url: string;
  secondary: boolean;
};

const BORN_SUMMARY = {
  source_name: 'Born Donor Bank, “Why worldwide limits on sperm donation matter” (national limits table)',
  source_url: 'https://www.borndonorbank.com/why-worldwide-limits-on-sperm-donation-matter-to-families-like-yours',
  secondary: true,
} as const;

export const LEGAL_FAMILY_LIMITS: readonly LegalFamilyLimit[] = [
  {
    country: 'GB',
    country_name: 'United Kingdom',
    limit: 10,
    unit: 'families',
    rule: 'HFEA: donations from one donor may create no more than 10 families in the UK (since the 2006 SEED review)',
    source_name: 'HFEA, FOI F-2011-00232 on the sperm donor family limit',
    source_url: 'http://www.hfea.gov.uk/6794.html',
    secondary: false,
  },
  {
    country: 'NL',
    country_name: 'Netherlands',
    limit: 12,
    unit: 'families',
    rule:
      'Donor Data Act (Wdkb) as amended 1 April 2025: one donor’s sperm may be used for at most 12 women, ' +
      'tracked by the national donor register',
    source_name: 'TFP Fertility, “Amendment to the Donor Data Act” (1 April 2025)',
    source_url: 'https://staging.tfp-fertility.com/en-nl/amendment-to-the-donor-data-act',
    secondary: true,
  },
  { country: 'DE', country_name: 'Germany', limit: 15, unit: 'families', rule: 'National limit', ...BORN_SUMMARY },
  { country: 'CH', country_name: 'Switzerland', limit: 8, unit: 'families', rule: 'National limit', ...BORN_SUMMARY },
  { country: 'AT', country_name: 'Austria', limit: 3, unit: 'families', rule: 'National limit', ...BORN_SUMMARY },
  { country: 'FR', country_name: 'France', limit: 10, unit: 'children', rule: 'National limit', ...BORN_SUMMARY },
  { country: 'SE', country_name: 'Sweden', limit: 6, unit: 'families', rule: 'National limit', ...BORN_SUMMARY },
  { country: 'NO', country_name: 'Norway', limit: 6, unit: 'families', rule: 'National limit', ...BORN_SUMMARY },
  { country: 'DK', country_name: 'Denmark', limit: 12, unit: 'families', rule: 'National limit', ...BORN_SUMMARY },
];

/** The cited limit of `country` (ISO alpha-2, any case), or null where Kindred has none to cite. */
export function legalFamilyLimit(country: string | null | undefined): LegalFamilyLimit | null {
  if (!country) return null;
  const code = country.trim().toUpperCase();
  return LEGAL_FAMILY_LIMITS.find((l) => l.country === code) ?? null;
}
