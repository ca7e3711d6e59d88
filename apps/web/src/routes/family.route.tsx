import { useSearchParams } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { AcceptInviteView } from '../features/family/components/accept-invite-view.tsx';
import { FamilyCompareView } from '../features/family/components/family-compare-view.tsx';
import { FamilyShortlistView } from '../features/family/components/family-shortlist-view.tsx';

/** /family (guarded): the shortlist two linked partners share (issue 29). */
export function FamilyShortlistPage() {
  return (
    <PageContainer size="xl">
      <FamilyShortlistView />
    </PageContainer>
  );
}

/** /family/accept?token=… (guarded: signing in or up returns here): accept a partner's invitation. */
export function FamilyAcceptPage() {
  const [params] = useSearchParams();
  return (
    <PageContainer>
      <AcceptInviteView token={params.get('token') ?? ''} />
    </PageContainer>
  );
}

/** /family/compare?ids=A,B,C,D (guarded): up to four shortlisted donors with both ratings and notes. */
export function FamilyComparePage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <PageContainer size="xl">
      <FamilyCompareView referenceIds={ids} setId={params.get('set') ?? undefined} />
    </PageContainer>
  );
}
