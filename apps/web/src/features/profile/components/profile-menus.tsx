import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDotsVertical,
  IconListDetails,
  IconLock,
  IconLogout,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';

export type AccountActions = {
  onChangePassword: () => void;
  onLogout: () => void;
  onDonorList: () => void;
  onStepReview: () => void;
};

/** Settings dropdown (spec section 2): Change Password and Logout. */
export function SettingsMenu({ onChangePassword, onLogout }: Pick<AccountActions, 'onChangePassword' | 'onLogout'>) {
  return (
    <Menu position="bottom-end" width={210} shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconSettings size={18} />} rightSection={<IconChevronDown size={16} />}>
          Settings
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLock size={16} />} onClick={onChangePassword}>
          Change Password
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} color="red.9" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The hover menu (spec section 2): Change Password, Donor List, 7 Step Review, Logout. Opens on hover or click. */
export function HoverMenu({ onChangePassword, onLogout, onDonorList, onStepReview }: AccountActions) {
  return (
    <Menu trigger="click-hover" openDelay={80} closeDelay={200} position="bottom-end" width={210} shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size={36} radius="xl" aria-label="More account options">
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLock size={16} />} onClick={onChangePassword}>
          Change Password
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} />} onClick={onDonorList}>
          Donor List
        </Menu.Item>
        <Menu.Item leftSection={<IconListDetails size={16} />} onClick={onStepReview}>
          7 Step Review
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red.9" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
