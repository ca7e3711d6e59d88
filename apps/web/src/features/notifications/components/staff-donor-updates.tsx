import { Alert, Button, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DONOR_UPDATE_KINDS,
  DONOR_UPDATE_KIND_LABELS,
  MEDICAL_CATEGORIES,
  MEDICAL_CATEGORY_LABELS,
  donorUpdateRequest,
  type DonorUpdateRequest,
} from '@kindred/shared/notifications.schemas';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { RecordsTable } from '../../../components/ui/records-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { usePostDonorUpdate, useStaffDonorUpdates, type StaffScope } from '../api/notifications.api.ts';

const FIELDS = ['kind', 'category', 'gene', 'text'] as const;
const validate = schemaResolver(donorUpdateRequest, { sync: true });
type FormValues = { kind: DonorUpdateRequest['kind']; category: string; gene: string; text: string };

/** The payload: a category and gene only where they belong, blanks left out. */
const toRequest = (v: FormValues): DonorUpdateRequest => ({
  kind: v.kind,
  text: v.text,
  ...(v.kind === 'medical' && v.category ? { category: v.category as DonorUpdateRequest['category'] } : {}),
  ...(v.kind === 'medical' && v.category === 'genetic_result' && v.gene.trim() ? { gene: v.gene.trim() } : {}),
});

function UpdatesList({ scope, referenceId }: { scope: StaffScope; referenceId: string }) {
  const updates = useStaffDonorUpdates(scope, referenceId);
  if (updates.isPending) return <Text size="sm">Loading updates…</Text>;
  if (updates.isError) return <Text size="sm">Could not load the updates.</Text>;
  return (
    <RecordsTable
      minWidth={420}
      caption="Families told, who read it and who confirmed it (counts only)"
      columns={['Posted', 'Update', 'Told', 'Read', 'Confirmed']}
      rows={updates.data}
      rowKey={(u) => u.id}
      cells={(u) => [
        formatDate(u.created_at),
        <>
          {DONOR_UPDATE_KIND_LABELS[u.kind]}
          {u.category ? ` · ${MEDICAL_CATEGORY_LABELS[u.category]}` : ''}
          {u.delivered ? '' : ' (being delivered)'}
        </>,
        u.counts.affected,
        u.counts.read,
        u.counts.acknowledged,
      ]}
      empty={<Text size="sm">No updates posted yet.</Text>}
    />
  );
}

function UpdateForm({ scope, referenceId }: { scope: StaffScope; referenceId: string }) {
  const form = useForm<FormValues>({
    initialValues: { kind: 'medical', category: 'new_diagnosis', gene: '', text: '' },
    validate: (v) => validate(toRequest(v) as never),
  });
  const post = usePostDonorUpdate(scope, referenceId);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (v: FormValues) => {
    setFailure(null);
    post.mutate(toRequest(v), {
      onSuccess: (res) => {
        toast.success(res.message);
        form.reset();
      },
      onError: (error) => {
        setFailure(failureMessage(error, 'The update could not be posted. Please try again.'));
        form.setErrors(serverFieldErrors(error, FIELDS));
      },
    });
  };
  const medical = form.values.kind === 'medical';
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Select
          label="Kind of update"
          data={DONOR_UPDATE_KINDS.map((k) => ({ value: k, label: DONOR_UPDATE_KIND_LABELS[k] }))}
          allowDeselect={false}
          {...form.getInputProps('kind')}
        />
        {medical && (
          <Select
            label="Category"
            data={MEDICAL_CATEGORIES.map((c) => ({ value: c, label: MEDICAL_CATEGORY_LABELS[c] }))}
            allowDeselect={false}
            {...form.getInputProps('category')}
          />
        )}
        {medical && form.values.category === 'genetic_result' && (
          <TextInput
            label="Gene (optional)"
            description="A gene symbol such as GJB2: each family is told what it means for their own screen."
            {...form.getInputProps('gene')}
          />
        )}
        <Textarea label="What happened" autosize minRows={3} maxLength={4000} {...form.getInputProps('text')} />
        {medical && (
          <Text size="sm" c="var(--kindred-muted)">
            Families are told a medical update exists and read it on the donor page, where they confirm they have read
            it. You will see how many did, never who.
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={post.isPending} color="teal">
          Post update
        </Button>
      </Stack>
    </form>
  );
}

/**
 * "Updates" on a donor row of the clinic portal or the console (ADR 025): post an update that every family
 * following the donor is told of, and see per update how many were told, read it and confirmed it.
 */
export function StaffDonorUpdatesButton({ scope, referenceId }: { scope: StaffScope; referenceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)} aria-label={`Updates for ${referenceId}`}>
        Updates
      </Button>
      {open && (
        <AppModal opened onClose={() => setOpen(false)} title={`Donor ${referenceId}: updates`} size="lg">
          <Stack gap="lg">
            <UpdateForm scope={scope} referenceId={referenceId} />
            <Title order={3} size="h5">
              Posted updates
            </Title>
            <UpdatesList scope={scope} referenceId={referenceId} />
          </Stack>
        </AppModal>
      )}
    </>
  );
}
