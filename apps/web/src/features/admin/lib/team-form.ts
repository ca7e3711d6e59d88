import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { z } from 'zod';
import { teamMemberInput } from '@kindred/shared/content.schemas';
import type { TeamMemberDto, TeamMemberInput } from '@kindred/shared/content.schemas';

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

/** The server's schema, on what would be sent. */
const teamFormSchema = z.preprocess((values) => toTeamInput(values as TeamFormValues), teamMemberInput);

/** The form's `validate`: the same checks as the server, with its messages, by field. */
export const validateTeamForm: (v: TeamFormValues) => FormErrors = schemaResolver(teamFormSchema, { sync: true });
