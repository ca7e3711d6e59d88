import {
  Button,
  Checkbox,
  Collapse,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { MatchFilters } from '@kindred/shared/matching.schemas';
import { SORT_ORDERS, type SortOrder } from '@kindred/shared/vocabulary';
import { useEffect, useState } from 'react';
import { useUnitSystem } from '../../../lib/units.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import {
  activeFilterCount,
  DISCLOSURE_CHOICES,
  distanceChoices,
  draftOf,
  EDUCATION_CHOICES,
  filtersFromDraft,
  filtersKey,
  heightChoices,
  SORT_LABELS,
  PRICE_CHOICES,
  type FilterDraft,
  type MatchQuery,
} from '../utils/match-filters.ts';

type Props = {
  query: MatchQuery;
  /** False when the saved preferences have no location: distance filter and sort are then unavailable. */
  hasLocation: boolean;
  onApply: (filters: MatchFilters) => void;
  onSort: (sort: SortOrder) => void;
  onClear: () => void;
};

const ANY = { value: '', label: 'Any' };
/** The shared filter schema's checks, by draft field (the draft holds text, so it is parsed first). */
const validate = (d: FilterDraft): FormErrors => filtersFromDraft(d).errors ?? {};

/**
 * Sort and filters of the results page. The sort applies at once; filters apply with "Apply filters" (or Enter)
 * and go to the address, from which the server is asked: nothing is filtered in the browser.
 */
export function MatchFiltersPanel({ query, hasLocation, onApply, onSort, onClear }: Props) {
  const count = activeFilterCount(query.filters);
  const units = useUnitSystem();
  const heights = [ANY, ...heightChoices(units)];
  const [open, setOpen] = useState(count > 0);
  const form: UseFormReturnType<FilterDraft> = useForm<FilterDraft>({
    initialValues: draftOf(query.filters),
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const { setInitialValues, reset } = form;
  const key = filtersKey(query.filters);
  // The address is the truth: back, reload or "Clear filters" bring the form along.
  // `key` stands for query.filters, which is a new object on every render.
  const filters = query.filters;
  useEffect(() => {
    setInitialValues(draftOf(filters));
    reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the value of `filters`
  }, [key, reset, setInitialValues]);

  const apply = (draft: FilterDraft) => {
    const result = filtersFromDraft(draft);
    if (result.filters) onApply(result.filters);
  };
  const text = (k: 'ageMin' | 'ageMax') => ({
    ...form.getInputProps(k),
    onChange: (v: number | string) => form.setFieldValue(k, String(v)),
  });
  const select = (k: 'heightMin' | 'heightMax' | 'minEducation' | 'maxDistanceKm' | 'maxCost') => form.getInputProps(k);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="refine-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4" id="refine-title" mb={6}>
          Refine results
        </Title>
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label="Sort by"
            value={query.sort}
            onChange={(e) => onSort(e.currentTarget.value as SortOrder)}
            data={SORT_ORDERS.map((s) => ({
              value: s,
              label: SORT_LABELS[s],
              disabled: s === 'distance' && !hasLocation,
            }))}
          />
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="match-filters"
          >
            {count > 0 ? `Filters (${count})` : 'Filters'}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <form
          ref={formRef}
          id="match-filters"
          onSubmit={form.onSubmit(apply, focusFirstInvalid)}
          noValidate
          aria-label="Filters"
        >
          <Stack gap="md" mt="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
              <NumberInput
                label="Minimum age"
                min={18}
                max={60}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...text('ageMin')}
              />
              <NumberInput
                label="Maximum age"
                min={18}
                max={60}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...text('ageMax')}
              />
              <NativeSelect label="Minimum height" data={heights} {...select('heightMin')} />
              <NativeSelect label="Maximum height" data={heights} {...select('heightMax')} />
              <NativeSelect label="Minimum education" data={[ANY, ...EDUCATION_CHOICES]} {...select('minEducation')} />
              <NativeSelect
                label="Maximum distance"
                data={[ANY, ...distanceChoices(units, query.filters.maxDistanceKm)]}
                disabled={!hasLocation}
                description={hasLocation ? undefined : 'Needs your location in your preferences.'}
                {...select('maxDistanceKm')}
              />
              <NativeSelect
                label="Estimated price"
                description="For the plan on each card; donors without a price are left out."
                data={[ANY, ...PRICE_CHOICES]}
                {...select('maxCost')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Checkbox.Group label="Disclosure" {...form.getInputProps('disclosure')}>
                <Group gap="md" mt={6}>
                  {DISCLOSURE_CHOICES.map((d) => (
                    <Checkbox key={d.value} value={d.value} label={d.label} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Radio.Group
                label="Availability"
                value={form.values.availability}
                onChange={(v) => form.setFieldValue('availability', v === 'reserved' ? 'reserved' : 'available')}
              >
                <Group gap="md" mt={6}>
                  <Radio value="available" label="Available now" />
                  <Radio value="reserved" label="Include reserved donors" />
                </Group>
              </Radio.Group>
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="subtle" color="teal" onClick={onClear} disabled={count === 0}>
                Clear filters
              </Button>
              <Button type="submit" color="teal">
                Apply filters
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
