import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { StackedTable } from '../../admin/components/server-table.tsx';
import { ActiveToggle } from '../../../components/ui/active-toggle.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { clinicianRequest, type ConsoleClinicDto } from '@kindred/shared/console-clinics.schemas';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useClinicChange, useConsoleClinic, useSaveConsoleVisitType } from '../api/console-clinics.api.ts';
import { VisitTypesEditor } from '../../clinic/components/visit-types-editor.tsx';
import { ClinicForm } from './clinic-form.tsx';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

type ClinicOption = { reference_id: string; name: string };

/**
 * The console's clinic editing (issue 15), above the staff invitations: create a clinic, or pick one and edit it,
 * its partner banks, clinicians and visit types. Every change is audited by the server.
 */
export function ClinicManager({ clinics }: { clinics: ClinicOption[] }) {
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="manage-clinics-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="manage-clinics-title">
            Manage clinics
          </Title>
          <Button variant={creating ? 'default' : 'filled'} onClick={() => setCreating((c) => !c)}>
            {creating ? 'Cancel' : 'New clinic'}
          </Button>
        </Group>
        {creating && (
          <ClinicForm
            onSaved={(ref) => {
              setCreating(false);
              setSelected(ref);
            }}
          />
        )}
        <Select
          label="Open for editing"
          searchable
          data={clinics.map((c) => ({ value: c.reference_id, label: `${c.name} (${c.reference_id})` }))}
          value={selected}
          onChange={setSelected}
          maw={480}
        />
        {selected && <ClinicDetail key={selected} referenceId={selected} />}
      </Stack>
    </Paper>
  );
}

function ClinicDetail({ referenceId }: { referenceId: string }) {
  const clinic = useConsoleClinic(referenceId);
  if (clinic.isPending) return <LoadingSkeleton h={240} label="Loading the clinic" />;
  if (clinic.isError)
    return (
      <LoadFailed title="We could not load the clinic" error={clinic.error} onRetry={() => void clinic.refetch()} />
    );
  const c = clinic.data.clinic;
  return (
    <Stack gap="lg">
      <Text size="sm" c="var(--kindred-muted)">
        Coordinates {c.latitude.toFixed(3)}, {c.longitude.toFixed(3)} (from the city and state)
      </Text>
      <ClinicForm clinic={c} onSaved={() => undefined} />
      <BanksEditor clinic={c} />
      <Clinicians clinic={c} />
      <ConsoleVisitTypes clinic={c} />
    </Stack>
  );
}

function BanksEditor({ clinic }: { clinic: ConsoleClinicDto }) {
  const [banks, setBanks] = useState(clinic.banks);
  const change = useClinicChange();
  return (
    <Stack gap="xs" component="section" aria-labelledby="banks-title">
      <Title order={3} fz="md" id="banks-title">
        Partner banks
      </Title>
      <Group align="flex-end">
        <TagsInput
          label="Banks"
          description="Type a bank name exactly as its donors carry it, then press Enter."
          value={banks}
          onChange={setBanks}
          w="100%"
          maw={480}
        />
        <Button
          variant="light"
          loading={change.isPending}
          onClick={() =>
            change.mutate(
              { kind: 'banks', ref: clinic.reference_id, banks },
              {
                onSuccess: (res) => toast.success(res.message ?? 'Saved.'),
                onError: (e) => toast.error(failureMessage(e, 'The banks could not be saved.')),
              },
            )
          }
        >
          Save banks
        </Button>
      </Group>
    </Stack>
  );
}

type ClinicianValues = { name: string; title: string; languages: string[]; active: boolean };
const validateClinician = schemaResolver(clinicianRequest, { sync: true });

function Clinicians({ clinic }: { clinic: ConsoleClinicDto }) {
  const change = useClinicChange();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form = useForm<ClinicianValues>({
    initialValues: { name: '', title: '', languages: ['English'], active: true },
    validate: validateClinician,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const add = (v: ClinicianValues) => {
    setFailure(null);
    change.mutate(
      { kind: 'addClinician', ref: clinic.reference_id, body: v },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Saved.');
          form.reset();
        },
        onError: (e) => {
          setFailure(failureMessage(e, 'The clinician could not be saved.'));
          form.setErrors(serverFieldErrors(e, ['name', 'title', 'languages'] as const));
          focusFirstInvalid();
        },
      },
    );
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="clinicians-title">
      <Title order={3} fz="md" id="clinicians-title">
        Clinicians
      </Title>
      {clinic.clinicians.length === 0 ? (
        <Text size="sm">No clinicians yet.</Text>
      ) : (
        <StackedTable
          label="Clinicians"
          minWidth={520}
          columns={['Name', 'Title', 'Languages', 'Status']}
          rows={clinic.clinicians.map((c) => ({
            key: c.id,
            cells: [
              c.name,
              c.title,
              c.languages.join(', '),
              <ActiveToggle
                key="status"
                active={c.active}
                name={c.name}
                onToggle={() =>
                  change.mutate({
                    kind: 'updateClinician',
                    ref: clinic.reference_id,
                    id: c.id,
                    body: { name: c.name, title: c.title, languages: c.languages, active: !c.active },
                  })
                }
              />,
            ],
          }))}
        />
      )}
      <form ref={formRef} onSubmit={form.onSubmit(add, focusFirstInvalid)} noValidate aria-label="Add a clinician">
        <Stack gap="xs">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {/* One column on a phone: side by side, each field had a third of 390 px. */}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Clinician name" required {...form.getInputProps('name')} />
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <TagsInput label="Languages" required {...form.getInputProps('languages')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" variant="light" loading={change.isPending}>
              Add clinician
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The console's wiring of the shared visit types editor (the clinic portal's): the opened clinic's list and routes. */
export function ConsoleVisitTypes({ clinic }: { clinic: ConsoleClinicDto }) {
  const save = useSaveConsoleVisitType(clinic.reference_id);
  return <VisitTypesEditor visitTypes={clinic.visit_types} save={save} headingOrder={3} />;
}
