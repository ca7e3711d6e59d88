import { useSearchParams } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { CompareView } from '../features/matches/components/compare-view.tsx';

/** /donors/compare?ids=A,B,C (guarded): up to three matched donors side by side. */
export function DonorComparePage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <PageContainer size="xl">
      <CompareView referenceIds={ids} fromShortlist={params.get('from') === 'shortlist'} />
    </PageContainer>
  );
}
