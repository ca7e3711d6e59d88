import { teamMemberInput } from '@kindred/shared/content.schemas';
import type { TeamMemberDto, TeamMemberInput } from '@kindred/shared/content.schemas';
import { fieldErrors } from '../../../lib/form-errors.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';

export type TeamFormValues = {
  name: string;
  designation: string;
  email: string;
  small_description: string;
  image: string | null;
};
export type TeamField = keyof TeamFormValues;
export const TEAM_FIELDS: readonly TeamField[] = ['name', 'designation', 'email', 'small_description', 'image'];

export const emptyTeamForm = (): TeamFormValues => ({
  name: '',
  designation: '',
  email: '',
  small_description: '',
  image: null,
});

export const teamFormFrom = (m: TeamMemberDto): TeamFormValues => ({
  name: m.name,
  designation: m.designation,
  email: m.email,
  small_description: m.small_description,
  image: m.image,
});

/** The request body; `sort_order` is left out, so a new member goes last and an edited one keeps its place. */
export function toTeamInput(v: TeamFormValues): TeamMemberInput {
  return {
    name: v.name.trim(),
    designation: v.designation.trim(),
    email: v.email.trim(),
    small_description: v.small_description.trim(),
    image: v.image,
  };
}

export const validateTeamForm = (v: TeamFormValues): FieldErrors<TeamField> =>
  fieldErrors<TeamField>(teamMemberInput, toTeamInput(v));
