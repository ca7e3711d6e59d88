import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_MSG,
  clinicAppointmentResponse,
  clinicAppointmentsQuery,
  clinicAppointmentsResponse,
  clinicCancelRequest,
  confirmAppointmentRequest,
  meetingLinkRequest,
  rescheduleAppointmentRequest,
} from '@kindred/shared/appointments.schemas';
import { forbidden } from '../../../lib/errors.ts';
import { currentUser, type AuthGuard } from '../../../plugins/auth-guard.ts';
import { appointmentIdParams as params } from '@kindred/shared/appointments.schemas';
import type { LifecycleService } from './lifecycle.service.ts';

/**
 * The clinic portal's appointment actions (ADR 021): staff (role clinic) see and change only their own clinic's
 * appointments; another clinic's is 404. Confirming a video visit needs its https meeting link.
 */
export async function clinicAppointmentsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; lifecycle: LifecycleService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { lifecycle } = opts;
  const security = [{ bearer: [] }];
  const tags = ['clinic'];
  const onRequest = opts.guard.requireRole('clinic');
  const response = { 200: clinicAppointmentResponse };

  /** The signed-in staff member's clinic; a clinic account not linked to one may do nothing. */
  async function clinicOf(request: FastifyRequest) {
    const clinic = await lifecycle.clinicOf(currentUser(request).id);
    if (!clinic) throw forbidden();
    return clinic;
  }

  app.get(
    '/api/v1/clinic/appointments/',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Your clinic's appointments between two of its local dates",
        querystring: clinicAppointmentsQuery,
        response: { 200: clinicAppointmentsResponse },
      },
    },
    async (request) => {
      const clinic = await clinicOf(request);
      const appointments = await lifecycle.clinicList(clinic, request.query.from, request.query.to);
      return { success: true as const, time_zone: clinic.time_zone, appointments };
    },
  );

  const action = <B>(
    path: string,
    summary: string,
    body: import('zod').ZodType<B> | undefined,
    run: (clinicId: string, id: string, body: B) => Promise<unknown>,
    message: string,
  ) =>
    app.post(
      `/api/v1/clinic/appointments/:id/${path}/`,
      { onRequest, schema: { tags, security, summary, params, ...(body ? { body } : {}), response } },
      async (request) => {
        const clinic = await clinicOf(request);
        const appointment = await run(clinic.id, request.params.id, request.body as B);
        return { success: true as const, message, appointment: appointment as never };
      },
    );

  action(
    'confirm',
    'Confirm a requested appointment (a video visit needs its meeting link)',
    confirmAppointmentRequest,
    (c, id, b) => lifecycle.clinicConfirm(c, id, b.meeting_link),
    APPOINTMENT_MSG.confirmed,
  );
  action(
    'meeting-link',
    "Set a video visit's meeting link (https)",
    meetingLinkRequest,
    (c, id, b) => lifecycle.clinicMeetingLink(c, id, b.meeting_link),
    APPOINTMENT_MSG.meetingLinkSaved,
  );
  action(
    'complete',
    'Mark a confirmed visit as completed (after its start)',
    undefined,
    (c, id) => lifecycle.clinicComplete(c, id),
    APPOINTMENT_MSG.completed,
  );
  action(
    'no-show',
    'Mark a confirmed visit as a no-show (after its start)',
    undefined,
    (c, id) => lifecycle.clinicNoShow(c, id),
    APPOINTMENT_MSG.noShow,
  );
  action(
    'cancel',
    'Cancel an appointment, with the reason the parent will see',
    clinicCancelRequest,
    (c, id, b) => lifecycle.clinicCancel(c, id, b.reason),
    APPOINTMENT_MSG.cancelled,
  );
  action(
    'reschedule',
    'Move an appointment to another free time',
    rescheduleAppointmentRequest,
    (c, id, b) => lifecycle.clinicReschedule(c, id, b),
    APPOINTMENT_MSG.rescheduled,
  );
}
