import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankDonorsQuery,
  bankDonorsResponse,
  overrideParams,
  overrideRequest,
  overrideResponse,
  overridesQuery,
  overridesResponse,
  portalVisitTypeParams as visitTypeParams,
  portalClinicResponse,
  scheduleResponse,
  sharedShortlistsResponse,
  visitTypeRequest,
  visitTypeResponse,
  visitTypesResponse,
  weeklyHoursRequest,
} from '@kindred/shared/clinic-portal.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { ClinicPortalService } from './portal.service.ts';

/**
 * The clinic portal's own API (issue 14): role 'clinic' on every route (403 for anyone else), and every answer
 * scoped to the account's clinic (another clinic's ids answer 404).
 */
export async function clinicPortalRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; portal: ClinicPortalService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { portal } = opts;
  const onRequest = opts.guard.requireRole('clinic');
  const security = [{ bearer: [] }];
  const tags = ['clinic portal'];
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/api/v1/clinic/',
    {
      onRequest,
      schema: { tags, security, summary: 'Your clinic: name, zone, banks', response: { 200: portalClinicResponse } },
    },
    async (request) => portal.clinic(me(request)),
  );

  app.get(
    '/api/v1/clinic/schedule/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Your clinicians' weekly hours (wall clock in the clinic's zone)",
        response: { 200: scheduleResponse },
      },
    },
    async (request) => portal.schedule(me(request)),
  );

  app.put(
    '/api/v1/clinic/schedule/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Replace one clinician's whole week (several intervals a day leave breaks)",
        body: weeklyHoursRequest,
        response: { 200: scheduleResponse },
      },
    },
    async (request) => portal.replaceWeek(me(request), request.body),
  );

  app.get(
    '/api/v1/clinic/overrides/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Date overrides (closed days, extra hours) from a date on (default: today in the clinic)',
        querystring: overridesQuery,
        response: { 200: overridesResponse },
      },
    },
    async (request) => portal.overrides(me(request), request.query.from),
  );

  app.post(
    '/api/v1/clinic/overrides/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Close a day or add extra hours for a clinician',
        body: overrideRequest,
        response: { 201: overrideResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await portal.addOverride(me(request), request.body)),
  );

  app.delete(
    '/api/v1/clinic/overrides/:id/',
    { onRequest, schema: { tags, security, summary: 'Remove a date override', params: overrideParams } },
    async (request, reply) => {
      await portal.deleteOverride(me(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/clinic/visit-types/',
    {
      onRequest,
      schema: { tags, security, summary: 'Your visit types', response: { 200: visitTypesResponse } },
    },
    async (request) => portal.visitTypes(me(request)),
  );

  app.post(
    '/api/v1/clinic/visit-types/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a visit type',
        body: visitTypeRequest,
        response: { 201: visitTypeResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await portal.addVisitType(me(request), request.body)),
  );

  app.put(
    '/api/v1/clinic/visit-types/:id/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a visit type (or switch it off with active: false)',
        params: visitTypeParams,
        body: visitTypeRequest,
        response: { 200: visitTypeResponse },
      },
    },
    async (request) => portal.updateVisitType(me(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/clinic/shortlists/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Shortlists parents chose to share with your clinic (donor references and scores; consent only)',
        response: { 200: sharedShortlistsResponse },
      },
    },
    async (request) => portal.shortlists(me(request)),
  );

  app.get(
    '/api/v1/clinic/donors/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Your banks' donors, read-only, newest change first",
        querystring: bankDonorsQuery,
        response: { 200: bankDonorsResponse },
      },
    },
    async (request) => portal.donors(me(request), request.query.page, request.query.page_size),
  );
}
