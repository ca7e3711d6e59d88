import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DonorUpdateDto,
  DonorUpdateRequest,
  NotificationDto,
  NotificationKind,
  NotificationPreferences,
  NotificationPreferencesRequest,
  NotificationsPage,
  StaffDonorUpdateDto,
} from '@kindred/shared/notifications.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The notification centre's calls (issue 28, ADR 025). */

export type { DonorUpdateDto, NotificationDto, NotificationKind, StaffDonorUpdateDto };
export const notificationsKey = ['notifications'] as const;
export const unreadKey = ['notifications', 'unread'] as const;
const preferencesKey = ['notifications', 'preferences'] as const;

export function useUnreadCount(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: unreadKey,
      enabled,
      queryFn: async ({ signal }) =>
        (await apiRequest<{ unread: number }>(apiPaths.notificationsUnread, { auth: true, signal })).unread,
      // The socket pushes changes; this is the fallback when it is down.
      refetchInterval: 60_000,
    }),
  );
}

export type NotificationFilters = { kind: NotificationKind | ''; unread: boolean; page: number };

export function useNotifications(f: NotificationFilters) {
  const query: Record<string, string> = { page: String(f.page) };
  if (f.kind) query.kind = f.kind;
  if (f.unread) query.unread = 'true';
  return useQuery(
    queryOptions({
      queryKey: [...notificationsKey, 'list', query],
      queryFn: ({ signal }) => apiRequest<NotificationsPage>(apiPaths.notifications, { auth: true, signal, query }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Mutations refresh the list and the bell's count. */
function useNotificationMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export const useMarkRead = () =>
  useNotificationMutation((ids: string[]) =>
    apiRequest(apiPaths.notificationsRead, { method: 'POST', body: { ids }, auth: true }),
  );
export const useMarkAllRead = () =>
  useNotificationMutation(() => apiRequest(apiPaths.notificationsReadAll, { method: 'POST', auth: true }));
export const useAcknowledge = () =>
  useNotificationMutation((id: string) =>
    apiRequest(apiPaths.notificationAcknowledge(id), { method: 'POST', auth: true }),
  );

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({
      queryKey: preferencesKey,
      queryFn: ({ signal }) =>
        apiRequest<NotificationPreferences>(apiPaths.notificationPreferences, { auth: true, signal }),
    }),
  );
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesRequest) =>
      apiRequest<NotificationPreferences>(apiPaths.notificationPreferences, { method: 'PUT', body, auth: true }),
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, data),
  });
}

/** PUT notifications/time-zone/: the browser's zone, which the daily digest follows (07:00 there). */
export const reportTimeZone = (timeZone: string) =>
  apiRequest(apiPaths.notificationsTimeZone, { method: 'PUT', body: { time_zone: timeZone }, auth: true });

export type UnsubscribePreview = { kind: NotificationKind; delivery: string; label: string };
export const previewUnsubscribe = (token: string) =>
  apiRequest<UnsubscribePreview>(apiPaths.notificationsUnsubscribe, { query: { token } });
export const confirmUnsubscribe = (token: string) =>
  apiRequest<UnsubscribePreview & { message: string }>(apiPaths.notificationsUnsubscribe, {
    method: 'POST',
    query: { token },
  });

// ---- Donor updates ------------------------------------------------------------------------------------------

/** Updates about a donor the parent cares about (404, shown as none, when they do not). */
export function useDonorUpdates(referenceId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['donor-updates', referenceId],
      queryFn: async ({ signal }) =>
        (await apiRequest<{ updates: DonorUpdateDto[] }>(apiPaths.donorUpdates(referenceId), { auth: true, signal }))
          .updates,
      retry: false,
    }),
  );
}

export type StaffScope = 'admin' | 'clinic';
const staffPath = (scope: StaffScope, ref: string) =>
  scope === 'admin' ? apiPaths.consoleDonorUpdates(ref) : apiPaths.clinicDonorUpdates(ref);

export function useStaffDonorUpdates(scope: StaffScope, referenceId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['staff-donor-updates', scope, referenceId],
      enabled,
      queryFn: async ({ signal }) =>
        (
          await apiRequest<{ updates: StaffDonorUpdateDto[] }>(staffPath(scope, referenceId), {
            auth: true,
            signal,
          })
        ).updates,
    }),
  );
}

export function usePostDonorUpdate(scope: StaffScope, referenceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DonorUpdateRequest) =>
      apiRequest<{ message: string; update: StaffDonorUpdateDto }>(staffPath(scope, referenceId), {
        method: 'POST',
        body,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff-donor-updates', scope, referenceId] }),
  });
}
