import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPOINTMENT_MSG,
  appointmentIdParams,
  appointmentResponse,
  cancelAppointmentRequest,
  manageCancelRequest,
  manageQuery,
  manageRescheduleRequest,
  rateClinicRequest,
  rescheduleAppointmentRequest,
  waitlistClinicParams,
  waitlistRequest,
  waitlistResponse,
} from '@kindred/shared/appointments.schemas';
import { currentUser, type AuthGuard } from '../../../plugins/auth-guard.ts';
import type { LifecycleService } from './lifecycle.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';

/**
 * The parent's changes to their own appointments (cancel, reschedule, rate), the same by the signed link in the
 * mails (no sign-in), and the clinic waitlist (ADR 021). Another parent's appointment is 404.
 */
export async function lifecycleRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; lifecycle: LifecycleService; waitlist: WaitlistService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { lifecycle } = opts;
  const security = [{ bearer: [] }];
  const tags = ['appointments'];
  const parent = opts.guard.requireRole('parent');
  const ok = async (message: string, appointment: Promise<unknown>) => ({
    success: true as const,
    message,
    appointment: (await appointment) as z.infer<typeof appointmentResponse>['appointment'],
  });
  const response = { 200: appointmentResponse };

  app.post(
    '/api/v1/appointments/:id/cancel/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Cancel your appointment (before its notice window)',
        params: appointmentIdParams,
        body: cancelAppointmentRequest,
        response,
      },
    },
    async (request) =>
      ok(
        APPOINTMENT_MSG.cancelled,
        lifecycle.parentCancel(currentUser(request).id, request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/api/v1/appointments/:id/reschedule/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Move your appointment to another free time (the clinic confirms it again)',
        params: appointmentIdParams,
        body: rescheduleAppointmentRequest,
        response,
      },
    },
    async (request) =>
      ok(
        APPOINTMENT_MSG.rescheduled,
        lifecycle.parentReschedule(currentUser(request).id, request.params.id, request.body),
      ),
  );

  app.post(
    '/api/v1/appointments/:id/rating/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Rate the clinic after a completed visit (1 to 5 stars)',
        params: appointmentIdParams,
        body: rateClinicRequest,
        response,
      },
    },
    async (request) =>
      ok(APPOINTMENT_MSG.rated, lifecycle.rate(currentUser(request).id, request.params.id, request.body.stars)),
  );

  // The manage link's answers name a person and a visit, reached by a bearer token in the address: no cache may keep
  // them (issue 25); set before the handler, so a refusal carries it too.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
  };

  app.get(
    '/api/v1/appointments/manage/',
    {
      onRequest: noStore,
      schema: { tags, summary: 'The appointment a signed mail link names', querystring: manageQuery, response },
    },
    async (request) => ok(APPOINTMENT_MSG.appointmentDetails, lifecycle.manageGet(request.query.token)),
  );

  app.post(
    '/api/v1/appointments/manage/cancel/',
    {
      onRequest: noStore,
      schema: { tags, summary: 'Cancel by the signed mail link', body: manageCancelRequest, response },
    },
    async (request) => ok(APPOINTMENT_MSG.cancelled, lifecycle.manageCancel(request.body.token, request.body.reason)),
  );

  app.post(
    '/api/v1/appointments/manage/reschedule/',
    {
      onRequest: noStore,
      schema: { tags, summary: 'Move by the signed mail link', body: manageRescheduleRequest, response },
    },
    async (request) => {
      const { token, ...body } = request.body;
      const moved = await lifecycle.manageReschedule(token, body);
      return {
        ...(await ok(APPOINTMENT_MSG.rescheduled, Promise.resolve(moved.appointment))),
        manage_token: moved.manageToken,
      };
    },
  );

  app.post(
    '/api/v1/clinics/:reference_id/waitlist/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: "Wait for a freed time on a day at a clinic (the clinic's local date)",
        params: waitlistClinicParams,
        body: waitlistRequest,
        response: { 201: waitlistResponse },
      },
    },
    async (request, reply) => {
      await opts.waitlist.join(currentUser(request).id, request.params.reference_id, request.body);
      return reply.code(201).send({ success: true as const, message: APPOINTMENT_MSG.waitlisted });
    },
  );
}
