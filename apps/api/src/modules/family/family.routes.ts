import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  familyAcceptRequest,
  familyCompareQuery,
  familyCompareResponse,
  familyIdParam,
  familyInviteRequest,
  familyNoteRequest,
  familyOkResponse,
  familyRatingRequest,
  familyRevealedResponse,
  familyShareSetRequest,
  familyShortlistAddRequest,
  familyShortlistQuery,
  familyShortlistResponse,
  familyStateResponse,
  familyTokenRequest,
  invitePreviewResponse,
} from '@kindred/shared/family.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { FamilyService } from './family.service.ts';

/**
 * "Decide together" (issue 29, ADR 028): a parent's family with a partner. Every signed-in route is a parent's
 * (staff and clinic accounts get the guard's 403); only the invitation preview is public (rate-limited per IP, the
 * token in the body, never in a URL).
 */
export async function familyRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; family: FamilyService; limits: RateLimits },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['family'];
  const parent = opts.guard.requireRole('parent');
  const ok = { success: true as const };
  const userOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/api/v1/family/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Your family: your partner, your open invitation, the preference sets you may score with',
        response: { 200: familyStateResponse },
      },
    },
    async (request) => opts.family.state(userOf(request)),
  );

  app.post(
    '/api/v1/family/invites/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Invite a partner by e-mail (records your consent to link; replaces an open invitation)',
        body: familyInviteRequest,
        response: { 200: familyStateResponse },
      },
    },
    async (request) => {
      await opts.family.invite(userOf(request), request.body.email);
      return opts.family.state(userOf(request));
    },
  );

  app.delete(
    '/api/v1/family/invites/',
    {
      onRequest: parent,
      schema: { tags, security, summary: 'Withdraw your open invitation', response: { 200: familyStateResponse } },
    },
    async (request) => {
      await opts.family.cancelInvite(userOf(request));
      return opts.family.state(userOf(request));
    },
  );

  app.post(
    '/api/v1/family/invites/preview/',
    {
      onRequest: async (request) => opts.limits.consume('invitation_ip', request.ip),
      schema: {
        tags,
        summary: 'Who invited you (public; 400 for a junk, used or expired link)',
        body: familyTokenRequest,
        response: { 200: invitePreviewResponse },
      },
    },
    async (request) => opts.family.preview(request.body.token),
  );

  app.post(
    '/api/v1/family/invites/accept/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Accept an invitation with your consent: your accounts are linked as one family',
        body: familyAcceptRequest,
        response: { 200: familyStateResponse },
      },
    },
    async (request) => {
      await opts.family.accept(userOf(request), request.body.token);
      return opts.family.state(userOf(request));
    },
  );

  app.post(
    '/api/v1/family/leave/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Leave your family (unlinks both; nothing else is lost)',
        response: { 200: familyStateResponse },
      },
    },
    async (request) => {
      await opts.family.leave(userOf(request));
      return opts.family.state(userOf(request));
    },
  );

  app.post(
    '/api/v1/family/shared-sets/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Share one of your preference sets with your partner (with your health answers only if you say so)',
        body: familyShareSetRequest,
        response: { 200: familyStateResponse },
      },
    },
    async (request) =>
      opts.family.shareSet(userOf(request), request.body.preference_set_id, request.body.include_health_answers),
  );

  app.delete(
    '/api/v1/family/shared-sets/:id/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Stop sharing one of your preference sets',
        params: familyIdParam,
        response: { 200: familyStateResponse },
      },
    },
    async (request) => opts.family.unshareSet(userOf(request), request.params.id),
  );

  app.get(
    '/api/v1/family/revealed/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Donors revealed to you or your partner (each on their own plan)',
        response: { 200: familyRevealedResponse },
      },
    },
    async (request) => opts.family.revealed(userOf(request)),
  );

  app.get(
    '/api/v1/family/shortlist/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'The shared shortlist with both ratings and the notes you may read, scored against one set',
        querystring: familyShortlistQuery,
        response: { 200: familyShortlistResponse },
      },
    },
    async (request) => opts.family.shortlist(userOf(request), request.query),
  );

  app.post(
    '/api/v1/family/shortlist/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Add a donor revealed to your family to the shared shortlist',
        body: familyShortlistAddRequest,
        response: { 200: familyOkResponse },
      },
    },
    async (request) => {
      await opts.family.addToShortlist(userOf(request), request.body.donor_reference_id);
      return ok;
    },
  );

  app.delete(
    '/api/v1/family/shortlist/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Remove a donor from the shared shortlist (for both of you)',
        body: familyShortlistAddRequest,
        response: { 200: familyOkResponse },
      },
    },
    async (request) => {
      await opts.family.removeFromShortlist(userOf(request), request.body.donor_reference_id);
      return ok;
    },
  );

  app.get(
    '/api/v1/family/compare/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Up to four shortlisted donors side by side, with both ratings and notes',
        querystring: familyCompareQuery,
        response: { 200: familyCompareResponse },
      },
    },
    async (request) => opts.family.compare(userOf(request), request.query.ids, request.query.set_id),
  );

  app.put(
    '/api/v1/family/ratings/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Rate a shortlisted donor Yes, Maybe or No (null clears your rating)',
        body: familyRatingRequest,
        response: { 200: familyOkResponse },
      },
    },
    async (request) => {
      await opts.family.rate(userOf(request), request.body.donor_reference_id, request.body.rating);
      return ok;
    },
  );

  app.post(
    '/api/v1/family/notes/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Add a private or shared note to a shortlisted donor',
        body: familyNoteRequest,
        response: { 200: familyOkResponse },
      },
    },
    async (request) => {
      const b = request.body;
      await opts.family.addNote(userOf(request), b.donor_reference_id, b.body, b.shared);
      return ok;
    },
  );

  app.delete(
    '/api/v1/family/notes/:id/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Delete one of your notes',
        params: familyIdParam,
        response: { 200: familyOkResponse },
      },
    },
    async (request) => {
      await opts.family.deleteNote(userOf(request), request.params.id);
      return ok;
    },
  );
}
