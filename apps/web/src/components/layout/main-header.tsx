import { Burger, Button, Drawer, Stack, Divider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { mainHeaderActions, mobileMenuActions } from '../../lib/header-visibility.ts';
import { paths } from '../../lib/paths.ts';
import { useHasToken } from '../../lib/use-session.ts';
import { Logo } from '../ui/logo.tsx';
import classes from './layout.module.css';

const LINKS = [
  { label: 'About Us', to: paths.about },
  { label: 'FAQs', to: paths.faqs },
  { label: 'Fertility Resources', to: paths.fertilityResources },
] as const;

/** The main header (spec section 2): links, Sign In / Dashboard by the exact rules, hamburger below 600 px. */
export function MainHeader() {
  const { pathname } = useLocation();
  const hasToken = useHasToken();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { showSignIn, showDashboard } = mainHeaderActions(pathname, hasToken);

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
        <div className={classes.actions}>
          {showSignIn && (
            <Button component={Link} to={paths.login}>
              Sign In
            </Button>
          )}
          {showDashboard && (
            <Button component={Link} to={paths.profile} variant="light">
              Dashboard
            </Button>
          )}
        </div>
        <Burger
          className={classes.burger}
          opened={opened}
          onClick={toggle}
          aria-label={opened ? 'Close menu' : 'Open menu'}
          aria-expanded={opened}
          aria-controls="mobile-menu"
        />
      </div>
      <Drawer
        id="mobile-menu"
        opened={opened}
        onClose={close}
        position="right"
        size="80%"
        title={<Logo />}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <nav aria-label="Mobile">
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.mobileLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <Divider my="md" />
        <Stack gap="sm">
          {mobileMenuActions(hasToken).map((action) => (
            <Button key={action.label} component={Link} to={action.to} variant={action.variant} fullWidth>
              {action.label}
            </Button>
          ))}
        </Stack>
      </Drawer>
    </header>
  );
}
