import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { geocodingQuerySchema, geocodingResponseSchema } from '@kindred/shared/geocoding.schemas';
import type { Geocoder } from './geocoding.service.ts';

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
        querystring: geocodingQuerySchema,
        response: { 200: geocodingResponseSchema },
      },
    },
    async (request, reply) => {
      const places = await opts.geocoder.autocomplete(request.query.text, request.query.limit);
      reply.header('cache-control', 'public, max-age=3600');
      return { features: places.map((properties) => ({ properties })) };
    },
  );
}
