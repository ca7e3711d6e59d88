import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef } from 'react';
import { usePlaceSuggestions, type PlaceSuggestion } from '../api/geocode.api.ts';
import { placeFields, typedLocationFields, type LocationFields } from '../model/location.ts';

type Props = {
  value: string;
  onChange: (fields: Partial<LocationFields>) => void;
  error?: string;
  /** The wizard's defaults; the booking search names it 'Location' and leaves it optional. */
  label?: string;
  required?: boolean;
  description?: string;
  size?: 'sm' | 'md';
};

/** Spec section 9: 300 ms debounce before asking for suggestions. */
const DEBOUNCE_MS = 300;

/**
 * Location with address suggestions from our geocoding endpoint: from 2 characters, 5 results, failures leave the
 * list empty. Picking a suggestion keeps its coordinates so distance can count in matching; the Autocomplete's
 * change event that follows a pick (with the picked text) keeps them too.
 */
export function LocationField({
  value,
  onChange,
  error,
  label = 'Your location',
  description = 'City or US ZIP code',
  required = true,
  size = 'md',
}: Props) {
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const { data = [] } = usePlaceSuggestions(debounced);
  const picked = useRef<PlaceSuggestion | null>(null);
  return (
    <Autocomplete
      label={label}
      description={description || undefined}
      placeholder="Start typing, e.g. Austin or 10001"
      value={value}
      onChange={(text) => {
        onChange(typedLocationFields(text, picked.current));
        if (text !== picked.current?.formatted) picked.current = null;
      }}
      data={[...new Set(data.map((p) => p.formatted))]}
      filter={({ options }) => options}
      onOptionSubmit={(formatted) => {
        const place = data.find((p) => p.formatted === formatted);
        if (!place) return;
        picked.current = place;
        onChange(placeFields(place));
      }}
      error={error}
      size={size}
      autoComplete="off"
      withAsterisk={required}
    />
  );
}
