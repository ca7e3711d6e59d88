import { Button, Chip, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { APPOINTMENT_CATEGORIES, APPOINTMENT_CATEGORY_LABELS } from '@kindred/shared/appointments.schemas';
import { LocationField } from '../../preferences/components/location-field.tsx';
import {
  parseDayMonthYear,
  QUICK_SEARCHES,
  readTypedDate,
  type QuickSearch,
  type SearchValues,
} from '../lib/search-params.ts';
import { todayIn } from '../../../lib/zoned-time.ts';

type Props = {
  initial: SearchValues;
  searching: boolean;
  onSearch: (values: SearchValues) => void;
  onQuickSearch: (quick: QuickSearch, form: SearchValues) => void;
  activeQuick: string | null;
};

const CATEGORY_OPTIONS = APPOINTMENT_CATEGORIES.map((c) => ({ value: c, label: APPOINTMENT_CATEGORY_LABELS[c] }));

/** The Find and Book form (Category, Location, Choose Date dd/mm/yyyy, Search) and the Quick Search chips. */
export function ClinicSearchForm({ initial, searching, onSearch, onQuickSearch, activeQuick }: Props) {
  const form = useForm<SearchValues>({ initialValues: initial });
  const quickId = useId();
  const today = todayIn();
  const dateInput = useRef<HTMLInputElement>(null);
  /** The typed date, or null after showing the field's error (the input keeps what was typed). */
  const typedDate = (): string | null => {
    const read = readTypedDate(dateInput.current?.value ?? '', today);
    if ('error' in read) {
      form.setFieldError('date', read.error);
      return null;
    }
    form.clearFieldError('date');
    return read.date;
  };
  const search = (values: SearchValues) => {
    const date = typedDate();
    if (date === null) return dateInput.current?.focus();
    onSearch({ ...values, date });
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <form onSubmit={form.onSubmit(search)} aria-label="Find a clinic" noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Select
              label="Category"
              placeholder="Any consultation"
              data={CATEGORY_OPTIONS}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the category' }}
              value={form.values.category || null}
              onChange={(v) => form.setFieldValue('category', (v ?? '') as SearchValues['category'])}
            />
            <LocationField
              label="Location"
              description=""
              required={false}
              size="sm"
              value={form.values.location}
              onChange={(f) =>
                form.setValues({
                  location: f.location ?? form.values.location,
                  lat: f.latitude === undefined ? form.values.lat : f.latitude,
                  lon: f.longitude === undefined ? form.values.lon : f.longitude,
                })
              }
            />
            <DateInput
              label="Choose Date"
              placeholder="dd/mm/yyyy"
              valueFormat="DD/MM/YYYY"
              dateParser={parseDayMonthYear}
              minDate={today}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the date' }}
              ref={dateInput}
              // Keep what was typed on blur: an impossible date stays in the field beside its error.
              fixOnBlur={false}
              onBlur={() => void typedDate()}
              onInput={() => form.clearFieldError('date')}
              error={form.errors.date}
              value={form.values.date || null}
              onChange={(v) => {
                form.clearFieldError('date');
                form.setFieldValue('date', v ?? '');
              }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching}>
              Search
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap={6} mt="md">
        <Text size="sm" fw={600} id={quickId}>
          Quick Search
        </Text>
        <Group gap={8} role="group" aria-labelledby={quickId}>
          {QUICK_SEARCHES.map((q) => (
            <Chip
              key={q.id}
              checked={activeQuick === q.id}
              onChange={() => onQuickSearch(q, form.values)}
              variant="light"
              size="sm"
            >
              {q.label}
            </Chip>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
