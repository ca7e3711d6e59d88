import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { buildExtraApp, createTestContext, type TestContext } from './harness.ts';
import { hostedGeocoder } from '../src/modules/geocoding/geocoding.service.ts';
import { suggestPlaces } from '../src/modules/geocoding/gazetteer.ts';

type Feature = { properties: { formatted: string; lat: number; lon: number; kind: string; country: string } };

/** Address suggestions for the wizard's location field (spec section 5), over the embedded gazetteer. */
describe('geocoding autocomplete', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const get = (qs: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/geocoding/autocomplete/?${qs}` });

  it('suggests cities by prefix, most populous first, with coordinates, no sign-in needed', async () => {
    const res = await get('text=lond&limit=5');
    expect(res.statusCode, res.body).toBe(200);
    const features: Feature[] = res.json().features;
    expect(features).toHaveLength(5);
    expect(features[0]!.properties).toMatchObject({ formatted: 'London, United Kingdom', kind: 'city', country: 'GB' });
    expect(features[0]!.properties.lat).toBeCloseTo(51.5, 0);
    for (const f of features) expect(f.properties.formatted.toLowerCase()).toMatch(/^lond/);
  });

  it('finds US cities with their state, ignores accents and the text after a comma', async () => {
    const ny: Feature[] = (await get('text=New%20York%2C%20NY')).json().features;
    expect(ny[0]!.properties.formatted).toBe('New York City, NY, United States');
    const sao: Feature[] = (await get('text=sao%20pa')).json().features;
    expect(sao[0]!.properties.formatted).toBe('São Paulo, Brazil');
  });

  it('suggests US ZIP codes from their digits', async () => {
    const features: Feature[] = (await get('text=9021&limit=3')).json().features;
    expect(features.map((f) => f.properties.kind)).toEqual(['zip', 'zip', 'zip']);
    const beverly = (await get('text=90210')).json().features[0].properties;
    expect(beverly).toMatchObject({ formatted: '90210, Beverly Hills, CA, United States', kind: 'zip', country: 'US' });
    expect(beverly.lon).toBeCloseTo(-118.4, 1);
  });

  it('defaults to 5, caps the limit at 10, refuses 1 character, answers nothing for nonsense', async () => {
    expect((await get('text=sa')).json().features).toHaveLength(5);
    expect((await get('text=sa&limit=11')).statusCode).toBe(400);
    expect((await get('text=s')).statusCode).toBe(400);
    expect((await get('text=')).statusCode).toBe(400);
    expect((await get('text=zzqxv')).json().features).toEqual([]);
  });

  it('answers quickly once loaded', () => {
    suggestPlaces('be', 5);
    const start = performance.now();
    for (let i = 0; i < 200; i++) suggestPlaces(['ber', 'par', 'chi', 'mum', '100'][i % 5]!, 5);
    expect((performance.now() - start) / 200).toBeLessThan(5);
  });

  it('a hosted geocoder is used when configured, and falls back to the gazetteer when it fails', async () => {
    const seen: string[] = [];
    const ok = hostedGeocoder('https://geo.example/v1/autocomplete?apiKey=k', {
      fetchImpl: (async (url: URL) => {
        seen.push(String(url));
        return new Response(
          JSON.stringify({
            features: [
              {
                properties: {
                  formatted: 'Paris, France',
                  lat: 48.85,
                  lon: 2.35,
                  result_type: 'city',
                  country_code: 'fr',
                },
              },
              { properties: {} },
            ],
          }),
        );
      }) as typeof fetch,
    });
    expect(await ok.autocomplete('par', 5)).toEqual([
      { formatted: 'Paris, France', lat: 48.85, lon: 2.35, kind: 'city', country: 'FR' },
    ]);
    expect(seen[0]).toBe('https://geo.example/v1/autocomplete?apiKey=k&text=par&limit=5');
    const failing = hostedGeocoder('https://geo.example/v1/autocomplete', {
      fetchImpl: (async () => new Response('no', { status: 503 })) as typeof fetch,
    });
    expect((await failing.autocomplete('par', 2))[0]!.formatted).toBe('Paris, France');
  });

  it('a failing hosted geocoder logs the fallback at warn level, and the field still answers', async () => {
    const down: Server = createServer((_req, res) => res.writeHead(503).end('maintenance'));
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const { port } = down.address() as AddressInfo;
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = await buildExtraApp(ctx, {
      geocoderUrl: `http://127.0.0.1:${port}/v1/autocomplete?apiKey=secret-key`,
      logger: { level: 'warn', stream },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/geocoding/autocomplete/?text=par&limit=2' });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { features: Feature[] }).features[0]!.properties.formatted).toBe('Paris, France');
      const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string } });
      const fallback = warnings.find((w) => w.level === 40 && /geocoder/i.test(w.msg));
      expect(fallback, lines.join('')).toBeDefined();
      expect(fallback!.msg).toMatch(/fall(ing)? back/i);
      expect(JSON.stringify(fallback)).toContain('503');
      // The configured URL carries the API key: it never reaches the log.
      expect(lines.join('')).not.toContain('secret-key');
    } finally {
      await app.close();
      await new Promise((resolve) => down.close(resolve));
    }
  });
});
