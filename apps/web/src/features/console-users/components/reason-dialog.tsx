import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState, type ReactNode } from 'react';
import { reasonRequest } from '@kindred/shared/console-users.schemas';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';

const validate = schemaResolver(reasonRequest, { sync: true });

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, said plainly before the operator confirms. */
  description: ReactNode;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  /** Runs the action; rejects with the API's error, shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
};

/** A confirmation that asks for the reason kept in the audit log (ADR 022), validated by the shared schema. */
export function ReasonDialog({ opened, onClose, title, description, confirmLabel, color, pending, onConfirm }: Props) {
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form = useForm({ initialValues: { reason: '' }, validate });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time the dialog opens
  }, [opened]);

  const submit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, 'That did not work. Please try again.'));
      form.setErrors(serverFieldErrors(error, ['reason'] as const));
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <form ref={formRef} onSubmit={form.onSubmit((v) => void submit(v), focusFirstInvalid)} noValidate>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Not done">
              {failure}
            </Alert>
          )}
          <Textarea
            label="Reason"
            description="Kept in the audit log with your name."
            required
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
