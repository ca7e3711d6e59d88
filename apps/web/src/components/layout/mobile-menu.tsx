import { Button, Divider, Drawer, Stack } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { mobileMenuActions } from '../../lib/header-visibility.ts';
import { Logo } from '../ui/logo.tsx';
import classes from './layout.module.css';

type Props = { opened: boolean; onClose: () => void; links: readonly { label: string; to: string }[]; hasToken: boolean };

/** The hamburger's menu. Loaded on first open: the drawer (focus trap, scroll lock) stays off the first page load. */
export default function MobileMenu({ opened, onClose, links, hasToken }: Props) {
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
        {mobileMenuActions(hasToken).map((action) => (
          <Button key={action.label} component={Link} to={action.to} variant={action.variant} fullWidth>
            {action.label}
          </Button>
        ))}
      </Stack>
    </Drawer>
  );
}
