import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { toast } from 'react-hot-toast';
import type { VisitTypeDto } from '@kindred/shared/appointments.schemas';
import {
  APPOINTMENT_CATEGORIES,
  APPOINTMENT_CATEGORY_LABELS,
  VISIT_CONFIRMATION_LABELS,
  VISIT_CONFIRMATIONS,
} from '@kindred/shared/appointments.schemas';
import { NEW_VISIT_TYPE, visitTypeRequest, type VisitTypeRequest } from '@kindred/shared/clinic-portal.schemas';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useSaveVisitType, useVisitTypes } from '../api/clinic-portal.api.ts';

const FIELDS = Object.keys(NEW_VISIT_TYPE) as (keyof VisitTypeRequest)[];
const validate = schemaResolver(visitTypeRequest, { sync: true });
const MODE_LABEL = { video: 'Video', in_person: 'In person' } as const;
const NUMBERS: [keyof VisitTypeRequest, string][] = [
  ['duration_minutes', 'Duration (minutes)'],
  ['buffer_before_minutes', 'Buffer before (minutes)'],
  ['buffer_after_minutes', 'Buffer after (minutes)'],
  ['min_notice_minutes', 'Minimum notice (minutes)'],
  ['horizon_days', 'Booking horizon (days)'],
  ['change_notice_minutes', 'Change window (minutes before the visit)'],
];
const toRequest = (v: VisitTypeDto): VisitTypeRequest => {
  const { id: _id, ...rest } = v;
  return rest;
};

/** The clinic's visit types, with an add/edit form (active toggle included). */
export function VisitTypesEditor() {
  const types = useVisitTypes();
  const [editing, setEditing] = useState<VisitTypeDto | 'new' | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="visit-types-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="visit-types-title">
            Visit types
          </Title>
          <Button variant="light" onClick={() => setEditing('new')}>
            Add visit type
          </Button>
        </Group>
        {types.isError && (
          <LoadFailed
            title="We could not load the visit types"
            error={types.error}
            onRetry={() => void types.refetch()}
          />
        )}
        {types.data && types.data.visit_types.length === 0 && <Text size="sm">No visit types yet.</Text>}
        {types.data && types.data.visit_types.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Confirmation</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Edit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.data.visit_types.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.name}</Table.Td>
                    <Table.Td>{APPOINTMENT_CATEGORY_LABELS[t.category]}</Table.Td>
                    <Table.Td>{MODE_LABEL[t.mode]}</Table.Td>
                    <Table.Td>{t.duration_minutes} min</Table.Td>
                    <Table.Td>{VISIT_CONFIRMATION_LABELS[t.confirmation]}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={t.active ? 'Active' : 'Off'} color={t.active ? 'green' : 'gray'} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editing && (
          <VisitTypeForm
            key={editing === 'new' ? 'new' : editing.id}
            visitType={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Stack>
    </Paper>
  );
}

function VisitTypeForm({ visitType, onDone }: { visitType: VisitTypeDto | null; onDone: () => void }) {
  const form = useForm<VisitTypeRequest>({
    initialValues: visitType ? toRequest(visitType) : { ...NEW_VISIT_TYPE },
    validate,
  });
  const save = useSaveVisitType();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (body: VisitTypeRequest) => {
    setFailure(null);
    save.mutate(
      { id: visitType?.id ?? null, body },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onDone();
        },
        onError: (error) => {
          setFailure(failureMessage(error, 'The visit type could not be saved. Please try again.'));
          form.setErrors(serverFieldErrors(error, FIELDS));
        },
      },
    );
  };
  return (
    <form
      onSubmit={form.onSubmit(submit)}
      noValidate
      aria-label={visitType ? `Edit ${visitType.name}` : 'New visit type'}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          {visitType ? `Edit ${visitType.name}` : 'New visit type'}
        </Title>
        {failure && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="Name" {...form.getInputProps('name')} />
        <Group grow align="flex-start">
          <Select
            label="Category"
            allowDeselect={false}
            data={APPOINTMENT_CATEGORIES.map((c) => ({ value: c, label: APPOINTMENT_CATEGORY_LABELS[c] }))}
            {...form.getInputProps('category')}
          />
          <Select
            label="Mode"
            allowDeselect={false}
            data={[
              { value: 'video', label: 'Video' },
              { value: 'in_person', label: 'In person' },
            ]}
            {...form.getInputProps('mode')}
          />
          <Select
            label="Confirmation"
            description="Instant: a booking is confirmed at once. Requests wait for your confirmation."
            allowDeselect={false}
            data={VISIT_CONFIRMATIONS.map((c) => ({ value: c, label: VISIT_CONFIRMATION_LABELS[c] }))}
            {...form.getInputProps('confirmation')}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          {NUMBERS.map(([key, label]) => (
            <NumberInput key={key} label={label} allowDecimal={false} min={0} miw={180} {...form.getInputProps(key)} />
          ))}
        </Group>
        <Switch label="Active (bookable)" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save visit type
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
