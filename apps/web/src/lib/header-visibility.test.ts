import { describe, expect, it } from 'vitest';
import { mainHeaderActions, mobileMenuActions } from './header-visibility.ts';

describe('mainHeaderActions (spec section 2, Main header)', () => {
  it('shows Sign In without a token anywhere but /profile', () => {
    expect(mainHeaderActions('/', false)).toEqual({ showSignIn: true, showDashboard: false });
    expect(mainHeaderActions('/faqs', false)).toEqual({ showSignIn: true, showDashboard: false });
    expect(mainHeaderActions('/profile', false)).toEqual({ showSignIn: false, showDashboard: false });
  });

  it('shows Dashboard with a token except on / and /profile', () => {
    expect(mainHeaderActions('/about', true)).toEqual({ showSignIn: false, showDashboard: true });
    expect(mainHeaderActions('/', true)).toEqual({ showSignIn: false, showDashboard: false });
    expect(mainHeaderActions('/profile', true)).toEqual({ showSignIn: false, showDashboard: false });
  });

  it('treats a trailing slash as the same page', () => {
    expect(mainHeaderActions('/profile/', true).showDashboard).toBe(false);
  });
});

describe('mobileMenuActions', () => {
  it('offers one Login button to /dashboard when signed in', () => {
    expect(mobileMenuActions(true)).toEqual([{ label: 'Login', to: '/dashboard', variant: 'filled' }]);
  });

  it('offers Login and Signup when signed out', () => {
    expect(mobileMenuActions(false).map((a) => [a.label, a.to])).toEqual([
      ['Login', '/login'],
      ['Signup', '/register'],
    ]);
  });
});
