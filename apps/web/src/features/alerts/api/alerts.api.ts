import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertListResponse, CreateAlertRequest, UpdateAlertRequest } from '@kindred/shared/alerts.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const alertsKey = ['alerts'] as const;

const alertsOptions = () =>
  queryOptions({
    queryKey: alertsKey,
    queryFn: ({ signal }) => apiRequest<AlertListResponse>(apiPaths.alerts, { auth: true, signal }),
    select: (body) => body.alerts,
  });

/** GET alerts/ (bearer, parent): the parent's saved-search alerts, newest first. */
export const useAlerts = () => useQuery(alertsOptions());

/** POST alerts/: saves the preference set and the page's filters as an alert. */
export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertRequest) =>
      apiRequest<{ success: true; alert: Alert }>(apiPaths.alerts, { method: 'POST', body, auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: alertsKey }),
  });
}

/** PATCH alerts/:id/: pause, resume or rename. */
export function useUpdateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAlertRequest & { id: string }) =>
      apiRequest<{ success: true; alert: Alert }>(apiPaths.alert(id), { method: 'PATCH', body, auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: alertsKey }),
  });
}

/** DELETE alerts/:id/. */
export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ success: true }>(apiPaths.alert(id), { method: 'DELETE', auth: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: alertsKey }),
  });
}
