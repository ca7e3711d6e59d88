import { Alert, Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Beyond the spec (issue 25): the notice's words; the spec has none for it. */
export const PASSWORD_CHANGE_NOTICE = {
  title: 'Please choose a new password',
  text:
    'Your password is shorter than 12 characters or appears in lists of leaked passwords. It still works, ' +
    'but a longer one keeps your account safer.',
  action: 'Change password',
} as const;

/**
 * Shown while the last sign-in used a password short of today's rule (the profile's `credential_change_recommended`):
 * it never blocks the page; its button opens the Change Password dialog, which asks for 12 characters.
 */
export function PasswordChangeNotice({ onChangePassword }: { onChangePassword: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock aria-hidden />}
      title={PASSWORD_CHANGE_NOTICE.title}
      // Mantine's yellow title on its light yellow is 2.7:1; a dark amber reads at WCAG AA.
      styles={{ title: { color: '#5c3c00' } }}
      data-testid="password-change-notice"
    >
      {PASSWORD_CHANGE_NOTICE.text}
      <div>
        <Button mt="sm" size="xs" variant="filled" color="dark" onClick={onChangePassword}>
          {PASSWORD_CHANGE_NOTICE.action}
        </Button>
      </div>
    </Alert>
  );
}
