import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  CLINIC_SPECIALTIES,
  clinicRequest,
  createClinicRequest,
  type ConsoleClinicDto,
} from '@kindred/shared/console-clinics.schemas';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useClinicChange } from '../api/console-clinics.api.ts';

type Values = {
  reference_id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  time_zone: string;
  specialties: string[];
  photo_url: string;
  active: boolean;
};
const FIELDS = ['reference_id', 'name', 'address', 'city', 'state', 'time_zone', 'photo_url'] as const;
const SPECIALTY_LABELS: Record<string, string> = { egg: 'Egg', sperm: 'Sperm', surrogate: 'Surrogacy', ivf: 'IVF' };
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

const validateCreate = schemaResolver(createClinicRequest, { sync: true });
const validateEdit = schemaResolver(clinicRequest, { sync: true });

/** Create a clinic (with its reference) or edit one; the server geocodes the city for the coordinates. */
export function ClinicForm({ clinic, onSaved }: { clinic?: ConsoleClinicDto; onSaved: (ref: string) => void }) {
  const editing = clinic !== undefined;
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form = useForm<Values>({
    initialValues: {
      reference_id: clinic?.reference_id ?? '',
      name: clinic?.name ?? '',
      address: clinic?.address ?? '',
      city: clinic?.city ?? '',
      state: clinic?.state ?? '',
      time_zone: clinic?.time_zone ?? '',
      specialties: clinic?.specialties ?? [],
      photo_url: clinic?.photo_url ?? '',
      active: clinic?.active ?? true,
    },
    validate: (v) => (editing ? validateEdit(v) : validateCreate(v)),
  });
  const change = useClinicChange();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (v: Values) => {
    setFailure(null);
    const { reference_id, ...rest } = v;
    const body = { ...rest, specialties: rest.specialties as (typeof CLINIC_SPECIALTIES)[number][] };
    const req = clinic
      ? ({ kind: 'update', ref: clinic.reference_id, body } as const)
      : ({ kind: 'create', body: { ...body, reference_id } } as const);
    change.mutate(req, {
      onSuccess: (res) => {
        toast.success(res.message ?? 'Saved.');
        onSaved(res.clinic.reference_id);
      },
      onError: (error) => {
        setFailure(failureMessage(error, 'The clinic could not be saved. Please try again.'));
        form.setErrors(serverFieldErrors(error, FIELDS));
        focusFirstInvalid();
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {!editing && (
            <TextInput
              label="Reference"
              description="Capital letters, digits and hyphens, e.g. CLN-BOS"
              required
              {...form.getInputProps('reference_id')}
            />
          )}
          <TextInput label="Clinic name" required {...form.getInputProps('name')} />
          <TextInput label="Street address" required {...form.getInputProps('address')} />
          <TextInput label="City" required {...form.getInputProps('city')} />
          <TextInput label="State" required {...form.getInputProps('state')} />
          <Select
            label="Time zone"
            required
            searchable
            data={TIME_ZONES}
            limit={50}
            {...form.getInputProps('time_zone')}
            onChange={(v) => form.setFieldValue('time_zone', v ?? '')}
          />
          <TextInput label="Photo URL (optional)" placeholder="https://…" {...form.getInputProps('photo_url')} />
        </SimpleGrid>
        <Checkbox.Group label="Specialties" {...form.getInputProps('specialties')}>
          <Group mt={6}>
            {CLINIC_SPECIALTIES.map((s) => (
              <Checkbox key={s} value={s} label={SPECIALTY_LABELS[s]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox label="Active (shown to parents)" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {editing ? 'Save clinic' : 'Create clinic'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
