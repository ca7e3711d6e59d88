import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPageResponse } from '@kindred/shared/console-audit.schemas';
import { ApiError } from '../../../lib/api-error.ts';
import { apiRequest, buildUrl, refreshAccessToken } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { getToken } from '../../../lib/session.ts';

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (query: Record<string, string>, before: string | null) => ['admin', 'audit', query, before] as const,
};

/** GET admin/audit/ (admin): one page of the log, newest first; `before` continues after a page's last row. */
export function fetchAuditPage(
  query: Record<string, string>,
  before: string | null,
  signal?: AbortSignal,
): Promise<AuditPageResponse> {
  return apiRequest<AuditPageResponse>(apiPaths.adminAudit, {
    auth: true,
    signal,
    query: before ? { ...query, before } : query,
  });
}

export const auditPageQueryOptions = (query: Record<string, string>, before: string | null) =>
  queryOptions({
    queryKey: auditKeys.page(query, before),
    queryFn: ({ signal }) => fetchAuditPage(query, before, signal),
    // The page on screen stays while the next one loads (no jump to a skeleton between pages).
    placeholderData: keepPreviousData,
  });

export function useAuditPage(query: Record<string, string>, before: string | null) {
  return useQuery(auditPageQueryOptions(query, before));
}

/**
 * Downloads the CSV export of the filtered log with the session's bearer token (a plain link would carry none) and
 * saves it under the server's file name; a stale access token is renewed once.
 */
export async function downloadAuditCsv(query: Record<string, string>): Promise<void> {
  const url = buildUrl(apiPaths.adminAuditExport, query);
  const get = () => fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` }, credentials: 'include' });
  let res = await get();
  if (res.status === 401 && (await refreshAccessToken())) res = await get();
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'kindred-audit.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
