import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { StackedTable } from '../../admin/components/server-table.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import type { StatusColor } from '../../../lib/status-colors.ts';
import { toast } from 'react-hot-toast';
import { inviteStaffRequest, type AdminClinicDto, type ClinicStaffDto } from '@kindred/shared/clinic-portal.schemas';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { AdminPageHeading } from '../../admin/components/admin-shell.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useAdminClinics, useInviteStaff } from '../api/clinic-accounts.api.ts';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

type Values = { clinic: string; email: string; first_name: string; last_name: string; bank_name: string };
const FIELDS = ['email', 'first_name', 'last_name', 'bank_name'] as const;
const validateStaff = schemaResolver(inviteStaffRequest, { sync: true });
const validate = (v: Values) => ({
  ...validateStaff({ ...v, bank_name: v.bank_name || undefined }),
  ...(v.clinic ? {} : { clinic: 'Choose a clinic.' }),
});

const STATUS_COLOR: Record<ClinicStaffDto['status'], StatusColor> = {
  active: 'green',
  invited: 'orange',
  expired: 'red',
};
const STATUS_LABEL: Record<ClinicStaffDto['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  expired: 'Invitation expired',
};

/**
 * /admin/clinics: partner clinics with their staff, and the invitation form (no SQL needed for clinic accounts).
 * `manage` renders the console's clinic editing (issue 15) above them, composed by the route.
 */
export function AdminClinics({ manage }: { manage?: (clinics: AdminClinicDto[]) => ReactNode } = {}) {
  const clinics = useAdminClinics();
  return (
    <Stack gap="lg">
      <AdminPageHeading title="Clinics" id="admin-clinics-title" />
      <Text c="var(--kindred-muted)">
        Invite clinic staff: they get an email with a link to set their password (valid 7 days) and then sign in to the
        clinic portal. Each account imports donors for one of its clinic&apos;s banks.
      </Text>
      {clinics.isPending && <LoadingSkeleton h={160} radius="md" label="Loading clinics" />}
      {clinics.isError && (
        <LoadFailed
          title="We could not load the clinics"
          error={clinics.error}
          onRetry={() => void clinics.refetch()}
        />
      )}
      {clinics.data && manage?.(clinics.data.clinics)}
      {clinics.data && clinics.data.clinics.length === 0 && (
        <Text>No partner clinics yet. Create one with New clinic.</Text>
      )}
      {clinics.data && clinics.data.clinics.length > 0 && (
        <>
          <InviteForm clinics={clinics.data.clinics} />
          {clinics.data.clinics.map((c) => (
            <ClinicStaff key={c.reference_id} clinic={c} />
          ))}
        </>
      )}
    </Stack>
  );
}

function InviteForm({ clinics }: { clinics: AdminClinicDto[] }) {
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: { clinic: '', email: '', first_name: '', last_name: '', bank_name: '' },
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const invite = useInviteStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const banks = clinics.find((c) => c.reference_id === form.values.clinic)?.banks ?? [];

  const submit = (v: Values) => {
    setFailure(null);
    const body = {
      email: v.email,
      first_name: v.first_name,
      last_name: v.last_name,
      bank_name: v.bank_name || undefined,
    };
    invite.mutate(
      { referenceId: v.clinic, body },
      {
        onSuccess: (res) => {
          toast.success(`${res.message} (${res.staff.email})`);
          form.reset();
        },
        onError: (error) => {
          setFailure(failureMessage(error, 'The invitation could not be sent. Please try again.'));
          const fields = serverFieldErrors(error, FIELDS);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate aria-labelledby="invite-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="invite-title">
            Invite clinic staff
          </Title>
          {failure && (
            <Alert color="red" variant="light" title="Not sent" role="alert">
              {failure}
            </Alert>
          )}
          <Select
            label="Clinic"
            required
            data={clinics.map((c) => ({ value: c.reference_id, label: `${c.name} (${c.reference_id})` }))}
            {...form.getInputProps('clinic')}
            onChange={(value) => {
              form.setFieldValue('clinic', value ?? '');
              form.setFieldValue('bank_name', '');
            }}
          />
          <Group grow align="flex-start">
            <TextInput label="First name" required autoComplete="off" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('last_name')} />
          </Group>
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          {banks.length > 1 && (
            <Select
              label="Bank for donor imports"
              description="The first bank is used when none is chosen."
              data={banks}
              clearable
              {...form.getInputProps('bank_name')}
              onChange={(value) => form.setFieldValue('bank_name', value ?? '')}
            />
          )}
          <Group>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ClinicStaff({ clinic }: { clinic: AdminClinicDto }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={clinic.name}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {clinic.name}
        </Title>
        <Text size="sm" c="var(--kindred-muted)">
          {clinic.reference_id} · {clinic.city}, {clinic.state} · {clinic.time_zone} · Banks:{' '}
          {clinic.banks.join(', ') || 'none'}
        </Text>
        {clinic.staff.length === 0 ? (
          <Text size="sm">No staff accounts yet.</Text>
        ) : (
          <StackedTable
            label={`Staff of ${clinic.name}`}
            minWidth={520}
            columns={['Name', 'Email', 'Imports for', 'Status']}
            rows={clinic.staff.map((s) => ({
              key: s.id,
              cells: [
                `${s.first_name} ${s.last_name}`,
                s.email,
                s.bank_name ?? '—',
                <StatusBadge key="status" status={STATUS_LABEL[s.status]} color={STATUS_COLOR[s.status]} />,
              ],
            }))}
          />
        )}
      </Stack>
    </Paper>
  );
}
