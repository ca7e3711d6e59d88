import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileResponse, profileUpdateRequest, userDto, SERVER_MSG } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { findUserById, updateUserProfile } from '../auth/auth.repository.ts';
import { toUserDto } from '../auth/auth.service.ts';

type Opts = { db: Db; guard: AuthGuard; subscriptionOf: (id: string) => Promise<boolean> };

const appointmentDto = z.object({
  id: z.string(),
  appointment_id: z.string(),
  booking_date: z.string().nullable(),
  reason_for_consultation: z.string(),
  meeting_link: z.string().nullable(),
  status: z.string(),
  clinic: z.string().nullable(),
  created_at: z.string(),
});

/** The signed-in parent's own profile and appointments. */
export async function profileRoutes(root: FastifyInstance, opts: Opts) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/auth/profile/',
    {
      preHandler: opts.guard.authenticate,
      schema: { tags: ['profile'], summary: 'The signed-in user', security, response: { 200: profileResponse } },
    },
    async (request) => {
      const user = await findUserById(opts.db, currentUser(request).id);
      if (!user) throw unauthorized();
      return { success: true as const, user: await toUserDto(opts, user) };
    },
  );

  // The spec's client updates the profile through this admin-prefixed path; a parent may update only their own.
  app.put(
    '/api/v1/admin/parent/:id/update/',
    {
      preHandler: opts.guard.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Update a parent’s name and phone (self, or admin)',
        security,
        params: z.object({ id: z.uuid({ error: SERVER_MSG.notFound }) }),
        body: profileUpdateRequest,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), user: userDto }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.id !== request.params.id && me.role !== 'admin') throw forbidden();
      const user = await updateUserProfile(opts.db, request.params.id, request.body);
      if (!user) throw notFound();
      return { success: true as const, message: SERVER_MSG.profileUpdated, user: await toUserDto(opts, user) };
    },
  );

  app.get(
    '/api/v1/appointments/my-appointments/',
    {
      preHandler: opts.guard.authenticate,
      schema: {
        tags: ['appointments'],
        summary: 'The signed-in user’s appointments',
        security,
        response: { 200: z.object({ success: z.literal(true), appointments: z.array(appointmentDto) }) },
      },
    },
    async (request) => {
      const rows = await opts.db.query<{
        id: string;
        booking_date: Date | null;
        reason_for_consultation: string;
        meeting_link: string | null;
        status: string;
        clinic: string | null;
        created_at: Date;
      }>(
        'select id, booking_date, reason_for_consultation, meeting_link, status, clinic, created_at from appointments where user_id = $1 order by created_at desc limit 200',
        [currentUser(request).id],
      );
      return {
        success: true as const,
        appointments: rows.map((r) => ({
          ...r,
          appointment_id: r.id,
          booking_date: r.booking_date ? new Date(r.booking_date).toISOString() : null,
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );
}
