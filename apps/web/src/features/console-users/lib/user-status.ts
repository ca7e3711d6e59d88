import type { ConsoleUserStatus } from '@kindred/shared/console-users.schemas';
import type { StatusColor } from '../../../lib/status-colors.ts';

/** How each account status reads and looks in the console. */
export const USER_STATUS: Record<ConsoleUserStatus, { label: string; color: StatusColor }> = {
  active: { label: 'Active', color: 'green' },
  unverified: { label: 'Unverified', color: 'orange' },
  disabled: { label: 'Disabled', color: 'red' },
  deletion_pending: { label: 'Deletion pending', color: 'gray' },
};

export const ROLE_LABEL: Record<string, string> = {
  parent: 'Parent',
  clinic: 'Clinic',
  support: 'Support',
  admin: 'Admin',
};
