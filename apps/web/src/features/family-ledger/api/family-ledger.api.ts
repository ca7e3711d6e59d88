import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  clinicFamilyReportResponse,
  clinicFamilyReportsResponse,
  donorLinksResponse,
  familyBadgesResponse,
  familyReportResponse,
  familyReportsResponse,
  ledgerReportResponse,
  DonorLinkRequest,
  FamilyBadgeDto,
  FamilyReportCorrection,
  FamilyReportRequest,
} from '@kindred/shared/family-ledger.schemas';
import { MAX_BADGE_DONORS } from '@kindred/shared/family-ledger.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

/** API paths of the family ledger (issue 28; under /api/v1, trailing slashes as the server expects). */
export const ledgerApi = {
  reports: 'family-ledger/reports/',
  report: (id: string) => `family-ledger/reports/${encodeURIComponent(id)}/`,
  withdraw: (id: string) => `family-ledger/reports/${encodeURIComponent(id)}/withdraw/`,
  badges: 'family-ledger/badges/',
  clinicReports: 'clinic/family-reports/',
  confirm: (id: string) => `clinic/family-reports/${encodeURIComponent(id)}/confirm/`,
  limitsReport: 'admin/family-ledger/report/',
  links: (referenceId: string) => `admin/family-ledger/links/${encodeURIComponent(referenceId)}/`,
  link: 'admin/family-ledger/links/',
  unlink: 'admin/family-ledger/unlink/',
};

export const ledgerKeys = {
  all: ['family-ledger'] as const,
  badges: ['family-ledger', 'badge'] as const,
  badge: (referenceId: string) => ['family-ledger', 'badge', referenceId] as const,
  mine: ['family-ledger', 'mine'] as const,
  clinic: ['family-ledger', 'clinic'] as const,
  limits: (page: number) => ['family-ledger', 'limits', page] as const,
  links: (referenceId: string) => ['family-ledger', 'links', referenceId] as const,
};

// Badges are asked for one donor at a time (a card, the donor page) and fetched together: every donor asked for
// in the same tick goes in one request of at most MAX_BADGE_DONORS.
let pending = new Map<string, { resolve: (b: FamilyBadgeDto | null) => void; reject: (e: unknown) => void }[]>();
let scheduled = false;

async function flushBadges() {
  scheduled = false;
  const batch = pending;
  pending = new Map();
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += MAX_BADGE_DONORS) {
    const slice = ids.slice(i, i + MAX_BADGE_DONORS);
    try {
      const res = await apiRequest<z.infer<typeof familyBadgesResponse>>(ledgerApi.badges, {
        auth: true,
        query: { donors: slice.join(',') },
      });
      const byId = new Map(res.badges.map((b) => [b.donor_reference_id, b]));
      for (const id of slice) for (const w of batch.get(id) ?? []) w.resolve(byId.get(id) ?? null);
    } catch (err) {
      for (const id of slice) for (const w of batch.get(id) ?? []) w.reject(err);
    }
  }
}

function fetchBadge(referenceId: string): Promise<FamilyBadgeDto | null> {
  return new Promise((resolve, reject) => {
    pending.set(referenceId, [...(pending.get(referenceId) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flushBadges(), 0);
    }
  });
}

/** One donor's family badge (counts and limits with sources). */
export const useFamilyBadge = (referenceId: string) =>
  useQuery({
    queryKey: ledgerKeys.badge(referenceId),
    queryFn: () => fetchBadge(referenceId),
    staleTime: 30_000,
  });

export const useMyFamilyReports = () =>
  useQuery({
    queryKey: ledgerKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof familyReportsResponse>>(ledgerApi.reports, { auth: true, signal }),
  });

type ReportResponse = z.infer<typeof familyReportResponse>;

/** After any change: the parent's list and every badge are out of date. */
function useInvalidateLedger() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ledgerKeys.all });
}

export function useReportFamily() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: FamilyReportRequest) =>
      apiRequest<ReportResponse>(ledgerApi.reports, { method: 'POST', body, auth: true }),
    onSuccess: invalidate,
  });
}

export function useCorrectFamilyReport() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FamilyReportCorrection }) =>
      apiRequest<ReportResponse>(ledgerApi.report(id), { method: 'PUT', body, auth: true }),
    onSuccess: invalidate,
  });
}

export function useWithdrawFamilyReport() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ReportResponse>(ledgerApi.withdraw(id), { method: 'POST', auth: true }),
    onSuccess: invalidate,
  });
}

// The clinic portal ----------------------------------------------------------------------------------------------

export const useClinicFamilyReports = () =>
  useQuery({
    queryKey: ledgerKeys.clinic,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof clinicFamilyReportsResponse>>(ledgerApi.clinicReports, { auth: true, signal }),
  });

export function useConfirmFamilyReport() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<z.infer<typeof clinicFamilyReportResponse>>(ledgerApi.confirm(id), { method: 'POST', auth: true }),
    onSuccess: invalidate,
  });
}

// The console ----------------------------------------------------------------------------------------------------

export const useLimitsReport = (page: number) =>
  useQuery({
    queryKey: ledgerKeys.limits(page),
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof ledgerReportResponse>>(ledgerApi.limitsReport, {
        auth: true,
        signal,
        query: { page: String(page) },
      }),
    placeholderData: keepPreviousData,
  });

type LinksResponse = z.infer<typeof donorLinksResponse>;

export const useDonorLinks = (referenceId: string | null) =>
  useQuery({
    queryKey: ledgerKeys.links(referenceId ?? ''),
    enabled: referenceId !== null,
    retry: false,
    queryFn: ({ signal }) => apiRequest<LinksResponse>(ledgerApi.links(referenceId ?? ''), { auth: true, signal }),
  });

export function useLinkDonors() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: DonorLinkRequest) =>
      apiRequest<LinksResponse>(ledgerApi.link, { method: 'POST', body, auth: true }),
    onSuccess: invalidate,
  });
}

export function useUnlinkDonor() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: { reference_id: string; reason?: string }) =>
      apiRequest<LinksResponse>(ledgerApi.unlink, { method: 'POST', body, auth: true }),
    onSuccess: invalidate,
  });
}
