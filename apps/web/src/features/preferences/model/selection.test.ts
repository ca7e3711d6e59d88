import { describe, expect, it } from 'vitest';
import { chooseReligion, toggleChecklist, toggleMulti, toggleSingle } from './selection.ts';

describe('selection rules', () => {
  it("multi-select: 'No Preference' becomes the only choice; any other choice removes it", () => {
    expect(toggleMulti(['white', 'asian'], 'no_preference')).toEqual(['no_preference']);
    expect(toggleMulti(['no_preference'], 'white')).toEqual(['white']);
    expect(toggleMulti(['no_preference'], 'no_preference')).toEqual([]);
    expect(toggleMulti(['white'], 'asian')).toEqual(['white', 'asian']);
    expect(toggleMulti(['white', 'asian'], 'white')).toEqual(['asian']);
  });

  it("checklists: 'None Known' and 'No chronic conditions preferred' exclude everything else", () => {
    expect(toggleChecklist(['cystic_fibrosis', 'brca1'], 'none_known')).toEqual(['none_known']);
    expect(toggleChecklist(['none_known'], 'none_known')).toEqual([]);
    expect(toggleChecklist(['none_known'], 'brca1')).toEqual(['brca1']);
    expect(toggleChecklist(['hypertension'], 'no_chronic_conditions_preferred')).toEqual([
      'no_chronic_conditions_preferred',
    ]);
    expect(toggleChecklist(['no_chronic_conditions_preferred'], 'obesity')).toEqual(['obesity']);
    expect(toggleChecklist(['obesity'], 'cancer')).toEqual(['obesity', 'cancer']);
  });

  it('single-select deselects when clicked again; religion is one lowercased choice', () => {
    expect(toggleSingle('', 'college')).toBe('college');
    expect(toggleSingle('college', 'college')).toBe('');
    expect(toggleSingle('college', 'masters')).toBe('masters');
    expect(chooseReligion([], 'Judaism')).toEqual(['judaism']);
    expect(chooseReligion(['judaism'], 'judaism')).toEqual([]);
    expect(chooseReligion(['judaism'], 'no_preference')).toEqual(['no_preference']);
  });
});
