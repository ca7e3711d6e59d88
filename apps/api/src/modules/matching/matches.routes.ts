import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { DATA_RIGHTS_MSG } from '@kindred/shared/data-rights.schemas';
import type { ConsentService } from '../rights/consent.service.ts';
import {
  donorDetailResponseSchema,
  donorReferenceParamsSchema,
  findMatchesRequestSchema,
  findMatchesResponseSchema,
  revealedDonorsResponseSchema,
} from '@kindred/shared/matching.schemas';
import { jsonSerializerKeepingArray } from '../../lib/response-serializer.ts';
import type { Caller, MatchesService } from './matches.service.ts';

/** Ranked matches for a saved preference set, and the detail of a donor the parent was matched with. */
export async function matchesRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; matches: MatchesService; consents: ConsentService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['matching'];

  app.post(
    '/api/v1/donors/find-matches/',
    {
      // The token check and the entitlement share one read of the user's row. Matching is a parent's (issue 25).
      onRequest: opts.guard.authenticateLoading(opts.matches.loadCaller, 'parent'),
      // fast-json-stringify from the response schema, not zod's parse and JSON.stringify; a page asked again is
      // the same ranked page, whose JSON is kept with it (issue 26).
      serializerCompiler: ({ schema }) =>
        jsonSerializerKeepingArray(schema as unknown as typeof findMatchesResponseSchema, 'matches'),
      schema: {
        tags,
        security,
        body: findMatchesRequestSchema,
        response: { 200: findMatchesResponseSchema },
        summary:
          'Ranked donors for a preference profile, optionally filtered, sorted or (Premium) previewed without ' +
          'some hard filters; how many depends on the plan',
      },
    },
    async (request) => {
      const { profile_id: profileId, offset, sort, filters, relax, price_plan, price_currency } = request.body;
      // Matching stops when the parent withdraws consent to the use of their health data (ADR 019).
      await opts.consents.requireHealthData(currentUser(request).id, DATA_RIGHTS_MSG.healthConsentMissing);
      return opts.matches.findMatches(
        currentUser(request).id,
        profileId,
        { offset: offset ?? 0, sort, filters, relax, pricePlan: price_plan, priceCurrency: price_currency },
        request.authRow as Caller,
      );
    },
  );

  app.get(
    '/api/v1/donors/revealed/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags,
        security,
        summary: 'Every donor revealed to you under your current plan, newest first, as last shown',
        response: { 200: revealedDonorsResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await opts.matches.revealed(currentUser(request).id)) }),
  );

  app.get(
    '/api/v1/donors/:reference_id/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags,
        security,
        summary: 'A donor you were matched with: non-identifying profile and why they scored as they did',
        params: donorReferenceParamsSchema,
        response: { 200: donorDetailResponseSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      return { success: true as const, ...(await opts.matches.donorDetail(userId, request.params.reference_id)) };
    },
  );
}
