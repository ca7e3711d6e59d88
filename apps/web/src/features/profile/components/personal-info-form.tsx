import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { toast } from 'react-hot-toast';
import { MSG } from '@kindred/shared';
import type { UserDto } from '@kindred/shared';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useUpdateProfileMutation } from '../api/update-profile.api.ts';
import { personalInfoForm, personalInfoFrom, toProfileUpdate } from '../lib/personal-info-form.ts';
import type { PersonalInfoValues } from '../lib/personal-info-form.ts';

const validate = schemaResolver(personalInfoForm, { sync: true });

type Props = { user: UserDto; onDone: () => void };

/** The Personal Info edit form: names and phone are editable, the e-mail is shown read-only. */
export function PersonalInfoForm({ user, onDone }: Props) {
  const form: UseFormReturnType<PersonalInfoValues> = useForm<PersonalInfoValues>({
    initialValues: personalInfoFrom(user),
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const update = useUpdateProfileMutation(user.id);

  const save = (values: PersonalInfoValues) => {
    update.mutate(toProfileUpdate(values), {
      onSuccess: () => {
        toast.success(MSG.profileUpdated);
        onDone();
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        toast.error(errorMessage(error, MSG.profileUpdateFailed));
      },
    });
  };

  const cancel = () => {
    form.reset();
    onDone();
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(save, focusFirstInvalid)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            size="md"
            autoFocus
            {...form.getInputProps('first_name')}
          />
          <TextInput label="Last Name" autoComplete="family-name" size="md" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          size="md"
          value={user.email}
          readOnly
          variant="filled"
          description="Your email cannot be changed."
        />
        <PhoneField
          country={form.values.country}
          national={form.values.phone_number}
          onCountryChange={(c) => form.setFieldValue('country', c)}
          onNationalChange={(n) => form.setFieldValue('phone_number', n)}
          error={form.errors.phone_number}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
