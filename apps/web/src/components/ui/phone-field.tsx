import { Grid, Select, Text, TextInput } from '@mantine/core';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { searchCountries } from '../../lib/country-search.ts';
import { callingCodeOf, countryOptions } from '../../lib/phone.ts';

/** Names, aliases ('UK', 'USA') and dialling codes, best match first (Enter picks the first). */
const countryFilter: OptionsFilter = ({ options, search }) => searchCountries(options as ComboboxItem[], search);

type Props = {
  country: string;
  national: string;
  onCountryChange: (country: string) => void;
  onNationalChange: (national: string) => void;
  error?: ReactNode;
};

/**
 * Country picker (default 'us') and national number side by side, stacked below 600 px; the caller combines them
 * to E.164 with combinePhone. The calling code is shown inside the number field as a reminder.
 */
export function PhoneField({ country, national, onCountryChange, onNationalChange, error }: Props) {
  const options = useMemo(countryOptions, []);
  const callingCode = callingCodeOf(country);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <Select
          label="Country"
          data={options}
          value={country}
          onChange={(value) => value && onCountryChange(value)}
          searchable
          filter={countryFilter}
          selectFirstOptionOnChange
          allowDeselect={false}
          size="md"
          autoComplete="country"
          nothingFoundMessage="No country found"
          maxDropdownHeight={260}
          comboboxProps={{ width: 300, position: 'bottom-start' }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <TextInput
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          size="md"
          leftSection={
            callingCode ? (
              <Text size="sm" c="var(--kindred-muted)" aria-hidden>
                {callingCode}
              </Text>
            ) : undefined
          }
          leftSectionWidth={callingCode.length * 9 + 18}
          value={national}
          onChange={(e) => onNationalChange(e.currentTarget.value)}
          error={error}
        />
      </Grid.Col>
    </Grid>
  );
}
