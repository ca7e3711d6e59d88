import { Outlet, ScrollRestoration } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { paths } from '../lib/paths.ts';
import { requestToaster } from './toaster-gate.ts';
import { MainLayout } from '../routes/layouts/main-layout.tsx';
import { PublicLayout } from '../routes/layouts/public-layout.tsx';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { RouteErrorScreen } from './error-boundary.tsx';

/** Signed-in and auth screens load on demand, keeping the first page small (and phone metadata off public pages). */
const lazyPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  // These pages use more of Mantine than the public set in main.tsx: its full stylesheet comes with them.
  lazy: async () => {
    requestToaster();
    const [Component] = await Promise.all([load(), import('../styles/mantine-all.ts')]);
    return { Component };
  },
});

/** Public pages: server-rendered, styled by the public Mantine set and their own CSS modules. */
const publicPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorScreen />,
    // Shown while the first page's lazy module loads.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <MainLayout />,
        children: [
          // Public pages: each its own chunk, rendered on the server (entry-server.tsx) and hydrated.
          publicPage(paths.home, async () => (await import('../features/home/components/home-page.tsx')).HomePage),
          publicPage(paths.about, async () => (await import('../features/about/components/about-page.tsx')).AboutPage),
          publicPage(paths.faqs, async () => (await import('../features/faq/components/faq-page.tsx')).FaqPage),
          publicPage(
            paths.blogs,
            async () => (await import('../features/blog/components/blog-list-page.tsx')).BlogListPage,
          ),
          publicPage(
            paths.blogArticle,
            async () => (await import('../features/blog/components/article-page.tsx')).ArticlePage,
          ),
          publicPage(paths.pricing, async () => (await import('../routes/pricing-page.route.tsx')).PricingWithMeta),
          lazyPage(
            paths.profileSteps,
            async () => (await import('../routes/profile-steps.route.tsx')).ProfileStepsPage,
          ),
          {
            element: <RequireAuth />,
            children: [
              lazyPage(paths.profile, async () => (await import('../routes/profile.route.tsx')).ProfilePage),
              lazyPage(paths.dashboard, async () => (await import('../routes/dashboard.route.tsx')).DashboardPage),
              lazyPage(
                paths.donorMatches,
                async () => (await import('../routes/donor-matches.route.tsx')).DonorMatchesPage,
              ),
              lazyPage(
                paths.donorFavourites,
                async () => (await import('../routes/donor-favourites.route.tsx')).DonorFavouritesPage,
              ),
              lazyPage(
                paths.donorCompare,
                async () => (await import('../routes/donor-compare.route.tsx')).DonorComparePage,
              ),
              lazyPage(
                paths.familyShortlist,
                async () => (await import('../routes/family.route.tsx')).FamilyShortlistPage,
              ),
              lazyPage(paths.familyAccept, async () => (await import('../routes/family.route.tsx')).FamilyAcceptPage),
              lazyPage(paths.familyCompare, async () => (await import('../routes/family.route.tsx')).FamilyComparePage),
              lazyPage(
                paths.donorDetail,
                async () => (await import('../routes/donor-detail.route.tsx')).DonorDetailPage,
              ),
              lazyPage(
                paths.subscription,
                async () => (await import('../routes/subscription.route.tsx')).SubscriptionPage,
              ),
              // The admin area: client-rendered only; the role is checked in the page and by every admin API call.
              lazyPage(
                paths.adminArticles,
                async () => (await import('../routes/admin-articles.route.tsx')).AdminArticlesPage,
              ),
              lazyPage(
                paths.adminArticleNew,
                async () => (await import('../routes/admin-article-edit.route.tsx')).AdminArticleNewPage,
              ),
              lazyPage(
                paths.adminArticleEdit,
                async () => (await import('../routes/admin-article-edit.route.tsx')).AdminArticleEditPage,
              ),
              lazyPage(paths.adminTeam, async () => (await import('../routes/admin-team.route.tsx')).AdminTeamPage),
              lazyPage(
                paths.adminClinics,
                async () => (await import('../routes/admin-clinics.route.tsx')).AdminClinicsPage,
              ),
              lazyPage(paths.adminUsers, async () => (await import('../routes/admin-users.route.tsx')).AdminUsersPage),
              lazyPage(paths.adminUser, async () => (await import('../routes/admin-users.route.tsx')).AdminUserPage),
              lazyPage(
                paths.adminDonors,
                async () => (await import('../routes/admin-donors.route.tsx')).AdminDonorsPage,
              ),
              lazyPage(
                paths.adminFamilyLedger,
                async () => (await import('../routes/admin-family-ledger.route.tsx')).AdminFamilyLedgerPage,
              ),
              lazyPage(paths.adminPlans, async () => (await import('../routes/admin-plans.route.tsx')).AdminPlansPage),
              lazyPage(paths.adminInbox, async () => (await import('../routes/admin-inbox.route.tsx')).AdminInboxPage),
              lazyPage(paths.adminAudit, async () => (await import('../routes/admin-audit.route.tsx')).AdminAuditPage),
              lazyPage(
                paths.notifications,
                async () => (await import('../routes/notifications.route.tsx')).NotificationsPage,
              ),
              // The clinic portal: client-rendered; the role is checked in the page and by every clinic API call.
              lazyPage(
                paths.clinicPortal,
                async () => (await import('../routes/clinic-portal.route.tsx')).ClinicPortalPage,
              ),
            ],
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('../routes/not-found.route.tsx')).NotFoundPage }),
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          publicPage(
            paths.fertilityResources,
            async () => (await import('../features/about/components/resources-page.tsx')).ResourcesPage,
          ),
          publicPage(
            paths.support,
            async () => (await import('../features/about/components/support-page.tsx')).SupportPage,
          ),
          publicPage(
            paths.findBlog,
            async () => (await import('../features/blog/components/article-page.tsx')).FindBlogPage,
          ),
          publicPage(
            paths.privacyPolicy,
            async () => (await import('../features/legal/components/privacy-page.tsx')).PrivacyPage,
          ),
          publicPage(
            paths.termsConditions,
            async () => (await import('../features/legal/components/terms-page.tsx')).TermsPage,
          ),
          lazyPage(
            paths.bookAppointment,
            async () => (await import('../routes/book-appointment.route.tsx')).BookAppointmentPage,
          ),
          lazyPage(
            paths.appointmentManage,
            async () => (await import('../routes/appointment-manage.route.tsx')).AppointmentManagePage,
          ),
          lazyPage(
            paths.notificationsUnsubscribe,
            async () => (await import('../routes/notifications.route.tsx')).NotificationsUnsubscribePage,
          ),
          lazyPage(
            paths.paymentSuccess,
            async () => (await import('../routes/payment-success.route.tsx')).PaymentSuccessPage,
          ),
        ],
      },
      {
        lazy: async () => ({ Component: (await import('../routes/layouts/auth-layout.tsx')).AuthLayout }),
        children: [
          lazyPage(paths.login, async () => (await import('../routes/login.route.tsx')).LoginPage),
          lazyPage(paths.register, async () => (await import('../routes/register.route.tsx')).RegisterPage),
          lazyPage(
            paths.forgetPassword,
            async () => (await import('../routes/forget-password.route.tsx')).ForgetPasswordPage,
          ),
          lazyPage(
            paths.otpVerification,
            async () => (await import('../routes/otp-verification.route.tsx')).OtpVerificationPage,
          ),
          lazyPage(paths.verifyEmail, async () => (await import('../routes/verify-email.route.tsx')).VerifyEmailPage),
          lazyPage(
            paths.createPassword,
            async () => (await import('../routes/create-password.route.tsx')).CreatePasswordPage,
          ),
          lazyPage(
            paths.accountRestore,
            async () => (await import('../features/account/components/restore-account-page.tsx')).RestoreAccountPage,
          ),
          lazyPage(
            paths.clinicInvitation,
            async () => (await import('../routes/clinic-invitation.route.tsx')).ClinicInvitationPage,
          ),
          lazyPage(
            paths.newPassword,
            async () => (await import('../routes/create-password.route.tsx')).CreatePasswordPage,
          ),
        ],
      },
      { path: paths.crash, lazy: async () => ({ Component: (await import('../routes/crash.route.tsx')).CrashPage }) },
    ],
  },
];
