import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { SubmitEventHandler } from 'react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { PlanDto } from '@kindred/shared';
import type { ConsolePlanDto } from '@kindred/shared/console-plans.schemas';
import { formatMoney } from '@kindred/shared/money';
import { ApiError } from '../../../lib/api-error.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useCreatePlanMutation, useUpdatePlanMutation } from '../api/console-plans.api.ts';
import {
  emptyPlanForm,
  PLAN_FIELDS,
  planFormFrom,
  toPlanInput,
  validatePlanForm,
  type PlanFormValues,
} from '../lib/plan-form.ts';

type Props = { plan?: ConsolePlanDto; onDone: (saved: PlanDto) => void; onCancel: () => void };

const BILLING = [
  { value: 'month', label: 'Monthly (renews)' },
  { value: 'year', label: 'Yearly (renews)' },
  { value: 'one_time', label: 'One-time' },
];
const FOR = [
  { value: 'parent', label: 'Parents' },
  { value: 'clinic', label: 'Clinics' },
];

/** Creates or edits a plan (admin); shown in a dialog. A refused save keeps every field as typed. */
export function PlanForm({ plan, onDone, onCancel }: Props) {
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form: UseFormReturnType<PlanFormValues> = useForm<PlanFormValues>({
    initialValues: plan ? planFormFrom(plan) : emptyPlanForm(),
    validate: validatePlanForm,
    ...revalidateShownErrors(validatePlanForm, () => form),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePlanMutation();
  const update = useUpdatePlanMutation();
  const saving = create.isPending || update.isPending;
  const subscribers = plan?.subscribers ?? 0;

  const save = (values: PlanFormValues) => {
    const body = toPlanInput(values);
    const options = {
      onSuccess: (saved: PlanDto) => {
        toast.success(plan ? `${saved.name} is saved.` : `${saved.name} is created.`);
        onDone(saved);
      },
      onError: (error: Error) => {
        const message = failureMessage(error, 'The plan could not be saved. Please try again.');
        setFailure(message);
        const fields = serverFieldErrors(error, PLAN_FIELDS);
        // A taken name is a 409 with its sentence: shown under the name too.
        if (error instanceof ApiError && error.status === 409) fields.name = message;
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          focusFirstInvalid();
        }
      },
    };
    if (plan) update.mutate({ id: plan.id, body }, options);
    else create.mutate(body, options);
  };

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (saving) return;
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
        {plan && subscribers > 0 && (
          <Alert color="blue" variant="light" title="Existing subscribers keep their price">
            {subscribers === 1 ? '1 subscriber keeps' : `${subscribers} subscribers keep`} paying what they bought at. A
            new price applies to new subscribers only.
          </Alert>
        )}
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Type"
            description="A short code, e.g. starter or premium"
            required
            {...form.getInputProps('subscription_type')}
          />
          <Select label="For" data={FOR} allowDeselect={false} {...form.getInputProps('plan_for')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Price (USD)"
            required
            min={0}
            decimalScale={2}
            fixedDecimalScale={false}
            thousandSeparator=","
            {...form.getInputProps('price')}
          />
          <Select
            label="Billing"
            data={BILLING}
            allowDeselect={false}
            description={subscribers > 0 ? 'Fixed while the plan has subscribers' : undefined}
            disabled={subscribers > 0}
            {...form.getInputProps('billing_cycle')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Duration (days)"
            description="How long a one-time plan lasts"
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps('duration_days')}
          />
          <NumberInput
            label="Match credits"
            description="Leave empty for unlimited"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('match_credits')}
          />
        </SimpleGrid>
        <Textarea
          label="Features"
          description="One per line, as the plan card lists them"
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('features')}
        />
        <Group gap="lg">
          <Checkbox label="Most popular" {...form.getInputProps('most_popular', { type: 'checkbox' })} />
          <Checkbox label="Offered to new subscribers" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        </Group>
        {plan && Number(form.values.price) !== plan.price && form.values.price !== '' && (
          <Alert color="gray" variant="light">
            New subscribers will pay {formatMoney(Number(form.values.price), plan.currency)} instead of{' '}
            {formatMoney(plan.price, plan.currency)}.
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" aria-busy={saving}>
            {saving ? 'Saving…' : plan ? 'Save changes' : 'Create plan'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
