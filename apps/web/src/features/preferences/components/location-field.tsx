import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { usePlaceSuggestions, type PlaceSuggestion } from '../api/geocode.api.ts';

type Props = { value: string; onType: (text: string) => void; onPick: (place: PlaceSuggestion) => void; error?: string };

/** Spec section 9: 300 ms debounce before asking for suggestions. */
const DEBOUNCE_MS = 300;

/**
 * Location with address suggestions from our geocoding endpoint: from 2 characters, 5 results, failures leave the
 * list empty. Picking a suggestion keeps its coordinates so distance can count in matching.
 */
export function LocationField({ value, onType, onPick, error }: Props) {
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const { data = [] } = usePlaceSuggestions(debounced);
  return (
    <Autocomplete
      label="Your location"
      description="City or US ZIP code"
      placeholder="Start typing, e.g. Austin or 10001"
      value={value}
      onChange={onType}
      data={[...new Set(data.map((p) => p.formatted))]}
      filter={({ options }) => options}
      onOptionSubmit={(formatted) => {
        const place = data.find((p) => p.formatted === formatted);
        if (place) onPick(place);
      }}
      error={error}
      size="md"
      autoComplete="off"
      withAsterisk
    />
  );
}
