import { describe, expect, it } from 'vitest';
import {
  aboutMinor,
  defaultPlan,
  estimateCost,
  formatMinor,
  mixedCurrencies,
  priceListInputSchema,
  PRICE_MSG,
} from './price-lists.ts';
import type { PriceListTerms } from './price-lists.ts';

const list: PriceListTerms = {
  currency: 'USD',
  confirmed_on: '2026-10-01',
  vials: [
    { type: 'ICI', price_minor: 59_500 },
    { type: 'IUI', price_minor: 69_500 },
  ],
  storage: { price_minor: 15_000, period_months: 3 },
  shipping: [
    { region: 'US', price_minor: 35_000 },
    { region: 'IL', price_minor: 38_500 },
  ],
  extras: [{ kind: 'photos', price_minor: 2_999 }],
};

describe('estimateCost', () => {
  it('adds vials, storage and one shipment to the cent and rounds only the headline', () => {
    const e = estimateCost(list, { vial_type: 'IUI', vials: 6, storage_months: 12, shipments: 1, region: 'IL' });
    expect(e.listed).toBe(true);
    if (!e.listed) return;
    // 6 × $695 + 4 quarters × $150 + $385 = $4,170 + $600 + $385 = $5,155
    expect(e.lines.map((l) => l.amount_minor)).toEqual([417_000, 60_000, 38_500]);
    expect(e.total_minor).toBe(515_500);
    expect(e.about_minor).toBe(516_000);
    expect(e.summary).toBe("About $5,160 for 6 IUI vials, 12 months' storage and one shipment to Illinois");
    expect(e.confirmed_on).toBe('2026-10-01');
  });

  it('bills a part storage period as a whole one and keeps odd cents exact', () => {
    const e = estimateCost(list, {
      vial_type: 'ICI',
      vials: 1,
      storage_months: 4,
      shipments: 0,
      extras: ['photos'],
    });
    if (!e.listed) throw new Error('listed');
    // $595 + 2 quarters × $150 + $29.99 = $924.99
    expect(e.total_minor).toBe(92_499);
    expect(formatMinor(e.total_minor, 'USD')).toBe('$924.99');
    expect(e.about_minor).toBe(92_000);
    expect(e.summary).toBe("About $920 for 1 ICI vial, 4 months' storage and photos");
  });

  it('rounds halves up to the nearest ten whole units, in the currency’s own minor units', () => {
    expect(aboutMinor(4_500, 'USD')).toBe(5_000); // $45.00 → $50
    expect(aboutMinor(4_499, 'USD')).toBe(4_000); // $44.99 → $40
    expect(aboutMinor(485_000, 'USD')).toBe(485_000);
    expect(aboutMinor(1_235, 'JPY')).toBe(1_240); // yen have no minor unit
    expect(formatMinor(1_240, 'JPY')).toBe('¥1,240');
  });

  it('uses the US rate for a state without its own and says when shipping is not listed', () => {
    const e = estimateCost(list, { vial_type: 'IUI', vials: 2, storage_months: 0, shipments: 2, region: 'TX' });
    if (!e.listed) throw new Error('listed');
    expect(e.lines.at(-1)!.amount_minor).toBe(70_000);
    const none = estimateCost({ ...list, shipping: [] }, { vials: 1, storage_months: 0, shipments: 1 });
    if (!none.listed) throw new Error('listed');
    expect(none.summary).toContain('(shipping not listed)');
    expect(none.total_minor).toBe(69_500);
  });

  it('says "Price not listed by the bank" without a price list', () => {
    expect(estimateCost(null, defaultPlan('sperm'))).toEqual({ listed: false, reason: PRICE_MSG.notListed });
    expect(PRICE_MSG.notListed).toBe('Price not listed by the bank');
  });

  it('falls back to a type the bank sells for the donor’s kind', () => {
    const eggs: PriceListTerms = { ...list, vials: [{ type: 'egg_cohort', price_minor: 1_650_000 }] };
    const e = estimateCost(eggs, defaultPlan('egg'), 'egg');
    if (!e.listed) throw new Error('listed');
    expect(e.vial_type).toBe('egg_cohort');
    expect(e.summary).toBe('About $16,850 for 1 egg cohort and one shipment');
  });

  it('prices a donor only by the types of its kind', () => {
    const both: PriceListTerms = { ...list, vials: [...list.vials, { type: 'egg_cohort', price_minor: 900_000 }] };
    const egg = estimateCost(both, { vial_type: 'IUI', vials: 1, storage_months: 0, shipments: 0 }, 'egg');
    expect(egg.listed && egg.vial_type).toBe('egg_cohort');
    const eggOnly: PriceListTerms = { ...list, vials: [{ type: 'egg_cohort', price_minor: 900_000 }] };
    expect(estimateCost(eggOnly, defaultPlan('sperm'), 'sperm').listed).toBe(false);
    expect(estimateCost(both, defaultPlan('surrogate'), 'surrogate').listed).toBe(false);
  });

  it('never mixes currencies without saying so', () => {
    const usd = estimateCost(list, defaultPlan('sperm'));
    const eur = estimateCost({ ...list, currency: 'EUR' }, defaultPlan('sperm'));
    expect(mixedCurrencies([usd, usd])).toBe(false);
    expect(mixedCurrencies([usd, eur])).toBe(true);
    if (eur.listed) expect(eur.summary.startsWith('About €')).toBe(true);
  });
});

describe('priceListInputSchema', () => {
  it('reads a list and reports each bad field', () => {
    expect(priceListInputSchema.safeParse({ ...list, currency: 'usd', source: 'x' }).data?.currency).toBe('USD');
    const bad = priceListInputSchema.safeParse({
      ...list,
      currency: 'dollars',
      confirmed_on: '2026-02-30',
      vials: [
        { type: 'IUI', price_minor: 1.5 },
        { type: 'IUI', price_minor: 1 },
      ],
      shipping: [{ region: 'ZZ', price_minor: 1 }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['currency', 'confirmed_on', 'vials.0.price_minor', 'shipping.0.region']),
    );
  });
});
