import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentKind, ConsentState, DataExportDto } from '@kindred/shared/data-rights.schemas';
import { apiRequest, refreshAccessToken } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { getToken } from '../../../lib/session.ts';

/** Consents and data exports of the signed-in parent (ADR 019). */

export type { ConsentState, DataExportDto };
export const consentsKey = ['profile', 'consents'] as const;
const exportsKey = ['profile', 'exports'] as const;

export type ConsentChange = { kind: ConsentKind; scope?: string; granted: boolean; source: 'wizard' | 'profile' };

export function useConsents(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: consentsKey,
      enabled,
      queryFn: async ({ signal }) =>
        (await apiRequest<{ consents: ConsentState[] }>(apiPaths.consents, { auth: true, signal })).consents,
    }),
  );
}

/** POST profile/consents/: one grant or withdrawal, appended to the consent log. */
export async function changeConsent(change: ConsentChange): Promise<ConsentState[]> {
  return (
    await apiRequest<{ consents: ConsentState[] }>(apiPaths.consents, { method: 'POST', body: change, auth: true })
  ).consents;
}

export function useChangeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConsent,
    onSuccess: (consents) => queryClient.setQueryData(consentsKey, consents),
  });
}

/** The parent's recent exports; polled every 3 s while one is being prepared. */
export function useDataExports() {
  return useQuery(
    queryOptions({
      queryKey: exportsKey,
      queryFn: async ({ signal }) =>
        (await apiRequest<{ exports: DataExportDto[] }>(apiPaths.dataExports, { auth: true, signal })).exports,
      refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'preparing') ? 3000 : false),
    }),
  );
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; export: DataExportDto }>(apiPaths.dataExports, { method: 'POST', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKey }),
  });
}

/**
 * Downloads an export file with the session's bearer token (the link alone opens nothing) and saves it under
 * `filename`; a stale access token is renewed once.
 */
export async function downloadExport(url: string, filename: string): Promise<void> {
  const get = () => fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` }, credentials: 'include' });
  let res = await get();
  if (res.status === 401 && (await refreshAccessToken())) res = await get();
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, body);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
