import { paths } from './paths.ts';

export type HeaderActions = { showSignIn: boolean; showDashboard: boolean };

/**
 * The main header's show/hide rules (spec section 2, "Main header"): Sign In shows off /profile when no token is
 * stored; Dashboard (to /profile) shows with a token anywhere except / and /profile.
 */
export function mainHeaderActions(pathname: string, hasToken: boolean): HeaderActions {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return {
    showSignIn: path !== paths.profile && !hasToken,
    showDashboard: hasToken && path !== paths.home && path !== paths.profile,
  };
}

export type MenuAction = { label: string; to: string; variant: 'filled' | 'outline' };

/** The mobile menu's buttons: signed in, one Login button to /dashboard; signed out, Login and Signup. */
export function mobileMenuActions(hasToken: boolean): MenuAction[] {
  if (hasToken) return [{ label: 'Login', to: paths.dashboard, variant: 'filled' }];
  return [
    { label: 'Login', to: paths.login, variant: 'outline' },
    { label: 'Signup', to: paths.register, variant: 'filled' },
  ];
}
