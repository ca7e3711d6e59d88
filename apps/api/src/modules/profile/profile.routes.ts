import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  parentIdParams,
  profileResponse,
  profileUpdateRequest,
  profileUpdateResponse,
  SERVER_MSG,
} from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { jsonSerializerCompiler } from '../../lib/response-serializer.ts';
import type { ProfileRow, ProfileService } from './profile.service.ts';

type Opts = { guard: AuthGuard; profile: ProfileService };

/** The signed-in parent's own profile (appointments: modules/appointments). */
export async function profileRoutes(root: FastifyInstance, opts: Opts) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/auth/profile/',
    {
      // The token check and the profile share one read of the user's row.
      onRequest: opts.guard.authenticateLoading(opts.profile.loadMe),
      // fast-json-stringify from the response schema, not zod's parse and JSON.stringify (issue 26).
      serializerCompiler: jsonSerializerCompiler,
      schema: { tags: ['profile'], summary: 'The signed-in user', security, response: { 200: profileResponse } },
    },
    async (request) => {
      currentUser(request);
      return { success: true as const, user: await opts.profile.meFrom(request.authRow as ProfileRow) };
    },
  );

  // The spec's client updates the profile through this admin-prefixed path; a parent may update only their own.
  app.put(
    '/api/v1/admin/parent/:id/update/',
    {
      onRequest: opts.guard.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Update a parent’s name and phone (self, or admin)',
        security,
        params: parentIdParams,
        body: profileUpdateRequest,
        response: { 200: profileUpdateResponse },
      },
    },
    async (request) => {
      const user = await opts.profile.update(
        { ...currentUser(request), ip: request.ip },
        request.params.id,
        request.body,
      );
      return { success: true as const, message: SERVER_MSG.profileUpdated, user };
    },
  );
}
