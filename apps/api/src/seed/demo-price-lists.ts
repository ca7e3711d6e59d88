import type { PriceListInput } from '@kindred/shared/price-lists';

/**
 * Price lists of the fictional demo banks (DEMO_DATA, issue 29). The banks are fictional, so no list is a real
 * bank's: each amount is a point inside a range real banks publish, and each names the source of that range. One
 * demo bank (Sunflower Fertility Center) has no list on purpose, so the demo shows "Price not listed by the bank".
 * Amounts in cents (USD).
 *
 * Sources:
 * - VIALS: donor sperm vials cost "from approximately $290 to $795" (M. Vereb, Donor Match Me, "Why sperm prices
 *   vary so widely", https://blog.donormatchme.com/why-sperm-prices-vary-so-widely); "anything between $370 to
 *   $890" (Vice, "Why Is Sperm So Damn Expensive?", https://www.vice.com/en/article/53nvex/why-is-sperm-so-damn-expensive).
 *   ICI vials are unwashed and IUI vials washed ("Vials, Straws, IUI, ICI, ART, ICSI, what are they?!",
 *   https://spermbankfaq.com/category/assistedreproductivetech/); the washed vial is the dearer one in every list.
 * - EXTENDED_PROFILE: "For $40 extra dollars" an extended donor profile (The Sperm Bank of California, quoted by
 *   Vice, above).
 * - STORAGE_AND_SHIPPING: storage "about $150 a quarter", shipping "$350 or more" (banks' published lists as
 *   surveyed in Kindred issue 29, "Decide together and know the full price"). Storage is billed per quarter.
 * - EGGS: frozen donor eggs at a mean $2,225 an egg (range $1,500–$2,500), median recommended minimum 6 eggs
 *   (A. M. Quaas et al., "Egg banking in the United States: current status of commercially available
 *   cryopreserved oocytes", Fertility and Sterility 99(3):827–831, 2013, http://fertstertforum.com/quassam-oocyte-banking-cryopreservation/);
 *   a cohort here is 6 eggs. A fresh donor cycle at a flat $8,000 fee (Center for Human Reproduction, "Making Egg
 *   Donation More Fair and Affordable", https://www.centerforhumanreprod.com/fertility/making-egg-donation-more-fair-and-affordable-changes-in-pricing-of-chrs-standard-donor-egg-program-sdep/).
 */
const SOURCES = {
  vials: 'https://blog.donormatchme.com/why-sperm-prices-vary-so-widely',
  vialsHigh: 'https://www.vice.com/en/article/53nvex/why-is-sperm-so-damn-expensive',
  storageShipping: 'Kindred issue 29 survey of published bank price lists: storage ~$150/quarter, shipping $350+',
  eggs: 'Quaas et al., Fertil Steril 2013;99(3):827-831 ($1,500-$2,500 an egg, 6 eggs); CHR fresh cycle $8,000',
} as const;

const CONFIRMED_ON = '2026-11-01';
const quarterlyStorage = { price_minor: 15_000, period_months: 3 };
const shipping = (us: number, extra: { region: string; price_minor: number }[] = []) => [
  { region: 'US', price_minor: us },
  ...extra,
];

export const DEMO_PRICE_LISTS: readonly (PriceListInput & { bank_name: string })[] = [
  {
    bank_name: 'Northstar Cryobank (fictional)',
    currency: 'USD',
    confirmed_on: CONFIRMED_ON,
    // Top of the published range ($795), ICI $100 below.
    vials: [
      { type: 'IUI', price_minor: 79_500 },
      { type: 'ICI', price_minor: 69_500 },
    ],
    storage: quarterlyStorage,
    shipping: shipping(35_000, [
      { region: 'HI', price_minor: 45_000 },
      { region: 'AK', price_minor: 45_000 },
    ]),
    extras: [{ kind: 'extended_profile', price_minor: 4_000 }],
    source: `${SOURCES.vials}; ${SOURCES.storageShipping}; extended profile $40: ${SOURCES.vialsHigh}`,
  },
  {
    bank_name: 'Pacific Seed Bank (fictional)',
    currency: 'USD',
    confirmed_on: CONFIRMED_ON,
    // Within $370–$890 (Vice).
    vials: [
      { type: 'IUI', price_minor: 69_500 },
      { type: 'ICI', price_minor: 59_500 },
    ],
    storage: quarterlyStorage,
    shipping: shipping(37_500),
    extras: [{ kind: 'extended_profile', price_minor: 4_000 }],
    source: `${SOURCES.vialsHigh}; ${SOURCES.storageShipping}`,
  },
  {
    bank_name: 'Lakeside Cryo (fictional)',
    currency: 'USD',
    confirmed_on: CONFIRMED_ON,
    // Bottom of the published range ($290) for ICI; eggs at the range's low end ($1,500 × 6).
    vials: [
      { type: 'IUI', price_minor: 39_000 },
      { type: 'ICI', price_minor: 29_000 },
      { type: 'egg_cohort', price_minor: 900_000 },
      { type: 'fresh_cycle', price_minor: 800_000 },
    ],
    storage: quarterlyStorage,
    shipping: shipping(35_000),
    extras: [],
    source: `${SOURCES.vials}; ${SOURCES.eggs}; ${SOURCES.storageShipping}`,
  },
  {
    bank_name: 'Bluebell Egg Bank (fictional)',
    currency: 'USD',
    confirmed_on: CONFIRMED_ON,
    // The mean price an egg ($2,225 × 6).
    vials: [{ type: 'egg_cohort', price_minor: 1_335_000 }],
    storage: quarterlyStorage,
    shipping: shipping(35_000),
    extras: [],
    source: `${SOURCES.eggs}; ${SOURCES.storageShipping}`,
  },
  {
    bank_name: 'Harbor Egg Bank (fictional)',
    currency: 'USD',
    confirmed_on: CONFIRMED_ON,
    // The top of the range ($2,500 × 6), and the fresh-cycle fee.
    vials: [
      { type: 'egg_cohort', price_minor: 1_500_000 },
      { type: 'fresh_cycle', price_minor: 800_000 },
    ],
    storage: quarterlyStorage,
    shipping: shipping(40_000),
    extras: [],
    source: `${SOURCES.eggs}; ${SOURCES.storageShipping}`,
  },
];
