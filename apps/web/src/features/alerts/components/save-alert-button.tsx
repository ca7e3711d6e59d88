import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { ALERTS_MSG, alertNameSchema } from '@kindred/shared/alerts.schemas';
import type { MatchFilters } from '@kindred/shared/matching.schemas';
import { errorMessage } from '../../../lib/api-error.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useCreateAlert } from '../api/alerts.api.ts';

const formSchema = z.object({ name: alertNameSchema });
type Values = z.infer<typeof formSchema>;

/**
 * "Tell me when a new donor matches": saves the preference set in use and the page's current filters as an alert
 * that never expires (issue 28). Mounted on the matches page.
 */
export function SaveAlertButton({ profileId, filters }: { profileId: string | null; filters: MatchFilters }) {
  const [open, setOpen] = useState(false);
  const create = useCreateAlert();
  const form = useForm<Values>({
    initialValues: { name: '' },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  if (!profileId) return null;
  const submit = form.onSubmit((values) =>
    create.mutate(
      { profile_id: profileId, name: values.name, filters },
      {
        onSuccess: () => {
          toast.success(ALERTS_MSG.saved);
          setOpen(false);
          form.reset();
        },
        onError: (e) => {
          const fields = serverFieldErrors(e, ['name'] as const);
          if (fields.name) form.setFieldError('name', fields.name);
          else toast.error(errorMessage(e, 'We could not save the alert. Please try again.'));
        },
      },
    ),
  );
  return (
    <>
      <Button variant="default" leftSection={<IconBell size={18} aria-hidden />} onClick={() => setOpen(true)}>
        Tell me when a new donor matches
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Save this search as an alert">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              We will tell you whenever a new donor matches these preferences and the filters you have set, for as long
              as the alert exists. You can pause or delete it from your profile.
            </Text>
            <TextInput
              label="Alert name"
              placeholder="e.g. Brown-eyed egg donors"
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Button type="submit" loading={create.isPending}>
              Save alert
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
