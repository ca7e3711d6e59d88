import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';

/**
 * Password input with the spec's eye toggle. The toggle is reachable by keyboard, and its name deliberately avoids
 * the word "password" so the field's label ('Password', 'New Password'…) names exactly one control on the page.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      size="md"
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide what you typed' }}
      {...props}
    />
  );
}
