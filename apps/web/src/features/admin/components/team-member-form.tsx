import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import type { SubmitEventHandler } from 'react';
import { useLayoutEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { TeamMemberDto } from '@kindred/shared/content.schemas';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useCreateTeamMemberMutation } from '../api/create-team-member.api.ts';
import { useUpdateTeamMemberMutation } from '../api/update-team-member.api.ts';
import { emptyTeamForm, TEAM_FIELDS, teamFormFrom, toTeamInput, validateTeamForm } from '../lib/team-form.ts';
import type { TeamFormValues } from '../lib/team-form.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { ImageField } from './image-field.tsx';

type Props = {
  member?: TeamMemberDto;
  onDone: (saved: TeamMemberDto) => void;
  onCancel: () => void;
  /** Told whether the fields differ from what was loaded, so closing the dialog can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
};

/** Adds or edits one team member; shown in a dialog. A failed save keeps every field as typed. */
export function TeamMemberForm({ member, onDone, onCancel, onDirtyChange }: Props) {
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form: UseFormReturnType<TeamFormValues> = useForm<TeamFormValues>({
    initialValues: member ? teamFormFrom(member) : emptyTeamForm(),
    validate: validateTeamForm,
    ...revalidateShownErrors(validateTeamForm, () => form),
  });
  const [uploading, setUploading] = useState(false);
  const dirty = uploading || form.isDirty();
  // Told in the same commit as the keystroke (a layout effect, not a passive one): an Escape pressed right after
  // typing must find the dialog already knowing its fields changed, or it closes without asking.
  useLayoutEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateTeamMemberMutation();
  const update = useUpdateTeamMemberMutation();
  const saving = create.isPending || update.isPending;

  const save = (values: TeamFormValues) => {
    const body = toTeamInput(values);
    const options = {
      onSuccess: (saved: TeamMemberDto) => {
        toast.success(member ? `${saved.name}’s details are saved.` : `${saved.name} is added to the team.`);
        onDone(saved);
      },
      onError: (error: Error) => {
        const message = failureMessage(error, 'The team member could not be saved. Please try again.');
        setFailure(message);
        const fields = serverFieldErrors(error, TEAM_FIELDS);
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          focusFirstInvalid();
        }
      },
    };
    if (member) update.mutate({ id: member.id, body }, options);
    else create.mutate(body, options);
  };

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (saving || uploading) return;
    setFailure(null);
    form.onSubmit(save, focusFirstInvalid)(event);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Job title" required {...form.getInputProps('designation')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <Textarea
          label="Short description"
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('small_description')}
        />
        <ImageField
          label="Portrait"
          round
          value={form.values.image}
          onChange={(v) => form.setFieldValue('image', v)}
          error={form.errors.image}
          onUploadingChange={setUploading}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" aria-busy={saving} disabled={uploading}>
            {uploading ? 'Uploading portrait…' : saving ? 'Saving…' : member ? 'Save changes' : 'Add member'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
