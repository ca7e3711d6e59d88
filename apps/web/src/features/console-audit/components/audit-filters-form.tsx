import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  AUDIT_FILTER_FIELDS,
  emptyAuditFilters,
  validateAuditFilters,
  type AuditFilterField,
  type AuditFilterValues,
} from '../lib/audit-filters.ts';

type Props = {
  /** The filters applied now (from the page address). */
  applied: AuditFilterValues;
  /** Field messages of the server's 400, by field. */
  serverErrors: Partial<Record<AuditFilterField, string>>;
  onApply: (values: AuditFilterValues) => void;
};

/** The audit log's filters: who, what, which record and when; checked with the server's schema before applying. */
export function AuditFiltersForm({ applied, serverErrors, onApply }: Props) {
  const form = useForm<AuditFilterValues>({ initialValues: applied, validate: validateAuditFilters });
  const { setErrors } = form;

  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) setErrors(serverErrors);
  }, [serverErrors, setErrors]);

  const clear = () => {
    form.setValues(emptyAuditFilters());
    form.clearErrors();
    onApply(emptyAuditFilters());
  };

  return (
    <form aria-label="Filter the audit log" noValidate onSubmit={form.onSubmit((values) => onApply(values))}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput
          label="Staff member"
          description="E-mail address or user id"
          {...form.getInputProps('actor')}
          key={form.key('actor')}
        />
        <TextInput
          label="Action"
          description="For example article.publish"
          {...form.getInputProps('action')}
          key={form.key('action')}
        />
        <TextInput
          label="Target type"
          description="For example article, user, team_member"
          {...form.getInputProps('target_type')}
          key={form.key('target_type')}
        />
        <TextInput label="Target id" {...form.getInputProps('target_id')} key={form.key('target_id')} />
        <TextInput type="date" label="From (UTC day)" {...form.getInputProps('from')} key={form.key('from')} />
        <TextInput type="date" label="To (UTC day)" {...form.getInputProps('to')} key={form.key('to')} />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit">Apply filters</Button>
        <Button
          type="button"
          variant="default"
          onClick={clear}
          disabled={AUDIT_FILTER_FIELDS.every((f) => !applied[f])}
        >
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
