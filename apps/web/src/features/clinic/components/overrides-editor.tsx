import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { CLINIC_MSG, overrideRequest, type ScheduleClinicianDto } from '@kindred/shared/clinic-portal.schemas';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useAddOverride, useDeleteOverride, useOverrides } from '../api/clinic-portal.api.ts';

type Values = {
  clinician_id: string;
  on_date: string;
  kind: 'closed' | 'extra';
  start_time: string;
  end_time: string;
  note: string;
};
const FIELDS = ['clinician_id', 'on_date', 'kind', 'start_time', 'end_time', 'note'] as const;
const toRequest = (v: Values) => ({
  clinician_id: v.clinician_id,
  on_date: v.on_date,
  kind: v.kind,
  start_time: v.kind === 'extra' ? v.start_time || null : null,
  end_time: v.kind === 'extra' ? v.end_time || null : null,
  note: v.note || null,
});
const resolve = schemaResolver(overrideRequest, { sync: true });
const validate = (v: Values) => resolve(toRequest(v) as never);

/** Date overrides: close a day or add extra hours for one clinician; listed from today on. */
export function OverridesEditor({ clinicians }: { clinicians: ScheduleClinicianDto[] }) {
  const overrides = useOverrides();
  const add = useAddOverride();
  const remove = useDeleteOverride();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      clinician_id: clinicians[0]?.id ?? '',
      on_date: '',
      kind: 'closed',
      start_time: '',
      end_time: '',
      note: '',
    },
    validate,
  });
  const nameOf = (id: string) => clinicians.find((c) => c.id === id)?.name ?? '—';

  const submit = (v: Values) => {
    setFailure(null);
    add.mutate(toRequest(v), {
      onSuccess: (res) => {
        toast.success(res.message);
        form.setValues({ on_date: '', start_time: '', end_time: '', note: '' });
      },
      onError: (error) => {
        setFailure(failureMessage(error, 'The date change could not be saved. Please try again.'));
        form.setErrors(serverFieldErrors(error, FIELDS));
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="overrides-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="overrides-title">
          Date changes
        </Title>
        {overrides.isError && (
          <LoadFailed
            title="We could not load the date changes"
            error={overrides.error}
            onRetry={() => void overrides.refetch()}
          />
        )}
        {overrides.data && overrides.data.overrides.length === 0 && (
          <Text size="sm">No closed days or extra hours ahead.</Text>
        )}
        {overrides.data && overrides.data.overrides.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Clinician</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overrides.data.overrides.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>{o.on_date}</Table.Td>
                    <Table.Td>{nameOf(o.clinician_id)}</Table.Td>
                    <Table.Td>{o.kind === 'closed' ? 'Closed' : `Extra hours ${o.start_time}–${o.end_time}`}</Table.Td>
                    <Table.Td>{o.note ?? ''}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove the change on ${o.on_date}`}
                        loading={remove.isPending && remove.variables === o.id}
                        onClick={() =>
                          remove.mutate(o.id, {
                            onError: (e) => toast.error(failureMessage(e, CLINIC_MSG.overrideNotFound)),
                          })
                        }
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Add a date change">
          <Stack gap="sm">
            {failure && (
              <Alert color="red" variant="light" title="Not saved" role="alert">
                {failure}
              </Alert>
            )}
            <Group grow align="flex-start">
              <Select
                label="Clinician"
                data={clinicians.map((c) => ({ value: c.id, label: c.name }))}
                allowDeselect={false}
                {...form.getInputProps('clinician_id')}
              />
              <TextInput type="date" label="Date" {...form.getInputProps('on_date')} />
            </Group>
            <SegmentedControl
              aria-label="Kind of change"
              data={[
                { value: 'closed', label: 'Closed all day' },
                { value: 'extra', label: 'Extra hours' },
              ]}
              {...form.getInputProps('kind')}
            />
            {form.values.kind === 'extra' && (
              <Group grow align="flex-start">
                <TextInput type="time" label="From" {...form.getInputProps('start_time')} />
                <TextInput type="time" label="To" {...form.getInputProps('end_time')} />
              </Group>
            )}
            <TextInput label="Note (optional)" {...form.getInputProps('note')} />
            <Group>
              <Button type="submit" variant="light" loading={add.isPending}>
                Add date change
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
