import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { BULK_MAX, reasonRequest, type BulkDisableResponse } from '@kindred/shared/console-users.schemas';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { failureMessage } from '../../../lib/server-errors.ts';
import { useBulkDisable } from '../api/console-users.api.ts';

const validate = schemaResolver(reasonRequest, { sync: true });

/**
 * Bulk disable (issue 15): the reason, then a dry run that says what would change, then the change itself with
 * the same ids and reason. At most BULK_MAX users (the API refuses more).
 */
export function BulkDisableDialog({
  opened,
  ids,
  onClose,
  onDone,
}: {
  opened: boolean;
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useForm({ initialValues: { reason: '' }, validate });
  const bulk = useBulkDisable();
  const [preview, setPreview] = useState<BulkDisableResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    setPreview(null);
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh dialog each time it opens
  }, [opened]);

  const run = async (reason: string, dryRun: boolean) => {
    setFailure(null);
    try {
      const res = await bulk.mutateAsync({ ids, reason: reason.trim(), dry_run: dryRun });
      if (dryRun) return setPreview(res);
      toast.success(res.message);
      onDone();
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, 'That did not work. Please try again.'));
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Disable selected users">
      <form onSubmit={form.onSubmit((v) => void run(v.reason, preview === null))} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {ids.length} selected (at most {BULK_MAX} at a time). Disabled accounts cannot sign in and their sessions
            end at once. First check what would change; nothing is written until you confirm.
          </Text>
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
            onChange={(e) => {
              form.setFieldValue('reason', e.currentTarget.value);
              setPreview(null);
            }}
          />
          {preview && (
            <Alert color="blue" variant="light" title="Dry run: nothing changed yet" role="status">
              <Text size="sm">{preview.message}</Text>
              {preview.skipped.length > 0 && (
                <List size="sm" mt="xs">
                  {preview.skipped.slice(0, 10).map((s) => (
                    <List.Item key={s.id}>{s.reason}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {preview === null ? (
              <Button type="submit" loading={bulk.isPending}>
                Check what would change
              </Button>
            ) : (
              <Button type="submit" color="red" loading={bulk.isPending} disabled={preview.disabled.length === 0}>
                Disable {preview.disabled.length} {preview.disabled.length === 1 ? 'account' : 'accounts'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
