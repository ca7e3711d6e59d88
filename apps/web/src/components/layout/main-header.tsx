import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation } from 'react-router';
import { mainHeaderActions } from '../../lib/header-visibility.ts';
import { paths } from '../../lib/paths.ts';
import { readProfileData, subscribeSession } from '../../lib/session.ts';
import { useHasToken, useIsLive } from '../../lib/use-session.ts';
import { Logo } from '../ui/logo.tsx';
import classes from './layout.module.css';
import { LinkButton } from '../ui/link-button.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';

const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

const LINKS = [
  { label: 'About Us', to: paths.about },
  { label: 'FAQs', to: paths.faqs },
  { label: 'Fertility Resources', to: paths.fertilityResources },
] as const;

/**
 * The signed-in user's role, from the user stored at sign-in. It only decides which links show (Admin for admins,
 * Clinic portal instead of Dashboard for clinic staff): the pages and the API check the role themselves. Signed
 * out on the server and while hydrating.
 */
function useRole(hasToken: boolean): string | null {
  return useSyncExternalStore(
    subscribeSession,
    () => (hasToken ? (readProfileData()?.role ?? null) : null),
    () => null,
  );
}

const signIn = <LinkButton to={paths.login}>Sign In</LinkButton>;
const dashboard = (
  <LinkButton to={paths.profile} variant="light">
    Dashboard
  </LinkButton>
);

/**
 * Sign In or Dashboard. The server cannot know whether this browser holds a token (it is in localStorage), so the
 * server-rendered page carries both, each marked with the session it is for, in one grid cell; boot.ts marks <html>
 * with `data-session` before the app starts and the stylesheet shows the right one. A signed-in reader never sees
 * 'Sign In' flash while the page loads. Once the app is live it renders just the one that applies.
 */
function SessionActions({ pathname, hasToken, isClinic }: { pathname: string; hasToken: boolean; isClinic: boolean }) {
  const live = useIsLive();
  if (live) {
    const { showSignIn, showDashboard } = mainHeaderActions(pathname, hasToken);
    return (
      <>
        {showSignIn && signIn}
        {showDashboard && !isClinic && dashboard}
      </>
    );
  }
  const signedOut = mainHeaderActions(pathname, false).showSignIn;
  const signedIn = mainHeaderActions(pathname, true).showDashboard;
  if (!signedOut && !signedIn) return null;
  return (
    <span className={classes.sessionSlot}>
      {signedOut && <span data-for-session="out">{signIn}</span>}
      {signedIn && <span data-for-session="in">{dashboard}</span>}
    </span>
  );
}

/** The main header (spec section 2): links, Sign In / Dashboard by the exact rules, hamburger below 600 px. */
export function MainHeader() {
  const { pathname } = useLocation();
  const hasToken = useHasToken();
  const role = useRole(hasToken);
  // Staff (support and admin) get the operator console's link; each page checks the role again (ADR 022).
  const isAdmin = role === 'admin' || role === 'support';
  const isClinic = role === 'clinic';
  const [opened, { toggle, close }] = useDisclosure(false);
  const live = useIsLive();

  // The drawer's code is fetched the first time the menu opens, and kept mounted after that for its close animation.
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (opened && !menuLoaded) setMenuLoaded(true);

  useEffect(close, [pathname, close]);

  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Logo />
        <nav aria-label="Main" className={classes.nav}>
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.navLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* The bell (issue 28): only in the live app, signed in (the server cannot know the session). */}
        {live && hasToken && (role === 'parent' || isClinic) && (
          <div className={classes.bellSlot}>
            <NotificationBell />
          </div>
        )}
        <div className={classes.actions}>
          {isAdmin && (
            <LinkButton to={paths.adminUsers} variant="subtle">
              Admin
            </LinkButton>
          )}
          {isClinic && (
            <LinkButton to={paths.clinicPortal} variant="light">
              Clinic portal
            </LinkButton>
          )}
          <SessionActions pathname={pathname} hasToken={hasToken} isClinic={isClinic} />
        </div>
        <Burger
          className={classes.burger}
          opened={opened}
          onClick={toggle}
          aria-label={opened ? 'Close menu' : 'Open menu'}
          aria-expanded={opened}
          aria-controls={opened ? 'mobile-menu' : undefined}
        />
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            links={LINKS}
            hasToken={hasToken}
            isAdmin={isAdmin}
            isClinic={isClinic}
          />
        </Suspense>
      )}
    </header>
  );
}
