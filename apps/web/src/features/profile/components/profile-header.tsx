import { ActionIcon, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMail, IconPhone, IconRefresh } from '@tabler/icons-react';
import type { UserDto } from '@kindred/shared';
import { formatPhone } from '../../../lib/phone.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { HoverMenu, SettingsMenu } from './profile-menus.tsx';
import type { AccountActions } from './profile-menus.tsx';

function InlineSkeleton({ w }: { w: number }) {
  return <Skeleton h={14} w={w} component="span" display="inline-block" />;
}

type Props = AccountActions & { user: UserDto | undefined; refreshing: boolean; onRefresh: () => void };

/** Profile header (spec section 2): avatar, first name, e-mail, phone, Settings dropdown, refresh, hover menu. */
export function ProfileHeader({ user, refreshing, onRefresh, ...actions }: Props) {
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      withBorder
      style={{ background: 'linear-gradient(120deg, #f8eff5 0%, #ffffff 45%, #e9f6f5 100%)' }}
    >
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
          <ProfileAvatar firstName={user?.first_name} lastName={user?.last_name} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            {user ? (
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                {user.first_name}
              </Title>
            ) : (
              <Skeleton h={30} w={160} />
            )}
            <Group gap={6} c="var(--kindred-muted)" wrap="nowrap">
              <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="inherit" style={{ overflowWrap: 'anywhere' }}>
                {user?.email ?? <InlineSkeleton w={180} />}
              </Text>
            </Group>
            <Group gap={6} c="var(--kindred-muted)" wrap="nowrap">
              <IconPhone size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="inherit">
                {user ? formatPhone(user.phone_number) : <InlineSkeleton w={120} />}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size={36}
              radius="xl"
              onClick={onRefresh}
              loading={refreshing}
              aria-label="Refresh profile"
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <SettingsMenu onChangePassword={actions.onChangePassword} onLogout={actions.onLogout} />
          <HoverMenu {...actions} />
        </Group>
      </Group>
    </Paper>
  );
}
