import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PARENT_SCREEN_MSG, parentScreenRequest, parentScreenResponse } from '@kindred/shared/parent-screen.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { ParentScreenService } from './parent-screen.service.ts';

/** The parent's own carrier screening (issue 24): read, save (health-data consent required), remove. */
export async function parentScreenRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; parentScreens: ParentScreenService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['carrier screening'];
  // A parent's own screen: staff accounts have none and get the guard's 403 (issue 25, parent routes).
  const onRequest = opts.guard.requireRole('parent');

  for (const url of ['/api/v1/profile/carrier-screening/', '/api/v1/profile/carrier-screening']) {
    app.get(
      url,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Your own carrier screening (null when you have not entered one)',
          response: { 200: parentScreenResponse },
        },
      },
      async (request) => ({ success: true as const, ...(await opts.parentScreens.get(currentUser(request).id)) }),
    );
    app.put(
      url,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: "Save your own carrier screening: the panel (or 'unknown') and the genes where you carry something",
          body: parentScreenRequest,
          response: { 200: parentScreenResponse },
        },
      },
      async (request) => ({
        success: true as const,
        message: PARENT_SCREEN_MSG.saved,
        ...(await opts.parentScreens.save(currentUser(request).id, request.body)),
      }),
    );
    app.delete(
      url,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Remove your own carrier screening',
          response: { 200: parentScreenResponse },
        },
      },
      async (request) => ({
        success: true as const,
        message: PARENT_SCREEN_MSG.removed,
        ...(await opts.parentScreens.remove(currentUser(request).id)),
      }),
    );
  }
}
