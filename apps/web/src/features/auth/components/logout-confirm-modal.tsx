import { Button, Group, Text } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { MSG } from '@kindred/shared';
import { paths } from '../../../lib/paths.ts';
import { clearSession } from '../../../lib/session.ts';
import { useLogoutMutation } from '../api/logout.api.ts';

type Props = { opened: boolean; onClose: () => void };

/**
 * Logout confirmation (spec sections 2, 4). The browser session is cleared even when the server cannot be reached:
 * a user who asks to leave must not stay signed in on this device.
 */
export function LogoutConfirmModal({ opened, onClose }: Props) {
  const logout = useLogoutMutation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () => {
    logout.mutate(undefined, {
      onSettled: (_data, error) => {
        if (error) console.error('Logout request failed; the local session is cleared anyway', error);
        clearSession();
        toast.success(MSG.loggedOut);
        // Drop cached account data only once the signed-in screens are gone, so nothing refetches without a token.
        void Promise.resolve(navigate(paths.login, { replace: true })).then(() => queryClient.clear());
      },
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Log out?" size="sm">
      <Text c="var(--kindred-muted)">You will need to sign in again to see your profile and matches.</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose} disabled={logout.isPending}>
          Cancel
        </Button>
        <Button color="plum" onClick={confirm} loading={logout.isPending} data-autofocus>
          Yes, Logout
        </Button>
      </Group>
    </AppModal>
  );
}
