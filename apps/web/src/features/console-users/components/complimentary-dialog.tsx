import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { complimentaryRequest } from '@kindred/shared/console-users.schemas';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useConsolePlans, useGrantComplimentary } from '../api/console-users.api.ts';

type Values = { plan_id: string; days: number | string; reason: string };
const FIELDS = ['plan_id', 'days', 'reason'] as const;
const validate = schemaResolver(complimentaryRequest, { sync: true });

/** Grant a complimentary plan (admin): an existing parent plan at price 0 for some days, with a reason. */
export function ComplimentaryDialog({
  userId,
  opened,
  onClose,
}: {
  userId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const plans = useConsolePlans();
  const grant = useGrantComplimentary(userId);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form = useForm<Values>({ initialValues: { plan_id: '', days: 30, reason: '' }, validate });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time the dialog opens
  }, [opened]);

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      const res = await grant.mutateAsync({ plan_id: v.plan_id, days: Number(v.days), reason: v.reason.trim() });
      toast.success(res.message);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, 'The plan could not be granted. Please try again.'));
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Grant a complimentary plan">
      <form ref={formRef} onSubmit={form.onSubmit((v) => void submit(v), focusFirstInvalid)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The user gets the plan free for the days you choose. Nothing is charged, and the plan&apos;s price does not
            change for anyone.
          </Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Not granted">
              {failure}
            </Alert>
          )}
          <Select
            label="Plan"
            required
            data={(plans.data?.plans ?? []).map((p) => ({ value: p.id, label: p.name }))}
            {...form.getInputProps('plan_id')}
            onChange={(value) => form.setFieldValue('plan_id', value ?? '')}
          />
          <NumberInput label="Days" required min={1} max={365} allowDecimal={false} {...form.getInputProps('days')} />
          <Textarea
            label="Reason"
            description="Kept in the audit log with your name."
            required
            autosize
            minRows={2}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={grant.isPending}>
              Grant plan
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
