import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { SubmitEventHandler } from 'react';
import { toast } from 'react-hot-toast';
import { MSG, profileUpdateRequest } from '@kindred/shared';
import type { UserDto } from '@kindred/shared';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { combinePhone, splitPhone } from '../../../lib/phone.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useUpdateProfileMutation } from '../api/update-profile.api.ts';

type Values = { first_name: string; last_name: string; country: string; phone_number: string };
type Field = keyof Values;

function toRequest(v: Values) {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    phone_number: combinePhone(v.country, v.phone_number),
  };
}

const validate = (v: Values) => fieldErrors<Field>(profileUpdateRequest, toRequest(v));

function fromUser(user: UserDto): Values {
  const { country, national } = splitPhone(user.phone_number);
  return { first_name: user.first_name, last_name: user.last_name, country, phone_number: national };
}

type Props = { user: UserDto; onDone: () => void };

/** The Personal Info edit form: names and phone are editable, the e-mail is shown read-only. */
export function PersonalInfoForm({ user, onDone }: Props) {
  const form = useFormState<Values>(fromUser(user), validate, 'revalidate');
  const update = useUpdateProfileMutation(user.id);

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    update.mutate(toRequest(form.values), {
      onSuccess: () => {
        toast.success(MSG.profileUpdated);
        onDone();
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error) as FieldErrors<Field>);
        toast.error(errorMessage(error, MSG.profileUpdateFailed));
      },
    });
  };

  const cancel = () => {
    form.reset(fromUser(user));
    onDone();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            size="md"
            autoFocus
            value={form.values.first_name}
            onChange={(e) => form.setValue('first_name', e.currentTarget.value)}
            error={form.errors.first_name}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            size="md"
            value={form.values.last_name}
            onChange={(e) => form.setValue('last_name', e.currentTarget.value)}
            error={form.errors.last_name}
          />
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
          onCountryChange={(c) => form.setValue('country', c)}
          onNationalChange={(n) => form.setValue('phone_number', n)}
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
