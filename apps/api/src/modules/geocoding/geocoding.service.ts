import type { FastifyBaseLogger } from 'fastify';
import { suggestPlaces, type Place } from './gazetteer.ts';

/** The geocoding port: the embedded gazetteer, or a hosted autocomplete API chosen by GEOCODER_URL. */
export type Geocoder = { autocomplete(text: string, limit: number): Promise<Place[]> };

export const embeddedGeocoder: Geocoder = {
  autocomplete: async (text, limit) => suggestPlaces(text, limit),
};

type HostedFeature = {
  properties?: {
    formatted?: unknown;
    lat?: unknown;
    lon?: unknown;
    result_type?: unknown;
    country_code?: unknown;
    postcode?: unknown;
  };
};

/**
 * A hosted autocomplete service answering in GeoJSON features with properties.formatted, lat and lon (the shape
 * of Geoapify and Pelias-style APIs). `text` and `limit` are added to the configured URL, which carries any API
 * key. A slow or failing provider falls back to the embedded gazetteer so the field never goes dead; each fallback
 * is logged at warn level (with the provider's host, never the URL, which carries the key).
 */
export function hostedGeocoder(
  baseUrl: string,
  opts: { timeoutMs?: number; fetchImpl?: typeof fetch; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Geocoder {
  const fetchImpl = opts.fetchImpl ?? fetch;
  return {
    async autocomplete(text, limit) {
      const url = new URL(baseUrl);
      url.searchParams.set('text', text);
      url.searchParams.set('limit', String(limit));
      try {
        const res = await fetchImpl(url, {
          signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
          headers: { Accept: 'application/json' },
        });
        if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
        const body = (await res.json()) as { features?: HostedFeature[] };
        return (body.features ?? [])
          .flatMap((f): Place[] => {
            const p = f.properties ?? {};
            if (typeof p.formatted !== 'string' || typeof p.lat !== 'number' || typeof p.lon !== 'number') return [];
            const kind = p.result_type === 'postcode' ? 'zip' : 'city';
            return [
              {
                formatted: p.formatted,
                lat: p.lat,
                lon: p.lon,
                kind,
                country: typeof p.country_code === 'string' ? p.country_code.toUpperCase() : '',
              },
            ];
          })
          .slice(0, limit);
      } catch (err) {
        opts.log?.warn(
          { provider: url.host, reason: err instanceof Error ? err.message : String(err) },
          'hosted geocoder failed; falling back to the embedded gazetteer',
        );
        return suggestPlaces(text, limit);
      }
    },
  };
}
