import { Paper, SimpleGrid, Text, Title, UnstyledButton, ThemeIcon, Group } from '@mantine/core';
import { IconCrown, IconLock, IconLogout, IconUserEdit } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './profile.module.css';

type Props = {
  hasSubscription: boolean;
  onChangePassword: () => void;
  onUpgrade: () => void;
  onUpdateDonorProfile: () => void;
  onLogout: () => void;
};

type Action = {
  label: string;
  hint: string;
  Icon: ComponentType<{ size?: number }>;
  color: string;
  onClick: () => void;
};

/**
 * Quick actions (spec section 2); Update Donor Profile is hidden while the profile has no subscription. A parent
 * whose plan entitles them is offered to manage it rather than told to upgrade (issue 25).
 */
export function QuickActions(props: Props) {
  const donorProfile: Action = {
    label: 'Update Donor Profile',
    hint: 'Refine your preferences',
    Icon: IconUserEdit,
    color: 'teal',
    onClick: props.onUpdateDonorProfile,
  };
  const actions: Action[] = [
    {
      label: 'Change Password',
      hint: 'Keep your account secure',
      Icon: IconLock,
      color: 'teal',
      onClick: props.onChangePassword,
    },
    {
      label: props.hasSubscription ? 'Manage Subscription' : 'Upgrade Subscription',
      hint: props.hasSubscription ? 'Your plan and its end date' : 'Unlock more matches',
      Icon: IconCrown,
      color: 'plum',
      onClick: props.onUpgrade,
    },
    ...(props.hasSubscription ? [donorProfile] : []),
    { label: 'Logout', hint: 'Sign out on this device', Icon: IconLogout, color: 'gray', onClick: props.onLogout },
  ];
  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder component="section" aria-labelledby="qa-title">
      <Title order={2} size="h4" id="qa-title" mb="md">
        Quick actions
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: actions.length }} spacing="sm">
        {actions.map(({ label, hint, Icon, color, onClick }) => (
          <UnstyledButton key={label} onClick={onClick} className={classes.action}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="xl" variant="light" color={color} aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <Text size="xs" c="var(--kindred-muted)" aria-hidden>
                  {hint}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
