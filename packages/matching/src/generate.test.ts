import { describe, expect, it } from 'vitest';
import { avatarSvg, buildIndex, DEMO_AS_OF, generateDonorBatches, generateDonors, indexMemory } from './index.ts';
import { ageOn } from './codes.ts';

describe('generateDonors', () => {
  const donors = generateDonors(20_000, 7);

  it('is deterministic, and a smaller catalogue is a prefix of a larger one', () => {
    expect(generateDonors(50, 7)).toEqual(donors.slice(0, 50));
    expect(generateDonors(50, 8)).not.toEqual(donors.slice(0, 50));
  });

  it('gives the same donors in batches, the last one short', () => {
    const batches = [...generateDonorBatches(20_000, 7, { batchSize: 3_000 })];
    expect(batches.map((b) => b.length)).toEqual([3000, 3000, 3000, 3000, 3000, 3000, 2000]);
    expect(batches.flat()).toEqual(donors);
  });

  it('labels every donor as fictional, with unique public ids and a generated avatar', () => {
    expect(donors.every((d) => d.is_fictional && d.display_name.startsWith('Fictional Donor'))).toBe(true);
    expect(new Set(donors.map((d) => d.reference_id)).size).toBe(donors.length);
    const svg = avatarSvg(donors[0]!.avatar);
    expect(svg.startsWith('data:image/svg+xml;utf8,')).toBe(true);
    expect(decodeURIComponent(svg)).not.toMatch(/<image|https?:\/\/(?!www\.w3\.org)/);
  });

  it('has realistic distributions', () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const heights = (type: string) => mean(donors.filter((d) => d.donor_type === type).map((d) => d.height_in!));
    expect(heights('sperm')).toBeGreaterThan(69);
    expect(heights('egg')).toBeLessThan(66);
    const european = donors.filter(
      (d) =>
        d.race === 'white' &&
        d.ethnicity === 'not_hispanic_latino' &&
        d.religion !== 'judaism' &&
        d.carrier_screening.cystic_fibrosis?.tested,
    );
    const cfRate = european.filter((d) => d.carrier_screening.cystic_fibrosis?.carrier).length / european.length;
    // Roughly 1 in 25-30 (domain notes).
    expect(cfRate).toBeGreaterThan(1 / 35);
    expect(cfRate).toBeLessThan(1 / 20);
    const egg = donors.filter((d) => d.donor_type === 'egg').map((d) => ageOn(d.date_of_birth, DEMO_AS_OF));
    expect(Math.min(...egg)).toBeGreaterThanOrEqual(21);
    expect(Math.max(...egg)).toBeLessThanOrEqual(32);
    expect(donors.filter((d) => d.donor_type === 'surrogate').every((d) => d.surrogate !== null)).toBe(true);
  });
});

describe('buildIndex', () => {
  it('stays well under 300 bytes per donor', () => {
    const index = buildIndex(generateDonors(5_000, 3), { asOf: DEMO_AS_OF });
    expect(indexMemory(index).bytesPerDonor).toBeLessThan(300);
  });

  it('computes ages for the injected date, counting a birthday on that day', () => {
    expect(ageOn('2000-06-01', '2025-06-01')).toBe(25);
    expect(ageOn('2000-06-02', '2025-06-01')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageOn('not a date', '2025-06-01')).toBe(0);
  });
});

describe('per-gene demo results (issue 24)', () => {
  const donors = generateDonors(20_000, 7);
  const withGene = (g: string, pred: (r: NonNullable<(typeof donors)[number]['genes']>[number]) => boolean) =>
    donors.filter((d) => d.genes?.some((r) => r.gene === g && pred(r)));

  it('is the same for the same seed, and only gamete donors have per-gene results', () => {
    expect(generateDonors(500, 7).map((d) => d.genes)).toEqual(donors.slice(0, 500).map((d) => d.genes));
    expect(donors.filter((d) => d.donor_type === 'surrogate' && d.genes)).toEqual([]);
  });

  it('has HbS carriers at the published rate by ancestry, and the other classes for compound pairs', () => {
    const black = donors.filter(
      (d) => d.race === 'black_african' && d.ethnicity !== 'hispanic_latino' && d.religion !== 'judaism' && d.genes,
    );
    const hbs = black.filter((d) => d.genes!.some((r) => r.variant_class === 'hbb_s')).length / black.length;
    // HbS trait 73.1 per 1,000 (CDC 2014): 1 in 14.
    expect(hbs).toBeGreaterThan(0.05);
    expect(hbs).toBeLessThan(0.1);
    for (const cls of ['hbb_c', 'hbb_e', 'hbb_beta0', 'hbb_beta_plus', 'hba_alpha0_cis', 'hba_alpha_plus'])
      expect(withGene(cls.startsWith('hba') ? 'HBA' : 'HBB', (r) => r.variant_class === cls).length).toBeGreaterThan(0);
  });

  it('has FMR1 premutations in egg donors only, and SMA carriers as one SMN1 copy', () => {
    const fx = withGene('FMR1', (r) => r.fmr1_category === 'premutation');
    expect(fx.length).toBeGreaterThan(5);
    expect(fx.every((d) => d.donor_type === 'egg')).toBe(true);
    expect(withGene('SMN1', (r) => r.carrier).every((d) => d.genes!.some((r) => r.smn1_copies === 1))).toBe(true);
  });
});
