import { z } from 'zod';
import { formatMoney } from './money.ts';
import { isRealIsoDate } from './validation.ts';
import type { DonorType } from './vocabulary.ts';

/**
 * Banks' price lists and the all-in cost estimate of a donor (issue 29, ADR 029). A price list is one bank's, in
 * one currency, in minor units (cents): the vial types it sells with their prices, storage billed per period of
 * whole months, shipping per shipment by region (a US state code, or `US` for every other state), extras (an
 * extended profile, photos) and the day it was last confirmed. `estimateCost` is the one pure function the API
 * (find-matches, filter and sort) and the browser (the donor page's plan) both compute with.
 *
 * Rounding, stated once: every line is an exact whole number of minor units (price × quantity; storage is billed
 * in whole periods, a part period counts as a whole one, as banks bill it), so the total is exact to the cent. Only
 * the headline ("About $4,850") is rounded: to the nearest 10 whole units of the currency, halves up.
 */

/** Vial (or lot) types a bank sells: for sperm ICI and IUI vials, for eggs a frozen cohort or a fresh cycle. */
export const VIAL_TYPES = ['ICI', 'IUI', 'egg_cohort', 'fresh_cycle'] as const;
export type VialType = (typeof VIAL_TYPES)[number];
export const vialTypeSchema = z.enum(VIAL_TYPES);

export const VIAL_TYPES_BY_DONOR_TYPE: Record<DonorType, readonly VialType[]> = {
  sperm: ['IUI', 'ICI'],
  egg: ['egg_cohort', 'fresh_cycle'],
  surrogate: [],
};

/** How a quantity of each type reads ("6 IUI vials", "1 egg cohort"). */
const VIAL_NOUN: Record<VialType, [one: string, many: string]> = {
  ICI: ['ICI vial', 'ICI vials'],
  IUI: ['IUI vial', 'IUI vials'],
  egg_cohort: ['egg cohort', 'egg cohorts'],
  fresh_cycle: ['fresh egg-donation cycle', 'fresh egg-donation cycles'],
};
export const VIAL_TYPE_LABEL: Record<VialType, string> = {
  ICI: 'ICI vial',
  IUI: 'IUI vial',
  egg_cohort: 'Egg cohort (frozen)',
  fresh_cycle: 'Fresh cycle',
};

export const EXTRA_KINDS = ['extended_profile', 'photos'] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];
export const EXTRA_LABEL: Record<ExtraKind, string> = { extended_profile: 'Extended profile', photos: 'Photos' };

/** US states and DC by postal code: the regions shipping is priced by (`US`: any state without its own rate). */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'the District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho',
  IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine',
  MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri',
  MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
  UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}; // prettier-ignore
/** The shipping region every state falls back to. */
export const DEFAULT_REGION = 'US';
export const SHIPPING_REGIONS = [DEFAULT_REGION, ...Object.keys(US_STATES)] as const;

export const PRICE_MSG = {
  notListed: 'Price not listed by the bank',
  invoiceDecides: "An estimate from the bank's published prices: the bank's invoice decides what you pay.",
  otherCurrency:
    'Some estimates are in another currency: they are never added up or compared with the others, and sort after ' +
    'them by price.',
  bankRequired: 'Enter the bank’s name.',
  currencyInvalid: 'Use a three-letter currency code, such as USD.',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  amountInvalid: 'Enter an amount in cents: a whole number, 0 or more.',
  vialsRequired: 'List at least one vial type with its price.',
  vialRepeated: 'Each vial type once.',
  regionInvalid: 'Use a US state code (such as IL) or US for every other state.',
  regionRepeated: 'Each region once.',
  extraRepeated: 'Each extra once.',
  periodInvalid: 'Storage is billed per 1 to 12 months.',
  notFound: 'This bank has no price list.',
  saved: 'Price list saved.',
  deleted: 'Price list removed.',
} as const;

/** Largest amount a line may carry: $10,000,000.00 in cents, far beyond any price, well inside exact integers. */
export const MAX_MINOR = 1_000_000_000;
const minor = z
  .number({ error: PRICE_MSG.amountInvalid })
  .int({ error: PRICE_MSG.amountInvalid })
  .min(0, { error: PRICE_MSG.amountInvalid })
  .max(MAX_MINOR, { error: PRICE_MSG.amountInvalid });

const distinct = (keys: readonly string[]) => new Set(keys).size === keys.length;

export const bankNameField = z
  .string({ error: PRICE_MSG.bankRequired })
  .trim()
  .min(1, { error: PRICE_MSG.bankRequired })
  .max(200, { error: 'At most 200 characters.' });

/** A price list as an admin or a bank's import writes it. */
export const priceListInputSchema = z.object({
  currency: z
    .string({ error: PRICE_MSG.currencyInvalid })
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: PRICE_MSG.currencyInvalid })
    .transform((v) => v.toUpperCase()),
  confirmed_on: z
    .string({ error: PRICE_MSG.dateInvalid })
    .trim()
    .refine(isRealIsoDate, { error: PRICE_MSG.dateInvalid }),
  vials: z
    .array(z.object({ type: vialTypeSchema, price_minor: minor }))
    .min(1, { error: PRICE_MSG.vialsRequired })
    .max(VIAL_TYPES.length)
    .refine((list) => distinct(list.map((v) => v.type)), { error: PRICE_MSG.vialRepeated }),
  storage: z.object({
    price_minor: minor,
    period_months: z
      .number({ error: PRICE_MSG.periodInvalid })
      .int({ error: PRICE_MSG.periodInvalid })
      .min(1, { error: PRICE_MSG.periodInvalid })
      .max(12, { error: PRICE_MSG.periodInvalid }),
  }),
  shipping: z
    .array(
      z.object({
        region: z
          .string({ error: PRICE_MSG.regionInvalid })
          .trim()
          .transform((v) => v.toUpperCase())
          .refine((v) => v === DEFAULT_REGION || v in US_STATES, { error: PRICE_MSG.regionInvalid }),
        price_minor: minor,
      }),
    )
    .max(SHIPPING_REGIONS.length)
    .refine((list) => distinct(list.map((r) => r.region)), { error: PRICE_MSG.regionRepeated }),
  extras: z
    .array(z.object({ kind: z.enum(EXTRA_KINDS), price_minor: minor }))
    .max(EXTRA_KINDS.length)
    .refine((list) => distinct(list.map((e) => e.kind)), { error: PRICE_MSG.extraRepeated })
    .default([]),
  /** Where the numbers come from (a URL or a note): shown to admins, kept with the list. */
  source: z.string().trim().max(500).default(''),
});
export type PriceListInput = z.input<typeof priceListInputSchema>;

/** A stored price list as the API answers it (no transforms: a response schema is only written, never parsed). */
export const priceListSchema = z.object({
  bank_name: z.string(),
  currency: z.string(),
  confirmed_on: z.string(),
  vials: z.array(z.object({ type: vialTypeSchema, price_minor: z.number().int() })),
  storage: z.object({ price_minor: z.number().int(), period_months: z.number().int() }),
  shipping: z.array(z.object({ region: z.string(), price_minor: z.number().int() })),
  extras: z.array(z.object({ kind: z.enum(EXTRA_KINDS), price_minor: z.number().int() })),
  source: z.string(),
  updated_at: z.string(),
});
export type PriceList = z.output<typeof priceListSchema>;
/** What the estimate reads of a price list (what a parent's donor page is given). */
export const priceListTermsSchema = priceListSchema.pick({
  currency: true,
  confirmed_on: true,
  vials: true,
  storage: true,
  shipping: true,
  extras: true,
});
export type PriceListTerms = Pick<PriceList, 'currency' | 'confirmed_on' | 'vials' | 'storage' | 'shipping' | 'extras'>;

export const priceListListSchema = z.object({ price_lists: z.array(priceListSchema) });
export const priceListWriteSchema = priceListInputSchema.extend({ bank_name: bankNameField });
export const priceListBankParams = z.object({ bank: bankNameField });

/** A bank's price-list import: JSON rows (or CSV, one line per row, see the import route). */
export const PRICE_IMPORT_MAX_ROWS = 500;
export const priceImportRowErrorSchema = z.object({
  row: z.number().int(),
  bank_name: z.string().nullable(),
  errors: z.array(z.object({ field: z.string(), error: z.string() })),
});
export const priceImportResultSchema = z.object({
  dry_run: z.boolean(),
  received: z.number().int(),
  saved: z.number().int(),
  rejected: z.array(priceImportRowErrorSchema),
});
export type PriceImportResult = z.infer<typeof priceImportResultSchema>;

/** Largest price-list import (a few hundred banks fit in far less). */
export const PRICE_IMPORT_MAX_BYTES = 512 * 1024;
/** POST /api/v1/admin/price-lists/import/: the file's content as a string. */
export const priceImportRequestSchema = z.object({
  format: z.enum(['csv', 'json'], { error: 'format must be csv or json.' }),
  data: z
    .string({ error: 'data must be the file content as a string.' })
    .min(1, { error: 'data is empty.' })
    .max(PRICE_IMPORT_MAX_BYTES, { error: 'The file is larger than 512 KiB.' }),
  dry_run: z.boolean({ error: 'dry_run must be true or false.' }).optional(),
});
export type PriceImportRequest = z.infer<typeof priceImportRequestSchema>;

/** DELETE /api/v1/admin/price-lists/:bank/. */
export const priceListDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The parent's plan: how many vials (or lots) of which type, months of storage, shipments, where to. */
export const PLAN_LIMITS = { vials: [1, 30], storageMonths: [0, 60], shipments: [0, 12] } as const;
const intIn = (lo: number, hi: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(lo, { error: message }).max(hi, { error: message });
export const costPlanSchema = z.object({
  vial_type: vialTypeSchema.optional(),
  vials: intIn(...PLAN_LIMITS.vials, 'Choose 1 to 30 vials.'),
  storage_months: intIn(...PLAN_LIMITS.storageMonths, 'Choose 0 to 60 months of storage.'),
  shipments: intIn(...PLAN_LIMITS.shipments, 'Choose 0 to 12 shipments.'),
  region: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === DEFAULT_REGION || v in US_STATES, { error: PRICE_MSG.regionInvalid })
    .optional(),
  extras: z.array(z.enum(EXTRA_KINDS)).max(EXTRA_KINDS.length).optional(),
});
export type CostPlan = z.output<typeof costPlanSchema>;

/** The plan a card starts from (the issue's example: 6 IUI vials, 12 months' storage, one shipment). */
export function defaultPlan(donorType: DonorType, region?: string | null): CostPlan {
  const r = region && (region in US_STATES || region === DEFAULT_REGION) ? { region } : {};
  if (donorType === 'egg') return { vial_type: 'egg_cohort', vials: 1, storage_months: 0, shipments: 1, ...r };
  return { vial_type: 'IUI', vials: 6, storage_months: 12, shipments: 1, ...r };
}

export const estimateLineSchema = z.object({
  kind: z.enum(['vials', 'storage', 'shipping', 'extra']),
  label: z.string(),
  quantity: z.number().int(),
  unit_minor: z.number().int(),
  amount_minor: z.number().int(),
});
export const costEstimateSchema = z.object({
  listed: z.literal(true),
  currency: z.string(),
  total_minor: z.number().int(),
  /** The headline amount: the total rounded to the nearest 10 whole units, halves up. */
  about_minor: z.number().int(),
  summary: z.string(),
  lines: z.array(estimateLineSchema),
  confirmed_on: z.string(),
  vial_type: vialTypeSchema,
});
export const notListedSchema = z.object({ listed: z.literal(false), reason: z.string() });
export const estimateSchema = z.discriminatedUnion('listed', [costEstimateSchema, notListedSchema]);
export type CostEstimate = z.infer<typeof costEstimateSchema>;
export type Estimate = z.infer<typeof estimateSchema>;

/** Digits of the currency's minor unit (2 for USD, 0 for JPY), from Intl; 2 for a code Intl cannot read. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as the page shows them ('$4,850' when whole, '$4,850.50' otherwise). */
export function formatMinor(amountMinor: number, currency: string): string {
  return formatMoney(amountMinor / 10 ** minorDigits(currency), currency, { dropZeroCents: true });
}

/** The total rounded to the nearest 10 whole units of the currency, halves up (integers only, no float error). */
export function aboutMinor(totalMinor: number, currency: string): number {
  const step = 10 * 10 ** minorDigits(currency);
  return Math.floor((totalMinor + step / 2) / step) * step;
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const inWords = (n: number, one: string, many: string) => `${WORDS[n] ?? n} ${n === 1 ? one : many}`;

function joinList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Where a region ships to, as a sentence reads it ("to Illinois"; the default region: nothing). */
export const regionPhrase = (region: string | undefined) =>
  region && region in US_STATES ? ` to ${US_STATES[region]}` : '';

/**
 * The cost of `plan` at a bank with price list `list`, or why there is none. Null list: "Price not listed by the
 * bank". A vial type the bank does not sell, or not of the donor's kind: the first type it sells for the donor's
 * kind is used (the estimate names it); none of that kind: not listed. Shipping uses the region's own rate, else
 * the `US` rate, else no shipping line is priced (and the estimate says so in its summary: "shipping not listed").
 */
export function estimateCost(
  list: PriceListTerms | null | undefined,
  plan: CostPlan,
  donorType: DonorType = 'sperm',
): Estimate {
  if (!list) return { listed: false, reason: PRICE_MSG.notListed };
  // Only a type of the donor's kind: an egg donor's bank that also sells IUI vials is priced by its egg lots.
  const kinds = VIAL_TYPES_BY_DONOR_TYPE[donorType];
  const wanted = plan.vial_type && kinds.includes(plan.vial_type) ? plan.vial_type : undefined;
  const sold =
    list.vials.find((v) => v.type === wanted) ??
    kinds.map((t) => list.vials.find((v) => v.type === t)).find((v) => v !== undefined);
  if (!sold) return { listed: false, reason: PRICE_MSG.notListed };
  const lines: z.infer<typeof estimateLineSchema>[] = [];
  const [one, many] = VIAL_NOUN[sold.type];
  lines.push({
    kind: 'vials',
    label: count(plan.vials, one, many),
    quantity: plan.vials,
    unit_minor: sold.price_minor,
    amount_minor: sold.price_minor * plan.vials,
  });
  const parts = [count(plan.vials, one, many)];
  if (plan.storage_months > 0) {
    const periods = Math.ceil(plan.storage_months / list.storage.period_months);
    lines.push({
      kind: 'storage',
      label: `Storage, ${count(plan.storage_months, 'month', 'months')} (${count(periods, 'period', 'periods')} of ${count(list.storage.period_months, 'month', 'months')})`,
      quantity: periods,
      unit_minor: list.storage.price_minor,
      amount_minor: list.storage.price_minor * periods,
    });
    parts.push(plan.storage_months === 1 ? "1 month's storage" : `${plan.storage_months} months' storage`);
  }
  if (plan.shipments > 0) {
    const region = plan.region ?? DEFAULT_REGION;
    const rate =
      list.shipping.find((s) => s.region === region) ?? list.shipping.find((s) => s.region === DEFAULT_REGION);
    const where = regionPhrase(region);
    const shipments = inWords(plan.shipments, 'shipment', 'shipments');
    if (rate) {
      lines.push({
        kind: 'shipping',
        label: `Shipping, ${count(plan.shipments, 'shipment', 'shipments')}${where}`,
        quantity: plan.shipments,
        unit_minor: rate.price_minor,
        amount_minor: rate.price_minor * plan.shipments,
      });
      parts.push(`${shipments}${where}`);
    } else parts.push(`${shipments}${where} (shipping not listed)`);
  }
  for (const kind of plan.extras ?? []) {
    const extra = list.extras.find((e) => e.kind === kind);
    if (!extra) continue;
    lines.push({
      kind: 'extra',
      label: EXTRA_LABEL[kind],
      quantity: 1,
      unit_minor: extra.price_minor,
      amount_minor: extra.price_minor,
    });
    parts.push(EXTRA_LABEL[kind].toLowerCase());
  }
  const total = lines.reduce((n, l) => n + l.amount_minor, 0);
  const about = aboutMinor(total, list.currency);
  return {
    listed: true,
    currency: list.currency,
    total_minor: total,
    about_minor: about,
    summary: `About ${formatMinor(about, list.currency)} for ${joinList(parts)}`,
    lines,
    confirmed_on: list.confirmed_on,
    vial_type: sold.type,
  };
}

/**
 * Estimates in more than one currency are never added up or compared as numbers: `mixedCurrencies` tells a page
 * (compare, the matches list) to say so.
 */
export const mixedCurrencies = (estimates: readonly Estimate[]) =>
  new Set(estimates.flatMap((e) => (e.listed ? [e.currency] : []))).size > 1;
