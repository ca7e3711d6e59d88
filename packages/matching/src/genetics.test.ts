/**
 * Issue 24 in the ranking: compound hemoglobinopathies, untested and X-linked genes, the sperm donor's X-linked
 * result, residual risks and per-gene results, as a parent sees them in the returned matches.
 */
import { describe, expect, it } from 'vitest';
import { normalizePreferences } from '@kindred/shared/preferences';
import type { ParentScreen } from '@kindred/shared/genetics';
import { FIXTURE_AS_OF, fixtureDonor, panel } from './fixtures.ts';
import { buildIndex, rankDonors } from './index.ts';
import type { Donor } from './types.ts';

const rank = (
  donors: Donor[],
  raw: Record<string, unknown>,
  options: { showFlagged?: boolean; screen?: ParentScreen } = {},
) => {
  const prefs = { ...normalizePreferences(raw), parentScreen: options.screen ?? null };
  const index = buildIndex(donors, { asOf: FIXTURE_AS_OF });
  return rankDonors(index, prefs, { showFlagged: options.showFlagged });
};
const byId = (r: ReturnType<typeof rank>, id: string) => r.matches.find((m) => m.donor_reference_id === id)!;

describe('compound hemoglobinopathies (HBB)', () => {
  const sickle = { donor_type_preference: 'egg', user_genetic_conditions: ['Sickle cell disease'] };
  const donors = [
    fixtureDonor('D-CLEAR', 'egg'),
    // The HEBEG000228: a "thalassemia" carrier shown to an HbS parent as compatible at 99.9 %.
    fixtureDonor('D-THAL', 'egg', { carrier_screening: panel({ thalassemia: { tested: true, carrier: true } }) }),
    fixtureDonor('D-HBC', 'egg', { carrier_screening: panel({ hemoglobin_c: { tested: true, carrier: true } }) }),
    fixtureDonor('D-BETA0', 'egg', {
      genes: [{ gene: 'HBB', tested: true, carrier: true, variant_class: 'hbb_beta0', detection_rate: null }],
    }),
  ];

  it('excludes an HbS × β-thalassemia, HbS × HbC or HbS × β⁰ pairing by default', () => {
    const r = rank(donors, sickle);
    expect(r.matches.map((m) => m.donor_reference_id)).toEqual(['D-CLEAR']);
  });

  it('shows them flagged, as high risk with the compound sentence, never "compatible"', () => {
    const r = rank(donors, sickle, { showFlagged: true });
    for (const id of ['D-THAL', 'D-HBC', 'D-BETA0']) {
      const m = byId(r, id);
      expect(m.flagged).toBe(true);
      expect(m.carrier_report).toContainEqual({ condition: 'sickle_cell_disease', status: 'high_risk' });
      expect(m.ai_explanation).not.toMatch(/Carrier screening: compatible/);
      expect(m.genetics_report[0]).toMatchObject({ gene: 'HBB', outcome: 'at_risk', risk_one_in: 4 });
      expect(m.explanation.sentences.map((s) => s.text)).toContainEqual(
        expect.stringMatching(/^Carrier screening: Your HBB variant and this donor’s can combine/),
      );
    }
    expect(byId(r, 'D-CLEAR').ai_explanation).toMatch(/Carrier screening: compatible/);
  });

  it('reads HbC × HbC as a mild pairing: shown, not excluded, and not "compatible"', () => {
    const r = rank(donors, { donor_type_preference: 'egg', user_genetic_conditions: ['Hemoglobin c'] });
    const m = byId(r, 'D-HBC');
    expect(m.flagged).toBe(false);
    expect(m.genetics_report[0]).toMatchObject({ gene: 'HBB', outcome: 'reduced_risk' });
    expect(m.ai_explanation).not.toMatch(/Carrier screening: compatible/);
    expect(m.overall_match_percentage).toBeLessThan(byId(r, 'D-CLEAR').overall_match_percentage);
  });
});

describe('untested and X-linked genes are never "compatible"', () => {
  // The example: a parent lists fragile X and Tay-Sachs; the sperm donor was not tested for fragile X.
  const prefs = {
    donor_type_preference: 'sperm',
    user_genetic_conditions: ['Fragile X syndrome', 'Tay Sachs disease'],
  };
  const untestedFx = fixtureDonor('S-NOFX', 'sperm', {
    carrier_screening: panel({ fragile_x_syndrome: { tested: false, carrier: false } }),
  });

  it('says the egg provider decides, not "Carrier screening: compatible"', () => {
    const m = rank([untestedFx], prefs).matches[0]!;
    expect(m.ai_explanation).not.toMatch(/Carrier screening: compatible/);
    expect(m.genetics_report.find((e) => e.gene === 'FMR1')).toMatchObject({ outcome: 'parent_finding' });
    expect(m.explanation.sentences.map((s) => s.text)).toContainEqual(
      'Carrier screening: You carry a variant in FMR1, which is X-linked: the risk comes from your side whichever ' +
        'sperm donor you choose.',
    );
    expect(m.carrier_report).toContainEqual({ condition: 'fragile_x_syndrome', status: 'unknown' });
  });

  it('does not move a sperm donor for an X-linked result, but flags an egg donor’s premutation for every parent', () => {
    const fx = { fragile_x_syndrome: { tested: true, carrier: true } };
    const sperm = rank(
      [fixtureDonor('S-CLEAR', 'sperm'), fixtureDonor('S-FX', 'sperm', { carrier_screening: panel(fx) })],
      { donor_type_preference: 'sperm' },
    );
    expect(byId(sperm, 'S-FX').overall_match_percentage).toBe(byId(sperm, 'S-CLEAR').overall_match_percentage);
    expect(byId(sperm, 'S-FX').carrier_report).toEqual([]);
    const egg = rank([fixtureDonor('E-CLEAR', 'egg'), fixtureDonor('E-FX', 'egg', { carrier_screening: panel(fx) })], {
      donor_type_preference: 'egg',
    });
    expect(byId(egg, 'E-FX').carrier_report).toEqual([{ condition: 'fragile_x_syndrome', status: 'donor_risk' }]);
    expect(byId(egg, 'E-FX').genetics_report[0]).toMatchObject({ gene: 'FMR1', outcome: 'donor_finding' });
    expect(byId(egg, 'E-FX').overall_match_percentage).toBeLessThan(byId(egg, 'E-CLEAR').overall_match_percentage);
  });

  it('lists an untested gene as untested_donor with the prior-based risk', () => {
    const donor = fixtureDonor('E-NOCF', 'egg', {
      carrier_screening: panel({ cystic_fibrosis: { tested: false, carrier: false } }),
    });
    const m = rank([donor], { donor_type_preference: 'egg', user_genetic_conditions: ['Cystic fibrosis'] }).matches[0]!;
    // European donor, CF prior 1 in 29: ¼ · 1/29 → about 1 in 120.
    expect(m.genetics_report[0]).toMatchObject({ gene: 'CFTR', outcome: 'untested_donor', risk_one_in: 120 });
    expect(m.not_tested_for).toEqual(['cystic_fibrosis']);
    expect(m.ai_explanation).not.toMatch(/Carrier screening: compatible/);
  });
});

describe('residual risk and gene-level results', () => {
  it('gives a negative screen a residual risk, not zero', () => {
    const m = rank([fixtureDonor('E-1', 'egg')], {
      donor_type_preference: 'egg',
      user_genetic_conditions: ['Cystic fibrosis'],
    }).matches[0]!;
    // CF carrier parent × European donor negative (f 1/29, d 0.875): residual 1/225; ¼ → about 1 in 900.
    expect(m.genetics_report.find((e) => e.gene === 'CFTR')).toMatchObject({ outcome: 'low_risk', risk_one_in: 900 });
  });

  it('takes the parent’s own screen and per-gene donor results: α⁺ × α⁺ is low risk and said so', () => {
    const screen: ParentScreen = {
      panel: { name: 'Clinic panel', genes_covered: ['HBA', 'CFTR'] },
      carrier_of: [{ gene: 'HBA', variant_class: 'hba_alpha_plus' }],
    };
    const plus = fixtureDonor('E-APLUS', 'egg', {
      genes: [{ gene: 'HBA', tested: true, carrier: true, variant_class: 'hba_alpha_plus', detection_rate: null }],
    });
    const zero = fixtureDonor('E-AZERO', 'egg', {
      genes: [{ gene: 'HBA', tested: true, carrier: true, variant_class: 'hba_alpha0_cis', detection_rate: null }],
    });
    const r = rank([plus, zero], { donor_type_preference: 'egg' }, { screen });
    expect(r.matches.map((m) => m.donor_reference_id)).toEqual(['E-APLUS']);
    const m = r.matches[0]!;
    expect(m.genetics_report[0]).toMatchObject({
      gene: 'HBA',
      outcome: 'reduced_risk',
      sentence: 'hba_alpha_plus_pair',
    });
    expect(m.genetics_report.find((e) => e.gene === 'CFTR')).toMatchObject({ outcome: 'low_risk' });
  });
});
