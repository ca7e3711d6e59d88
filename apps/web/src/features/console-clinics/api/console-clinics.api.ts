import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VisitTypeRequest } from '@kindred/shared/clinic-portal.schemas';
import type {
  ClinicianRequest,
  ClinicRequest,
  consoleClinicResponse,
  CreateClinicRequest,
} from '@kindred/shared/console-clinics.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

type ClinicResponse = z.infer<typeof consoleClinicResponse>;

/** The clinics list (clinic accounts' ['admin', 'clinics']) is refreshed with every change made here. */
const listKey = ['admin', 'clinics'] as const;
const clinicKey = (ref: string) => ['admin', 'clinics', ref] as const;

/** GET admin/clinics/<ref>/ (admin): the clinic with its clinicians and visit types. */
export const useConsoleClinic = (ref: string | null) =>
  useQuery({
    queryKey: clinicKey(ref ?? ''),
    queryFn: ({ signal }) => apiRequest<ClinicResponse>(apiPaths.consoleClinic(ref!), { auth: true, signal }),
    enabled: ref !== null,
  });

type Change =
  | { kind: 'create'; body: CreateClinicRequest }
  | { kind: 'update'; ref: string; body: ClinicRequest }
  | { kind: 'banks'; ref: string; banks: string[] }
  | { kind: 'addClinician'; ref: string; body: ClinicianRequest }
  | { kind: 'updateClinician'; ref: string; id: string; body: ClinicianRequest }
  | { kind: 'addVisitType'; ref: string; body: VisitTypeRequest }
  | { kind: 'updateVisitType'; ref: string; id: string; body: VisitTypeRequest };

function request(c: Change): Promise<ClinicResponse> {
  const send = (path: string, method: 'POST' | 'PUT', body: unknown) =>
    apiRequest<ClinicResponse>(path, { method, body, auth: true });
  switch (c.kind) {
    case 'create':
      return send(apiPaths.consoleClinics, 'POST', c.body);
    case 'update':
      return send(apiPaths.consoleClinic(c.ref), 'PUT', c.body);
    case 'banks':
      return send(apiPaths.consoleClinicBanks(c.ref), 'PUT', { banks: c.banks });
    case 'addClinician':
      return send(apiPaths.consoleClinicians(c.ref), 'POST', c.body);
    case 'updateClinician':
      return send(apiPaths.consoleClinician(c.ref, c.id), 'PUT', c.body);
    case 'addVisitType':
      return send(apiPaths.consoleVisitTypes(c.ref), 'POST', c.body);
    case 'updateVisitType':
      return send(apiPaths.consoleVisitType(c.ref, c.id), 'PUT', c.body);
  }
}

/** Every console change to a clinic (admin; each audited by the server); the answer is the clinic as saved. */
export function useClinicChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (res) => {
      queryClient.setQueryData(clinicKey(res.clinic.reference_id), res);
      void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    },
  });
}

/** A visit type of clinic `ref` saved from the console (`id` null: added), for the shared visit types editor. */
export function useSaveConsoleVisitType(ref: string) {
  const change = useClinicChange();
  return {
    isPending: change.isPending,
    mutate: (
      { id, body }: { id: string | null; body: VisitTypeRequest },
      on: { onSuccess: (res: ClinicResponse) => void; onError: (error: Error) => void },
    ) => change.mutate(id ? { kind: 'updateVisitType', ref, id, body } : { kind: 'addVisitType', ref, body }, on),
  };
}
