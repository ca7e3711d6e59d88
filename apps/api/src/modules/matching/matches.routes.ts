import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarSvg, type Donor } from '@kindred/matching';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { ageOn } from '@kindred/shared';
import {
  donorDetailResponseSchema,
  findMatchesRequestSchema,
  findMatchesResponseSchema,
  revealedDonorsResponseSchema,
  type PublicDonor,
} from '@kindred/shared/matching.schemas';
import { storedMatch, type MatchesService } from './matches.service.ts';

/**
 * What a parent may see of a donor they were matched with: no bank id, no internal name for anonymous donors,
 * no exact coordinates.
 */
export function publicDonorProfile(d: Donor, today: Date): PublicDonor {
  return {
    reference_id: d.reference_id,
    clinic_reference_id: d.clinic_reference_id,
    bank_name: d.bank_name,
    donor_type: d.donor_type,
    disclosure: d.disclosure,
    availability: d.availability,
    display_name: d.disclosure === 'ANON' ? null : d.display_name,
    is_fictional: d.is_fictional,
    age: ageOn(d.date_of_birth, today),
    height_in: d.height_in,
    weight_lb: d.weight_lb,
    race: d.race,
    ethnicity: d.ethnicity,
    hair_color: d.hair_color,
    eye_color: d.eye_color,
    blood_group: d.blood_group,
    location: d.location ? { city: d.location.city, state: d.location.state, country: d.location.country } : null,
    education: d.education,
    occupation: d.occupation,
    religion: d.religion,
    languages: d.languages,
    smoking: d.smoking,
    recreational_drugs: d.recreational_drugs,
    alcohol: d.alcohol,
    exercise: d.exercise,
    chronic_conditions: d.chronic_conditions,
    family_medical_history: d.family_medical_history,
    carrier_screening: d.carrier_screening,
    surrogate: d.surrogate,
    personality: d.personality,
    interests: d.interests,
    essay: d.essay,
    last_medical_update: d.last_medical_update,
    family_limit: d.family_limit,
    families_so_far: d.families_so_far,
    avatar_url: avatarSvg(d.avatar),
  };
}

/** Ranked matches for a saved preference set, and the detail of a donor the parent was matched with. */
export async function matchesRoutes(
  root: FastifyInstance,
  opts: {
    db: Db;
    clock: Clock;
    guard: AuthGuard;
    matches: MatchesService;
    donorByReference: (ref: string) => Promise<Donor | undefined>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['matching'];

  app.post(
    '/api/v1/donors/find-matches/',
    {
      preHandler: opts.guard.authenticate,
      schema: {
        tags,
        security,
        body: findMatchesRequestSchema,
        response: { 200: findMatchesResponseSchema },
        summary:
          'Ranked donors for a preference profile, optionally filtered, sorted or (Premium) previewed without some hard filters; how many depends on the plan',
      },
    },
    async (request) => {
      const { profile_id: profileId, offset, sort, filters, relax } = request.body;
      return opts.matches.findMatches(currentUser(request).id, profileId, {
        offset: offset ?? 0,
        sort,
        filters,
        relax,
      });
    },
  );

  app.get(
    '/api/v1/donors/revealed/',
    {
      preHandler: opts.guard.authenticate,
      schema: {
        tags,
        security,
        summary: 'Every donor revealed to you under your current plan, newest first, as last shown',
        response: { 200: revealedDonorsResponseSchema },
      },
    },
    async (request) => ({ success: true as const, donors: await opts.matches.revealed(currentUser(request).id) }),
  );

  app.get(
    '/api/v1/donors/:reference_id/',
    {
      preHandler: opts.guard.authenticate,
      schema: {
        tags,
        security,
        summary: 'A donor you were matched with: non-identifying profile and why they scored as they did',
        params: z.object({ reference_id: z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: 'Not found.' }) }),
        response: { 200: donorDetailResponseSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const rows = await opts.db.query<{ match: Record<string, unknown>; revealed_at: Date }>(
        `select r.match, r.revealed_at from revealed_donors r join donors d on d.id = r.donor_id
       where r.user_id = $1 and d.reference_id = $2 order by r.revealed_at desc limit 1`,
        [userId, request.params.reference_id],
      );
      const donor = rows[0] ? await opts.donorByReference(request.params.reference_id) : undefined;
      // Donors never shown to this parent are indistinguishable from donors that do not exist.
      if (!rows[0] || !donor) throw notFound('This donor was not found among your matches.');
      const match = storedMatch(rows[0].match, donor);
      return {
        success: true as const,
        donor: publicDonorProfile(donor, opts.clock.now()),
        match,
        matched_at: new Date(rows[0].revealed_at).toISOString(),
      };
    },
  );
}
