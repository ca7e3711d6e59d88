import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { relaxRequestSchema, relaxResponseSchema } from '@kindred/shared/matching.schemas';
import { preferenceSetParamsSchema } from '@kindred/shared/preferences.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { DATA_RIGHTS_MSG } from '@kindred/shared/data-rights.schemas';
import type { ConsentService } from '../rights/consent.service.ts';
import type { RelaxService } from './relax.service.ts';

const params = preferenceSetParamsSchema;

/** Keeping a relaxed preview: one or more hard filters relaxed in a saved preference set. */
export async function relaxRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; relax: RelaxService; consents: ConsentService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/fertility-profile/:id/relax/',
    {
      onRequest: opts.guard.requireRole('parent'),
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
    async (request) => {
      const userId = currentUser(request).id;
      // A changed set is a new use of health data: only while the parent consents (ADR 019).
      await opts.consents.requireHealthData(userId, DATA_RIGHTS_MSG.healthConsentMissing);
      return opts.relax.relax(userId, request.params.id, request.body.filters);
    },
  );
}
