import { describe, expect, it } from 'vitest';
import { normalizePreferences } from '@kindred/shared/preferences';
import { parentCarrier } from './carrier.ts';
import { classBit, geneMaskOf } from './codes.ts';
import { FIXTURE_AS_OF, fixtureDonor, panel } from './fixtures.ts';
import { buildIndex, counterfactuals, countMatches, rankDonors } from './index.ts';
import type { Donor } from './types.ts';

const run = (donors: Donor[], conditions: string[], showFlagged = false) => {
  const prefs = normalizePreferences({ donor_type_preference: 'egg', user_genetic_conditions: conditions });
  const index = buildIndex(donors, { asOf: FIXTURE_AS_OF });
  return { prefs, index, result: rankDonors(index, prefs, { showFlagged }) };
};

describe('the parent side at gene level', () => {
  it('reads listed conditions as genes; X-linked and dominant ones are not checked pairwise', () => {
    const parent = parentCarrier(
      normalizePreferences({ user_genetic_conditions: ['Cystic fibrosis', 'SMA', 'Fragile X syndrome', 'BRCA1'] }),
    );
    expect(parent.recessiveMask).toBe(geneMaskOf(['CFTR', 'SMN1']));
    expect(parent.riskGenes).toBe(geneMaskOf(['CFTR', 'SMN1']));
    expect(parent.screen.panel).toBe('unknown');
  });
  it('pairs HbS with every other HBB class but reads HbC × HbC as mild', () => {
    const s = parentCarrier(normalizePreferences({ user_genetic_conditions: ['Sickle cell disease'] }));
    expect(s.riskGenes).toBe(0);
    for (const c of ['hbb_s', 'hbb_c', 'hbb_e', 'hbb_beta0', 'hbb_beta_plus', 'hbb_beta_unspecified'] as const)
      expect(s.riskClasses & classBit(c)).not.toBe(0);
    const c = parentCarrier(normalizePreferences({ user_genetic_conditions: ['Hemoglobin c'] }));
    expect(c.reducedClasses & classBit('hbb_c')).not.toBe(0);
    expect(c.riskClasses & classBit('hbb_c')).toBe(0);
  });
});

describe('carrier compatibility in ranking', () => {
  const clear = fixtureDonor('D-CLEAR', 'egg');
  const shared = fixtureDonor('D-SHARED', 'egg', {
    carrier_screening: panel({ cystic_fibrosis: { tested: true, carrier: true } }),
  });
  const untested = fixtureDonor('D-UNTESTED', 'egg', {
    carrier_screening: panel({ cystic_fibrosis: { tested: false, carrier: false } }),
  });
  const fragileX = fixtureDonor('D-FRAGILE-X', 'egg', {
    carrier_screening: panel({ fragile_x_syndrome: { tested: true, carrier: true } }),
  });
  const donors = [clear, shared, untested, fragileX];

  it('excludes a shared carrier by default', () => {
    const { result } = run(donors, ['Cystic fibrosis']);
    expect(result.matches.map((m) => m.donor_reference_id)).not.toContain('D-SHARED');
    expect(result.total).toBe(3);
  });

  it('shows a shared carrier flagged, last, with a high-risk report when asked', () => {
    const { result } = run(donors, ['Cystic fibrosis'], true);
    const m = result.matches.find((x) => x.donor_reference_id === 'D-SHARED')!;
    expect(m.flagged).toBe(true);
    expect(m.carrier_report).toContainEqual({ condition: 'cystic_fibrosis', status: 'high_risk' });
    expect(result.matches.at(-1)!.donor_reference_id).toBe('D-SHARED');
    expect(m.explanation.sentences.some((s) => s.factor === 'carrier_screening' && /high risk/.test(s.text))).toBe(
      true,
    );
  });

  it('counts the shared carrier as what relaxing the carrier filter would add', () => {
    const { index, prefs } = run(donors, ['Cystic fibrosis']);
    const cf = counterfactuals(index, prefs).find((c) => c.filter === 'carrier_high_risk')!;
    expect(cf.additional_matches).toBe(1);
    expect(cf.best_donor_reference_id).toBe('D-SHARED');
    expect(countMatches(index, prefs, { showFlagged: true })).toBe(4);
  });

  it('ranks a tested-clear donor above an untested one and says why', () => {
    const { result } = run([clear, untested], ['Cystic fibrosis']);
    expect(result.matches.map((m) => m.donor_reference_id)).toEqual(['D-CLEAR', 'D-UNTESTED']);
    const m = result.matches[1]!;
    expect(m.carrier_report).toEqual([{ condition: 'cystic_fibrosis', status: 'unknown' }]);
    expect(m.explanation.sentences).toContainEqual({
      factor: 'carrier_screening',
      text:
        'Carrier screening: the donor was not tested for cystic fibrosis, which you carry, so compatibility is ' +
        'unknown.',
    });
  });

  it('does not treat an X-linked condition as pairwise: a fragile X carrier is donor risk, not excluded', () => {
    const { result, index, prefs } = run([clear, fragileX], ['Fragile X syndrome']);
    expect(result.total).toBe(2);
    expect(counterfactuals(index, prefs).map((c) => c.filter)).not.toContain('carrier_high_risk');
    const m = result.matches.find((x) => x.donor_reference_id === 'D-FRAGILE-X')!;
    expect(m.flagged).toBe(false);
    expect(m.carrier_report).toEqual([{ condition: 'fragile_x_syndrome', status: 'donor_risk' }]);
    expect(result.matches[0]!.donor_reference_id).toBe('D-CLEAR');
    expect(
      m.explanation.sentences.some((s) => s.factor === 'donor_genetic_risk' && /fragile x syndrome/.test(s.text)),
    ).toBe(true);
  });

  it('reports a donor-side risk even when the parent listed no conditions', () => {
    const { result } = run([fragileX], ['None Known']);
    expect(result.matches[0]!.carrier_report).toEqual([{ condition: 'fragile_x_syndrome', status: 'donor_risk' }]);
  });

  it('does not exclude a donor carrying a recessive condition the parent does not carry', () => {
    const { result } = run([shared], ['Spinal muscular atrophy']);
    expect(result.total).toBe(1);
    expect(result.matches[0]!.carrier_report).toEqual([{ condition: 'spinal_muscular_atrophy', status: 'compatible' }]);
  });
});
