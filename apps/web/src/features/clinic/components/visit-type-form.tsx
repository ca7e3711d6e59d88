import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  APPOINTMENT_CATEGORIES,
  APPOINTMENT_CATEGORY_LABELS,
  VISIT_CONFIRMATION_LABELS,
  VISIT_CONFIRMATIONS,
  type VisitTypeDto,
} from '@kindred/shared/appointments.schemas';
import { NEW_VISIT_TYPE, visitTypeRequest, type VisitTypeRequest } from '@kindred/shared/clinic-portal.schemas';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';

/**
 * Saving a visit type (`id` null: a new one), as the portal and the console each wire it to their own routes: a
 * TanStack mutation fits, and its answer's `message` is the toast.
 */
export type VisitTypeSave = {
  isPending: boolean;
  mutate: (
    input: { id: string | null; body: VisitTypeRequest },
    on: { onSuccess: (res: { message?: string }) => void; onError: (error: Error) => void },
  ) => void;
};

export const VISIT_TYPE_SAVE_FAILED = 'The visit type could not be saved. Please try again.';
export const MODE_LABELS = { video: 'Video', in_person: 'In person' } as const;
export const CONFIRMATION_OPTIONS = VISIT_CONFIRMATIONS.map((c) => ({ value: c, label: VISIT_CONFIRMATION_LABELS[c] }));
const CATEGORY_OPTIONS = APPOINTMENT_CATEGORIES.map((c) => ({ value: c, label: APPOINTMENT_CATEGORY_LABELS[c] }));
const MODE_OPTIONS = Object.entries(MODE_LABELS).map(([value, label]) => ({ value, label }));
const FIELDS = Object.keys(NEW_VISIT_TYPE) as (keyof VisitTypeRequest)[];
const validate = schemaResolver(visitTypeRequest, { sync: true });
const NUMBERS: [keyof VisitTypeRequest, string][] = [
  ['duration_minutes', 'Duration (minutes)'],
  ['buffer_before_minutes', 'Buffer before (minutes)'],
  ['buffer_after_minutes', 'Buffer after (minutes)'],
  ['min_notice_minutes', 'Minimum notice (minutes)'],
  ['horizon_days', 'Booking horizon (days)'],
  ['change_notice_minutes', 'Change window (minutes before the visit)'],
];

/** A visit type as the request that saves it unchanged. */
export const visitTypeBody = ({ id: _id, ...rest }: VisitTypeDto): VisitTypeRequest => rest;

/**
 * The add form (`visitType` null; it stays open and empties after a save) or the edit form of one visit type (closed
 * by `onDone` after a save or Cancel): every field of the shared request schema, server field errors under their
 * inputs.
 */
export function VisitTypeForm({
  visitType,
  save,
  headingOrder,
  onDone,
}: {
  visitType: VisitTypeDto | null;
  save: VisitTypeSave;
  headingOrder: 3 | 4;
  onDone: () => void;
}) {
  const form = useForm<VisitTypeRequest>({
    initialValues: visitType ? visitTypeBody(visitType) : { ...NEW_VISIT_TYPE },
    validate,
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  // Edit takes the add form's place below the table: the keyboard goes there with it.
  useEffect(() => {
    if (visitType) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [visitType, formRef]);
  const title = visitType ? `Edit ${visitType.name}` : 'Add a visit type';
  const submit = (body: VisitTypeRequest) => {
    setFailure(null);
    save.mutate(
      { id: visitType?.id ?? null, body },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Visit type saved.');
          form.reset();
          onDone();
        },
        onError: (error) => {
          setFailure(failureMessage(error, VISIT_TYPE_SAVE_FAILED));
          form.setErrors(serverFieldErrors(error, FIELDS));
          focusFirstInvalid();
        },
      },
    );
  };
  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={headingOrder} fz="md" id={titleId}>
          {title}
        </Title>
        {failure && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        {/* One column on a phone, more as the screen widens (a growing row overflowed 390 px). */}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label="Visit type name" required {...form.getInputProps('name')} />
          <Select label="Category" allowDeselect={false} data={CATEGORY_OPTIONS} {...form.getInputProps('category')} />
          <Select label="Mode" allowDeselect={false} data={MODE_OPTIONS} {...form.getInputProps('mode')} />
          <Select
            label="Confirmation"
            description="Instant: a booking is confirmed at once. Requests wait for the clinic's confirmation."
            // Below the input, so the four inputs of the row line up.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            allowDeselect={false}
            data={CONFIRMATION_OPTIONS}
            {...form.getInputProps('confirmation')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {NUMBERS.map(([key, label]) => (
            <NumberInput key={key} label={label} allowDecimal={false} min={0} {...form.getInputProps(key)} />
          ))}
        </SimpleGrid>
        <Switch label="Active (bookable)" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {visitType ? 'Save visit type' : 'Add visit type'}
          </Button>
          {visitType && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
