/**
 * Request and response shapes of the place autocomplete (GET /api/v1/geocoding/autocomplete/) that the wizard's
 * location field calls (issue 27).
 */
import { z } from 'zod';

export const geocodingQuerySchema = z.object({
  text: z.string({ error: 'text is required.' }).trim().min(2, { error: 'Type at least 2 characters.' }).max(100),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
export type GeocodingQuery = z.input<typeof geocodingQuerySchema>;

export const geocodingPlaceSchema = z.object({
  formatted: z.string(),
  lat: z.number(),
  lon: z.number(),
  kind: z.enum(['zip', 'city']),
  country: z.string(),
});
export type GeocodingPlace = z.infer<typeof geocodingPlaceSchema>;

export const geocodingResponseSchema = z.object({
  features: z.array(z.object({ properties: geocodingPlaceSchema })),
});
export type GeocodingResponse = z.infer<typeof geocodingResponseSchema>;
