import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityQuery,
  availabilityResponse,
  clinicDetailResponse,
  clinicDirectoryParams,
  clinicSearchQuery,
  clinicSearchResponse,
} from '@kindred/shared/appointments.schemas';
import type { ClinicsService } from './directory.service.ts';

const params = clinicDirectoryParams;

/** Public: find clinics with their next free times, one clinic, and its free slots (ADR 021). */
export async function clinicsRoutes(root: FastifyInstance, opts: { clinics: ClinicsService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  app.get(
    '/api/v1/clinics/search/',
    {
      schema: {
        tags,
        summary: 'Clinics by category, mode and distance, each with its next free times',
        querystring: clinicSearchQuery,
        response: { 200: clinicSearchResponse },
      },
    },
    async (request) => ({ success: true as const, clinics: await opts.clinics.search(request.query) }),
  );

  app.get(
    '/api/v1/clinics/:reference_id/',
    {
      schema: {
        tags,
        summary: 'A clinic with its clinicians, visit types and next free times',
        params,
        response: { 200: clinicDetailResponse },
      },
    },
    async (request) => ({ success: true as const, clinic: await opts.clinics.detail(request.params.reference_id) }),
  );

  app.get(
    '/api/v1/clinics/:reference_id/availability/',
    {
      schema: {
        tags,
        summary: 'Free times of a visit type (instants in UTC; time_zone is the clinic’s)',
        params,
        querystring: availabilityQuery,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await opts.clinics.availability(request.params.reference_id, request.query)),
    }),
  );
}
