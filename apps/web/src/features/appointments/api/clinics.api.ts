import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ClinicDetailDto,
  ClinicSearchQuery,
  ClinicSummaryDto,
  SlotDto,
} from '@kindred/shared/appointments.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Public clinic search, detail and availability (issue 14; no sign-in needed). */

function queryOf(q: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

export function useClinicSearch(query: ClinicSearchQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: ['clinics', 'search', query],
      enabled: query !== null,
      queryFn: async ({ signal }) =>
        (
          await apiRequest<{ clinics: ClinicSummaryDto[] }>(apiPaths.clinicSearch, {
            query: queryOf(query ?? {}),
            signal,
          })
        ).clinics,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useClinic(referenceId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['clinics', 'detail', referenceId],
      enabled: referenceId !== null,
      queryFn: async ({ signal }) =>
        (await apiRequest<{ clinic: ClinicDetailDto }>(apiPaths.clinic(referenceId ?? ''), { signal })).clinic,
    }),
  );
}

export type AvailabilityQuery = { visit_type: string; from: string; days: number; clinician?: string };
export const availabilityKey = (referenceId: string) => ['clinics', 'availability', referenceId] as const;

export function useAvailability(referenceId: string | null, query: AvailabilityQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: [...availabilityKey(referenceId ?? ''), query],
      enabled: referenceId !== null && query !== null,
      queryFn: async ({ signal }) =>
        (
          await apiRequest<{ time_zone: string; slots: SlotDto[] }>(apiPaths.clinicAvailability(referenceId ?? ''), {
            query: queryOf(query ?? {}),
            signal,
          })
        ).slots,
    }),
  );
}
