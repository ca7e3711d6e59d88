import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { setSessionExpiredHandler } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { CrashPage } from '../routes/crash.route.tsx';
import { HomePage } from '../routes/home.route.tsx';
import { AuthLayout } from '../routes/layouts/auth-layout.tsx';
import { MainLayout } from '../routes/layouts/main-layout.tsx';
import { PublicLayout } from '../routes/layouts/public-layout.tsx';
import { NotFoundPage } from '../routes/not-found.route.tsx';
import { PlaceholderPage } from '../routes/placeholder.route.tsx';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { RouteErrorScreen } from './error-boundary.tsx';

const placeholder = (path: string, title: string, description?: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} description={description} />,
});

/** Signed-in and auth screens load on demand, keeping the first page small (and phone metadata off public pages). */
const lazyPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
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
          { path: paths.home, element: <HomePage /> },
          placeholder(paths.about, 'About Us', 'Our mission: emotional care and AI matching, for every family.'),
          placeholder(paths.faqs, 'FAQs'),
          placeholder(paths.blogs, 'Blogs'),
          lazyPage(paths.pricing, async () => (await import('../routes/pricing.route.tsx')).PricingPage),
          placeholder(paths.profileSteps, 'Create Profile', 'Find the Perfect Match: the preference wizard is next.'),
          {
            element: <RequireAuth />,
            children: [
              lazyPage(paths.profile, async () => (await import('../routes/profile.route.tsx')).ProfilePage),
              lazyPage(paths.dashboard, async () => (await import('../routes/dashboard.route.tsx')).DashboardPage),
              placeholder(paths.donorMatches, 'Your Donor Matches'),
              lazyPage(paths.subscription, async () => (await import('../routes/subscription.route.tsx')).SubscriptionPage),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          placeholder(paths.fertilityResources, 'Fertility Resources'),
          placeholder(paths.support, 'Support'),
          placeholder(paths.findBlog, 'Blog'),
          placeholder(paths.privacyPolicy, 'Privacy Policy'),
          placeholder(paths.termsConditions, 'Terms and Conditions'),
          placeholder(paths.bookAppointment, 'BOOK APPOINMENT'),
          lazyPage(paths.paymentSuccess, async () => (await import('../routes/payment-success.route.tsx')).PaymentSuccessPage),
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          lazyPage(paths.login, async () => (await import('../routes/login.route.tsx')).LoginPage),
          lazyPage(paths.register, async () => (await import('../routes/register.route.tsx')).RegisterPage),
          lazyPage(paths.forgetPassword, async () => (await import('../routes/forget-password.route.tsx')).ForgetPasswordPage),
          lazyPage(paths.otpVerification, async () => (await import('../routes/otp-verification.route.tsx')).OtpVerificationPage),
          lazyPage(paths.createPassword, async () => (await import('../routes/create-password.route.tsx')).CreatePasswordPage),
          lazyPage(paths.newPassword, async () => (await import('../routes/create-password.route.tsx')).CreatePasswordPage),
        ],
      },
      { path: paths.crash, element: <CrashPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 on the profile, appointment or payment calls ends the session: go to sign-in without a page load.
setSessionExpiredHandler(() => void router.navigate(paths.login, { replace: true }));
