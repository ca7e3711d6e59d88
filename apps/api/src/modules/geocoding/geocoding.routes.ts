import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Geocoder } from './geocoding.service.ts';

const query = z.object({
  text: z.string({ error: 'text is required.' }).trim().min(2, { error: 'Type at least 2 characters.' }).max(100),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

const response = z.object({
  features: z.array(
    z.object({
      properties: z.object({
        formatted: z.string(),
        lat: z.number(),
        lon: z.number(),
        kind: z.enum(['zip', 'city']),
        country: z.string(),
      }),
    }),
  ),
});

/**
 * Address suggestions for the wizard's location field (spec section 5: from 2 characters, 5 results). Public like
 * the wizard's first step; the per-IP API limit applies.
 */
export async function geocodingRoutes(root: FastifyInstance, opts: { geocoder: Geocoder }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/geocoding/autocomplete/',
    {
      schema: {
        tags: ['geocoding'],
        summary: 'Place suggestions (US ZIP codes, world cities) with coordinates',
        querystring: query,
        response: { 200: response },
      },
    },
    async (request, reply) => {
      const places = await opts.geocoder.autocomplete(request.query.text, request.query.limit);
      reply.header('cache-control', 'public, max-age=3600');
      return { features: places.map((properties) => ({ properties })) };
    },
  );
}
