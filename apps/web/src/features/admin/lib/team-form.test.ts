import { describe, expect, it } from 'vitest';
import { emptyTeamForm, toTeamInput, validateTeamForm } from './team-form.ts';

describe('team form', () => {
  const member = {
    name: ' Ada Byrne ',
    designation: 'Genetic counsellor',
    email: ' ada@kindred.test ',
    small_description: '',
    image: null,
  };

  it('trims what is sent and leaves sort_order out', () => {
    expect(toTeamInput(member)).toEqual({
      name: 'Ada Byrne',
      designation: 'Genetic counsellor',
      email: 'ada@kindred.test',
      small_description: '',
      image: null,
    });
  });

  it('passes a complete member', () => {
    expect(validateTeamForm(member)).toEqual({});
  });

  it('shows the server messages for missing fields and a bad e-mail', () => {
    expect(validateTeamForm({ ...emptyTeamForm(), email: 'not-an-email' })).toEqual({
      name: 'Name is required.',
      designation: 'Designation is required.',
      email: 'Enter a valid email address',
    });
  });
});
