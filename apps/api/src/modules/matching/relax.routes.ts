import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relaxRequestSchema, relaxResponseSchema } from '@kindred/shared/matching.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { PREFERENCE_SET_NOT_FOUND } from './preferences.service.ts';
import type { RelaxService } from './relax.service.ts';

const params = z.object({ id: z.uuid({ error: PREFERENCE_SET_NOT_FOUND }) });

/** Keeping a relaxed preview: one or more hard filters relaxed in a saved preference set. */
export async function relaxRoutes(root: FastifyInstance, opts: { guard: AuthGuard; relax: RelaxService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/fertility-profile/:id/relax/',
    {
      onRequest: opts.guard.authenticate,
      schema: {
        tags: ['preferences'],
        security: [{ bearer: [] }],
        params,
        body: relaxRequestSchema,
        response: { 200: relaxResponseSchema },
        summary:
          'Relax hard filters in a saved preference set (keeping a "re-run without it" preview); ' +
          'answers the set as it was, for undo',
      },
    },
    async (request) => opts.relax.relax(currentUser(request).id, request.params.id, request.body.filters),
  );
}
