import { bookAppointmentRequest } from '@kindred/shared/appointments.schemas';
import type { UserDto } from '@kindred/shared';
import { z } from 'zod';

/** The consultation form of the booking modal: the spec's fields, checked by the server's own rules (ADR 012). */
export const bookingForm = bookAppointmentRequest
  .pick({ name: true, email: true, phone_number: true, reason_for_consultation: true })
  .extend({ share_shortlist: z.boolean() });
export type BookingFormValues = z.infer<typeof bookingForm> & { phone_number: string };

/** Prefilled from the signed-in parent's profile; `reason` is the donor's type or the visit's category. */
export function bookingFormFrom(user: UserDto | undefined, reason: string): BookingFormValues {
  return {
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    phone_number: user?.phone_number ?? '',
    reason_for_consultation: reason,
    share_shortlist: false,
  };
}
