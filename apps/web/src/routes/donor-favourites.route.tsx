import { PageContainer } from '../components/ui/page-container.tsx';
import { ShortlistView } from '../features/matches/components/shortlist-view.tsx';

/** /donor-matches/favourites (guarded): the parent's shortlist of starred donors with their latest scores. */
export function DonorFavouritesPage() {
  return (
    <PageContainer>
      <ShortlistView />
    </PageContainer>
  );
}
