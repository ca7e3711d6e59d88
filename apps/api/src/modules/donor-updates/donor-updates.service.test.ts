import { describe, expect, it } from 'vitest';
import { geneticChangeFor } from './donor-updates.service.ts';

/** What a genetic result in a donor update tells one parent, by the pairing rules against their own screen. */
describe('geneticChangeFor', () => {
  const panel = { name: 'Panel', genes_covered: ['GJB2', 'CFTR', 'FMR1'] as never[] };

  it('a parent who carries the same recessive gene is told the pairing risk', () => {
    const s = geneticChangeFor('GJB2', 'sperm', { panel, carrier_of: [{ gene: 'GJB2' }] } as never);
    expect(s).toBe('This donor now carries a GJB2 variant; you carry one too: about 1 in 4 that a child is affected.');
  });

  it('a parent tested negative hears the residual chance; one not tested hears that the risk is unknown', () => {
    expect(geneticChangeFor('CFTR', 'egg', { panel, carrier_of: [] } as never)).toMatch(
      new RegExp(
        '^This donor now carries a CFTR variant; your screen found no variant in CFTR, ' +
          '(so the chance for a child is about 1 in [\\d,]+|' +
          'which lowers the chance for a child without ruling it out)\\.$',
      ),
    );
    expect(geneticChangeFor('HBB', 'egg', { panel, carrier_of: [] } as never)).toBe(
      'This donor now carries a HBB variant; your screen did not test HBB, so your risk is unknown. ' +
        'Ask your clinic about testing.',
    );
  });

  it('says nothing without a screen or for a gene outside the panel vocabulary', () => {
    expect(geneticChangeFor('GJB2', 'sperm', null)).toBeNull();
    expect(geneticChangeFor('NOTAGENE', 'sperm', { panel, carrier_of: [] } as never)).toBeNull();
  });
});
