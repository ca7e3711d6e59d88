import { PageContainer } from '../components/ui/page-container.tsx';
import { PreferenceWizard } from '../features/preferences/components/preference-wizard.tsx';

/** /profile-steps: the preference wizard. Public for its first steps; it asks for sign-in itself. */
export function ProfileStepsPage() {
  return (
    <PageContainer size="md">
      <PreferenceWizard />
    </PageContainer>
  );
}
