import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppointmentDto,
  BookAppointmentRequest,
  HeldTime,
  HoldRequest,
  MyAppointmentsResponse,
  WaitlistRequest,
} from '@kindred/shared/appointments.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The parent's appointments: hold, book, list, cancel, reschedule, rate; and the signed manage link (issue 14). */

export const myAppointmentsKey = ['appointments', 'mine'] as const;
type AppointmentResponse = { message: string; appointment: AppointmentDto; manage_token?: string };

export async function fetchMyAppointments(signal?: AbortSignal): Promise<AppointmentDto[]> {
  return (await apiRequest<MyAppointmentsResponse>(apiPaths.myAppointments, { auth: true, signal })).appointments;
}

export function useMyAppointments() {
  return useQuery(queryOptions({ queryKey: myAppointmentsKey, queryFn: ({ signal }) => fetchMyAppointments(signal) }));
}

export function holdSlot(body: HoldRequest) {
  return apiRequest<{ hold_id: string; expires_at: string }>(apiPaths.appointmentHold, {
    method: 'POST',
    body,
    auth: true,
  });
}

/** The parent's own live hold (a waitlist offer): 409 once it has ended, 404 when it is not theirs. */
export function fetchHeld(holdId: string) {
  return apiRequest<HeldTime>(apiPaths.appointmentHoldRelease(holdId), { auth: true });
}

/** Releases a hold; failures are ignored (the hold runs out by itself). */
export async function releaseHold(holdId: string): Promise<void> {
  await apiRequest(apiPaths.appointmentHoldRelease(holdId), { method: 'DELETE', auth: true }).catch(() => undefined);
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookAppointmentRequest) =>
      apiRequest<AppointmentResponse>(apiPaths.createAppointment, { method: 'POST', body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appointments'] }),
  });
}

/** Cancel, reschedule or rate one of the parent's appointments; the list refreshes after. */
export function useChangeAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AppointmentChange) => {
      const [path, body] =
        change.kind === 'cancel'
          ? [apiPaths.appointmentCancel(change.id), { reason: change.reason || undefined }]
          : change.kind === 'reschedule'
            ? [
                apiPaths.appointmentReschedule(change.id),
                { starts_at: change.starts_at, clinician_id: change.clinician_id },
              ]
            : [apiPaths.appointmentRating(change.id), { stars: change.stars }];
      return apiRequest<AppointmentResponse>(path, { method: 'POST', body, auth: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myAppointmentsKey }),
  });
}

export type AppointmentChange =
  | { kind: 'cancel'; id: string; reason?: string }
  | { kind: 'reschedule'; id: string; starts_at: string; clinician_id?: string }
  | { kind: 'rate'; id: string; stars: number };

/** The signed link from the e-mail: no sign-in, the token is the key. */
export function useManagedAppointment(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['appointments', 'manage', token],
      enabled: token !== '',
      retry: false,
      queryFn: async ({ signal }) =>
        (await apiRequest<AppointmentResponse>(apiPaths.appointmentManage, { query: { token }, signal })).appointment,
    }),
  );
}

/** `onNewToken`: a move by the link ends it; the answer's replacement is the page's link from then on (issue 25). */
export function useManageChange(token: string, onNewToken?: (next: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: 'cancel'; reason?: string } | { kind: 'reschedule'; starts_at: string; clinician_id?: string },
    ) => {
      const { kind, ...rest } = change;
      const path = kind === 'cancel' ? apiPaths.appointmentManageCancel : apiPaths.appointmentManageReschedule;
      return apiRequest<AppointmentResponse>(path, { method: 'POST', body: { token, ...rest } });
    },
    onSuccess: (res) => {
      const next = res.manage_token ?? token;
      queryClient.setQueryData(['appointments', 'manage', next], res.appointment);
      if (next !== token) onNewToken?.(next);
    },
  });
}

/** Joins the clinic's waitlist for a day (the clinic's calendar): an offer comes by mail if a time opens up. */
export function useJoinWaitlist(clinic: string) {
  return useMutation({
    mutationFn: (body: WaitlistRequest) =>
      apiRequest<{ message: string }>(apiPaths.clinicWaitlist(clinic), { method: 'POST', body, auth: true }),
  });
}
