import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import {
  familyReportCorrection,
  type FamilyReportCorrection,
  type FamilyReportDto,
} from '@kindred/shared/family-ledger.schemas';
import { failureMessage, serverFieldErrors } from '../../../lib/server-errors.ts';
import { useClinicSearch } from '../../appointments/api/clinics.api.ts';
import { useCorrectFamilyReport, useReportFamily } from '../api/family-ledger.api.ts';

const FIELDS = ['kind', 'clinic_reference_id', 'event_date', 'donor_reference_id'] as const;
const validate = schemaResolver(familyReportCorrection, { sync: true });

type FormValues = {
  donor_reference_id: string;
  kind: 'pregnancy' | 'birth';
  clinic_reference_id: string;
  event_date: string;
};

/**
 * Report a pregnancy or birth with a donor, or correct a report: the kind, the clinic that treated you (it confirms
 * the report in its portal) and, if you like, the date. Only you and that clinic see the report; everyone else
 * sees counts.
 */
export function FamilyReportForm(props: {
  /** The donor; absent on the profile, where the parent types the donor's reference. */
  referenceId?: string;
  clinicReferenceId?: string;
  report?: FamilyReportDto;
  onDone: () => void;
}) {
  const { referenceId, report, onDone } = props;
  const clinics = useClinicSearch({ days: 1 });
  const create = useReportFamily();
  const correct = useCorrectFamilyReport();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      donor_reference_id: referenceId ?? report?.donor_reference_id ?? '',
      kind: report?.kind ?? 'birth',
      clinic_reference_id: report?.clinic?.reference_id ?? props.clinicReferenceId ?? '',
      event_date: report?.event_date ?? '',
    },
    validate: (values) => ({
      ...validate({ ...values, event_date: values.event_date || null }),
      ...(/^[A-Z0-9-]{4,32}$/.test(values.donor_reference_id.trim().toUpperCase())
        ? {}
        : { donor_reference_id: 'Enter the donor’s reference, as shown on the donor’s page.' }),
    }),
  });
  const submit = (values: FormValues) => {
    setFailure(null);
    const body: FamilyReportCorrection = {
      kind: values.kind,
      clinic_reference_id: values.clinic_reference_id,
      event_date: values.event_date || null,
    };
    const handlers = {
      onSuccess: (res: { message: string }) => {
        toast.success(res.message);
        onDone();
      },
      onError: (error: unknown) => {
        setFailure(failureMessage(error, 'Your report could not be saved. Please try again.'));
        form.setErrors(serverFieldErrors(error, FIELDS));
      },
    };
    if (report) correct.mutate({ id: report.id, body }, handlers);
    else create.mutate({ ...body, donor_reference_id: values.donor_reference_id.trim().toUpperCase() }, handlers);
  };
  const options = (clinics.data ?? []).map((c) => ({ value: c.reference_id, label: `${c.name} (${c.city})` }));
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={report ? 'Correct your report' : 'Report a family'}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        {!referenceId && !report && (
          <TextInput
            label="Donor reference"
            description="As shown on the donor’s page, e.g. KSBSP012345."
            withAsterisk
            {...form.getInputProps('donor_reference_id')}
          />
        )}
        <Radio.Group label="What are you reporting?" withAsterisk {...form.getInputProps('kind')}>
          <Group mt={6}>
            <Radio value="pregnancy" label="A pregnancy" />
            <Radio value="birth" label="A birth" />
          </Group>
        </Radio.Group>
        <Select
          label="Your clinic"
          description="The clinic that treated you confirms your report in its portal."
          placeholder={clinics.isPending ? 'Loading clinics…' : 'Choose your clinic'}
          searchable
          withAsterisk
          data={options}
          {...form.getInputProps('clinic_reference_id')}
        />
        <TextInput
          type="date"
          label="Date (optional)"
          description="The due date or the birth date, if you want to add it."
          {...form.getInputProps('event_date')}
        />
        <Text size="xs" c="var(--kindred-muted)">
          Only you and your clinic see this report. Other parents, banks and clinics see counts only.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || correct.isPending}>
            {report ? 'Save correction' : 'Send report'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The donor page's "Report a pregnancy or birth" button and its dialog. */
export function ReportFamilyButton({
  referenceId,
  clinicReferenceId,
}: {
  referenceId: string;
  clinicReferenceId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpen(true)}>
        Report a pregnancy or birth
      </Button>
      <AppModal opened={open} onClose={() => setOpen(false)} title="Report a pregnancy or birth">
        {open && (
          <FamilyReportForm
            referenceId={referenceId}
            clinicReferenceId={clinicReferenceId}
            onDone={() => setOpen(false)}
          />
        )}
      </AppModal>
    </>
  );
}
