import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { listFrom } from './list-shape.ts';

export type Appointment = {
  id?: string;
  appointment_id?: string;
  booking_date: string;
  reason_for_consultation: string;
  meeting_link?: string | null;
  status: string;
};

/** GET appointments/my-appointments/ (bearer). Failures other than 401 are logged and read as an empty list. */
export async function fetchMyAppointments(signal?: AbortSignal): Promise<Appointment[]> {
  const body = await apiRequest<unknown>(apiPaths.myAppointments, { auth: true, signal });
  return listFrom<Appointment>(body, 'appointments');
}

export function useMyAppointments() {
  return useQuery(
    queryOptions({ queryKey: ['appointments', 'mine'], queryFn: ({ signal }) => fetchMyAppointments(signal) }),
  );
}
