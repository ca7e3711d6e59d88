import { useParams } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { DonorDetailView } from '../features/matches/components/donor-detail-view.tsx';

/** /donors/:referenceId (guarded): a donor the parent was matched with. */
export function DonorDetailPage() {
  const { referenceId = '' } = useParams();
  return (
    <PageContainer>
      <DonorDetailView key={referenceId} referenceId={referenceId} />
    </PageContainer>
  );
}
