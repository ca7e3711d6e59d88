import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  bankDonorsResponse,
  overrideResponse,
  overridesResponse,
  portalClinicResponse,
  scheduleResponse,
  sharedShortlistsResponse,
  visitTypeResponse,
  visitTypesResponse,
  OverrideRequest,
  VisitTypeRequest,
  WeeklyHoursRequest,
} from '@kindred/shared/clinic-portal.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { clinicApi } from '../lib/clinic-paths.ts';

/** The clinic portal's own API (role clinic; every answer is of the signed-in account's clinic). */

export const clinicKeys = {
  all: ['clinic'] as const,
  clinic: ['clinic', 'me'] as const,
  schedule: ['clinic', 'schedule'] as const,
  overrides: ['clinic', 'overrides'] as const,
  visitTypes: ['clinic', 'visit-types'] as const,
  shortlists: ['clinic', 'shortlists'] as const,
  donors: (page: number) => ['clinic', 'donors', page] as const,
  appointments: (from: string, to: string) => ['clinic', 'appointments', from, to] as const,
};

const get = <T>(path: string, signal?: AbortSignal, query?: Record<string, string>) =>
  apiRequest<T>(path, { auth: true, signal, query });

export const usePortalClinic = () =>
  useQuery({
    queryKey: clinicKeys.clinic,
    queryFn: ({ signal }) => get<z.infer<typeof portalClinicResponse>>(clinicApi.clinic, signal),
  });

export const useSchedule = () =>
  useQuery({
    queryKey: clinicKeys.schedule,
    queryFn: ({ signal }) => get<z.infer<typeof scheduleResponse>>(clinicApi.schedule, signal),
  });

export const useOverrides = () =>
  useQuery({
    queryKey: clinicKeys.overrides,
    queryFn: ({ signal }) => get<z.infer<typeof overridesResponse>>(clinicApi.overrides, signal),
  });

export const useVisitTypes = () =>
  useQuery({
    queryKey: clinicKeys.visitTypes,
    queryFn: ({ signal }) => get<z.infer<typeof visitTypesResponse>>(clinicApi.visitTypes, signal),
  });

export const useSharedShortlists = () =>
  useQuery({
    queryKey: clinicKeys.shortlists,
    queryFn: ({ signal }) => get<z.infer<typeof sharedShortlistsResponse>>(clinicApi.shortlists, signal),
  });

export const useBankDonors = (page: number) =>
  useQuery({
    queryKey: clinicKeys.donors(page),
    queryFn: ({ signal }) => get<z.infer<typeof bankDonorsResponse>>(clinicApi.donors, signal, { page: String(page) }),
    placeholderData: keepPreviousData,
  });

/** A mutation that refreshes `key` (and what depends on it) once it succeeded. */
function useClinicMutation<B, R>(fn: (body: B) => Promise<R>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useSaveWeek = () =>
  useClinicMutation(
    (body: WeeklyHoursRequest) =>
      apiRequest<z.infer<typeof scheduleResponse>>(clinicApi.schedule, { method: 'PUT', body, auth: true }),
    clinicKeys.schedule,
  );

export const useAddOverride = () =>
  useClinicMutation(
    (body: OverrideRequest) =>
      apiRequest<z.infer<typeof overrideResponse>>(clinicApi.overrides, { method: 'POST', body, auth: true }),
    clinicKeys.overrides,
  );

export const useDeleteOverride = () =>
  useClinicMutation(
    (id: string) => apiRequest<void>(clinicApi.override(id), { method: 'DELETE', auth: true }),
    clinicKeys.overrides,
  );

export const useSaveVisitType = () =>
  useClinicMutation(
    ({ id, body }: { id: string | null; body: VisitTypeRequest }) =>
      apiRequest<z.infer<typeof visitTypeResponse>>(id ? clinicApi.visitType(id) : clinicApi.visitTypes, {
        method: id ? 'PUT' : 'POST',
        body,
        auth: true,
      }),
    clinicKeys.visitTypes,
  );
