import { PageContainer } from '../components/ui/page-container.tsx';
import { MatchesView } from '../features/matches/components/matches-view.tsx';

/** /donor-matches (guarded): ranked donors for the parent's latest preferences. */
export function DonorMatchesPage() {
  return (
    <PageContainer>
      <MatchesView />
    </PageContainer>
  );
}
