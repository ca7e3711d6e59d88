import { Divider, Drawer, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import { mobileMenuActions } from '../../lib/header-visibility.ts';
import { paths } from '../../lib/paths.ts';
import { Logo } from '../ui/logo.tsx';
import classes from './layout.module.css';
import { LinkButton } from '../ui/link-button.tsx';

type Props = {
  opened: boolean;
  onClose: () => void;
  links: readonly { label: string; to: string }[];
  hasToken: boolean;
  isAdmin?: boolean;
  isClinic?: boolean;
};

/** The hamburger's menu. Loaded on first open: the drawer (focus trap, scroll lock) stays off the first page load. */
export default function MobileMenu({ opened, onClose, links, hasToken, isAdmin = false, isClinic = false }: Props) {
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      position="right"
      size="80%"
      title={<Logo />}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <nav aria-label="Mobile">
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className={classes.mobileLink}>
            {link.label}
          </NavLink>
        ))}
      </nav>
      <Divider my="md" />
      <Stack gap="sm">
        {isAdmin && (
          <LinkButton to={paths.adminUsers} variant="subtle" fullWidth>
            Admin
          </LinkButton>
        )}
        {isClinic && (
          <LinkButton to={paths.clinicPortal} variant="light" fullWidth>
            Clinic portal
          </LinkButton>
        )}
        {mobileMenuActions(hasToken).map((action) => (
          <LinkButton key={action.label} to={action.to} variant={action.variant} fullWidth>
            {action.label}
          </LinkButton>
        ))}
      </Stack>
    </Drawer>
  );
}
