import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentDto, SlotDto } from '@kindred/shared/appointments.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { clinicApi, type AppointmentAction } from '../lib/clinic-paths.ts';
import { clinicKeys } from './clinic-portal.api.ts';

/** An appointment as the clinic sees it: the parent's contact details of the booking added (h-lifecycle's DTO). */
export type ClinicAppointment = AppointmentDto & {
  name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  visit_type_id?: string | null;
  clinician_id?: string | null;
};
type ListResponse = { success: true; time_zone: string; appointments: ClinicAppointment[] };

/** GET clinic/appointments/?from&to (h-lifecycle's route): the clinic's appointments between two local dates. */
export const useClinicAppointments = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: clinicKeys.appointments(from, to),
    queryFn: ({ signal }) =>
      apiRequest<ListResponse>(clinicApi.appointments, { auth: true, signal, query: { from, to } }),
    enabled,
  });

/** POST clinic/appointments/<id>/<action>/: confirm, meeting-link, complete, no-show, cancel, reschedule. */
export function useAppointmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: AppointmentAction; body?: Record<string, unknown> }) =>
      apiRequest<{ success: true; message: string; appointment: ClinicAppointment }>(
        clinicApi.appointmentAction(id, action),
        { method: 'POST', body: body ?? {}, auth: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clinic', 'appointments'] }),
  });
}

/** GET clinics/<ref>/availability/ (h-booking's public route): free times for a visit type. */
export const useAvailability = (referenceId: string | null, visitTypeId: string | null, from: string) =>
  useQuery({
    queryKey: ['clinic', 'availability', referenceId, visitTypeId, from],
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; time_zone: string; slots: SlotDto[] }>(clinicApi.availability(referenceId!), {
        signal,
        query: { visit_type: visitTypeId!, from, days: '14' },
      }),
    enabled: Boolean(referenceId && visitTypeId),
  });
