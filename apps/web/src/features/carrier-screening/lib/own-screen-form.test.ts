import { describe, expect, it } from 'vitest';
import { parentScreenSchema } from '@kindred/shared/genetics';
import { emptyOwnScreen, ownScreenForm, ownScreenFrom, OWN_SCREEN_MSG, toParentScreen } from './own-screen-form.ts';

describe('own carrier screening form', () => {
  it('asks whether the panel is known, then its name and genes; carrier genes must be among them', () => {
    const issues = (v: unknown) =>
      (ownScreenForm.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(issues(emptyOwnScreen)).toEqual([['knowsPanel', OWN_SCREEN_MSG.knowsPanel]]);
    expect(issues({ ...emptyOwnScreen, knowsPanel: 'yes' })).toEqual([
      ['panelName', OWN_SCREEN_MSG.panelName],
      ['covered', OWN_SCREEN_MSG.covered],
    ]);
    expect(
      issues({ ...emptyOwnScreen, knowsPanel: 'yes', panelName: 'P', covered: ['CFTR'], carrierGenes: ['HBB'] }),
    ).toEqual([['carrierGenes', OWN_SCREEN_MSG.notCovered]]);
    expect(issues({ ...emptyOwnScreen, knowsPanel: 'no', carrierGenes: ['HBB'] })).toEqual([]);
  });

  it('sends what the server accepts, and reads a saved screen back into the same values', () => {
    const values = {
      knowsPanel: 'yes' as const,
      panelName: ' Horizon 27 ',
      covered: ['HBB' as const, 'CFTR' as const],
      carrierGenes: ['HBB' as const],
      variants: { HBB: 'hbb_s' as const },
    };
    const body = toParentScreen(values);
    expect(body).toEqual({
      panel: { name: 'Horizon 27', genes_covered: ['CFTR', 'HBB'] },
      carrier_of: [{ gene: 'HBB', variant_class: 'hbb_s' }],
    });
    const saved = parentScreenSchema.parse(body);
    expect(ownScreenFrom(saved)).toEqual({ ...values, panelName: 'Horizon 27', covered: ['CFTR', 'HBB'] });
    expect(toParentScreen({ ...emptyOwnScreen, knowsPanel: 'no', carrierGenes: ['CFTR'] })).toEqual({
      panel: 'unknown',
      carrier_of: [{ gene: 'CFTR' }],
    });
  });
});
