import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { GeocodingPlace as PlaceSuggestion } from '@kindred/shared/geocoding.schemas';

export type { GeocodingPlace as PlaceSuggestion } from '@kindred/shared/geocoding.schemas';

/** Spec section 9: suggestions from 2 characters, 5 of them. */
export const PLACE_MIN_CHARS = 2;
export const PLACE_LIMIT = 5;

/** GET geocoding/autocomplete/: a failure yields no suggestions, silently (spec section 8). */
export async function fetchPlaces(text: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  try {
    const body = await apiRequest<{ features?: { properties: PlaceSuggestion }[] }>(apiPaths.geocodeAutocomplete, {
      query: { text, limit: String(PLACE_LIMIT) },
      signal,
    });
    return (body.features ?? []).map((f) => f.properties);
  } catch {
    return [];
  }
}

export function usePlaceSuggestions(text: string) {
  const trimmed = text.trim();
  return useQuery(
    queryOptions({
      queryKey: ['geocoding', trimmed.toLowerCase()],
      queryFn: ({ signal }) => fetchPlaces(trimmed, signal),
      enabled: trimmed.length >= PLACE_MIN_CHARS,
      staleTime: 60 * 60 * 1000,
    }),
  );
}
