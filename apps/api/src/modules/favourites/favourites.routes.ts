import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { favouriteRequestSchema, favouritesResponseSchema as listResponse } from '@kindred/shared/matching.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { FavouritesService } from './favourites.service.ts';

const body = favouriteRequestSchema;

/**
 * A parent's favourite donors (the shortlist), kept on the account, each with its latest score. Only donors
 * already shown to the parent can be starred; any other reference answers 404 exactly like one that does not
 * exist.
 */
export async function favouritesRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; favourites: FavouritesService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['matching'];
  const list = async (userId: string) => ({
    success: true as const,
    ...(await opts.favourites.listWithEstimates(userId)),
  });

  app.get(
    '/api/v1/donors/favourites/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags,
        security,
        summary:
          "Your favourite donors, each re-scored against your current preferences, with each donor's all-in " +
          "estimate for its type's default plan",
        response: { 200: listResponse },
      },
    },
    async (request) => list(currentUser(request).id),
  );

  app.post(
    '/api/v1/donors/favourites/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: { tags, security, summary: 'Star a donor you were matched with', body, response: { 200: listResponse } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await opts.favourites.add(userId, request.body.donor_reference_id);
      return list(userId);
    },
  );

  app.delete(
    '/api/v1/donors/favourites/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: { tags, security, summary: 'Unstar a donor', body, response: { 200: listResponse } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await opts.favourites.remove(userId, request.body.donor_reference_id);
      return list(userId);
    },
  );
}
