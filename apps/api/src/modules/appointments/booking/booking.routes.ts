import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_MSG,
  appointmentIdParams,
  bookAppointmentRequest,
  bookAppointmentResponse,
  heldTimeResponse,
  holdRequest,
  holdResponse,
  myAppointmentsResponse,
} from '@kindred/shared/appointments.schemas';
import { failureBody } from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../../plugins/auth-guard.ts';
import type { BookingService } from './booking.service.ts';

/** A parent's holds, bookings and appointments (ADR 021). Holds and bookings: parents only (403 for others). */
export async function bookingRoutes(root: FastifyInstance, opts: { guard: AuthGuard; booking: BookingService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['appointments'];
  const parent = opts.guard.requireRole('parent');

  app.post(
    '/api/v1/appointments/hold/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Hold a free time for 10 minutes while the booking form is filled',
        body: holdRequest,
        response: { 201: holdResponse, 409: failureBody },
      },
    },
    async (request, reply) => {
      const hold = await opts.booking.hold(currentUser(request).id, request.body);
      return reply.code(201).send({ success: true as const, ...hold });
    },
  );

  app.get(
    '/api/v1/appointments/hold/:id/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Your live hold: its time and until when it is held (a waitlist offer opens on it)',
        params: appointmentIdParams,
        response: { 200: heldTimeResponse, 404: failureBody, 409: failureBody },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await opts.booking.held(currentUser(request).id, request.params.id)),
    }),
  );

  app.delete(
    '/api/v1/appointments/hold/:id/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Let go of your hold (the booking was not made); a waitlist offer passes to the next parent',
        params: appointmentIdParams,
      },
    },
    async (request, reply) => {
      await opts.booking.release(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/appointments/create/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Book an appointment (from your hold when hold_id is given)',
        body: bookAppointmentRequest,
        response: { 201: bookAppointmentResponse, 409: failureBody },
      },
    },
    async (request, reply) => {
      const appointment = await opts.booking.book(currentUser(request).id, request.body);
      return reply.code(201).send({ success: true as const, message: APPOINTMENT_MSG.booked, appointment });
    },
  );

  app.get(
    '/api/v1/appointments/my-appointments/',
    {
      onRequest: opts.guard.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user’s appointments',
        security,
        response: { 200: myAppointmentsResponse },
      },
    },
    async (request) => ({ success: true as const, appointments: await opts.booking.mine(currentUser(request).id) }),
  );
}
