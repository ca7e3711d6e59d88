import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '../components/ui/page-container.tsx';
import { DeleteAccount } from '../features/account/components/delete-account.tsx';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal.tsx';
import { LogoutConfirmModal } from '../features/auth/components/logout-confirm-modal.tsx';
import { PasswordChangeNotice } from '../features/auth/components/password-change-notice.tsx';
import { useProfile } from '../features/profile/api/profile.api.ts';
import { AppointmentsTable } from '../features/profile/components/appointments-table.tsx';
import { CompleteProfileModal } from '../features/profile/components/complete-profile-modal.tsx';
import { useOpenSavedPreferences } from '../features/preferences/hooks/use-open-saved-preferences.ts';
import { WIZARD_STORAGE_KEYS } from '../features/preferences/model/draft.ts';
import { PaymentsTable } from '../features/profile/components/payments-table.tsx';
import { PersonalInfoCard } from '../features/profile/components/personal-info-card.tsx';
import { ProfileHeader } from '../features/profile/components/profile-header.tsx';
import { QuickActions } from '../features/profile/components/quick-actions.tsx';
import { YourData } from '../features/profile/components/your-data.tsx';
import { AlertsCard } from '../features/alerts/components/alerts-card.tsx';
import { PartnerPanel } from '../features/family/components/partner-panel.tsx';
import { NotificationPreferences } from '../features/notifications/components/notification-preferences.tsx';
import { OwnScreeningCard } from '../features/carrier-screening/components/own-screening-card.tsx';
import { MyFamilyReports } from '../features/family-ledger/components/my-family-reports.tsx';
import { MyMatchesLinks } from '../features/matches/components/my-matches-links.tsx';
import { CurrentPlanPanel } from '../features/subscriptions/components/current-plan-panel.tsx';
import { useEntitlement } from '../features/subscriptions/api/use-entitlement.ts';
import { errorMessage } from '../lib/api-error.ts';
import { paths } from '../lib/paths.ts';
import { clearAllExceptProfile } from '../lib/session.ts';

type Dialog = 'none' | 'changePassword' | 'logout';

/** /profile (spec section 2): composes the profile feature with the auth feature's account dialogs. */
export function ProfilePage() {
  const profile = useProfile();
  const user = profile.data;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fetching = useIsFetching() > 0;
  const [dialog, setDialog] = useState<Dialog>('none');
  const [completeDismissed, setCompleteDismissed] = useState(false);
  const savedPreferences = useOpenSavedPreferences();
  // Whether a plan entitles the parent: the API's own answer (a complimentary plan has no payment), issue 25.
  const entitlement = useEntitlement();

  const refresh = () => void queryClient.invalidateQueries();
  const completeNow = () => {
    // Unlike the spec, answers given in the wizard before signing up stay (README, ADR 007).
    clearAllExceptProfile(WIZARD_STORAGE_KEYS);
    void Promise.resolve(navigate(paths.profileSteps)).then(() => window.location.reload());
  };
  const actions = {
    onChangePassword: () => setDialog('changePassword'),
    onLogout: () => setDialog('logout'),
    onDonorList: () => void navigate(paths.donorMatches),
    onStepReview: savedPreferences.open,
  };

  return (
    <PageContainer>
      <Stack gap="lg">
        <ProfileHeader user={user} refreshing={fetching} onRefresh={refresh} {...actions} />
        {profile.error && !user && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="We could not load your profile">
            {errorMessage(profile.error, 'Please check your connection and try again.')}
            <div>
              <Button mt="sm" size="xs" variant="white" color="red" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        )}
        {/* A password set under the old rule still works; its owner is asked to choose a new one (issue 25). */}
        {user?.credential_change_recommended && <PasswordChangeNotice onChangePassword={actions.onChangePassword} />}
        <QuickActions
          hasSubscription={entitlement.active}
          onChangePassword={actions.onChangePassword}
          onUpgrade={() => void navigate(paths.subscription)}
          onUpdateDonorProfile={savedPreferences.open}
          onLogout={actions.onLogout}
        />
        {user && <PersonalInfoCard key={user.id} user={user} />}
        {/* Every donor a parent paid to reveal stays reachable from here, and so does the shortlist. */}
        {entitlement.active && <MyMatchesLinks />}
        {user?.role === 'parent' && <AlertsCard />}
        {/* Decide together (issue 29): a partner, the shared shortlist and shared sets. */}
        {user?.role === 'parent' && <PartnerPanel />}
        <CurrentPlanPanel linkToPlans />
        <AppointmentsTable />
        <PaymentsTable />
        {/* A parent's own carrier screen: staff accounts have none (the API refuses them, issue 25). */}
        {user?.role === 'parent' && <OwnScreeningCard />}
        {user?.role === 'parent' && <MyFamilyReports />}
        <NotificationPreferences />
        <YourData />
        <DeleteAccount />
      </Stack>
      <ChangePasswordModal opened={dialog === 'changePassword'} onClose={() => setDialog('none')} />
      <LogoutConfirmModal opened={dialog === 'logout'} onClose={() => setDialog('none')} />
      <CompleteProfileModal
        opened={dialog === 'none' && !completeDismissed && user?.subscription === false && !profile.isPlaceholderData}
        onClose={() => setCompleteDismissed(true)}
        onCompleteNow={completeNow}
      />
    </PageContainer>
  );
}
