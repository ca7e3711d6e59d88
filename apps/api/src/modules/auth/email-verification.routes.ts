import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successMessageResponse, verifyEmailRequest } from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { AuthService } from './auth.service.ts';

/**
 * E-mail verification (beyond the spec, issue 13): the welcome mail's link opens /verify-email, whose page posts
 * the token here; a signed-in user whose address is unverified can ask for a new link.
 */
export async function emailVerificationRoutes(root: FastifyInstance, opts: { auth: AuthService; guard: AuthGuard }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/api/v1/auth/verify-email/',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail address with the token from the mailed link (once)',
        body: verifyEmailRequest,
        response: { 200: successMessageResponse },
      },
    },
    async (request) => opts.auth.verifyEmail(request.body.token),
  );

  app.post(
    '/api/v1/auth/verify-email/resend/',
    {
      onRequest: opts.guard.authenticate,
      schema: {
        tags,
        summary: 'Mail a new verification link to the signed-in user (3 per hour)',
        security: [{ bearer: [] }],
        response: { 200: successMessageResponse },
      },
    },
    async (request) => opts.auth.resendVerification(currentUser(request).id),
  );
}
