import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { avatarColor, initialsOf } from '@kindred/shared';

type Props = { firstName?: string | undefined; lastName?: string | undefined; size?: number };

/** Initials on a palette colour chosen from the name (spec section 9), or a placeholder icon without a name. */
export function ProfileAvatar({ firstName = '', lastName = '', size = 88 }: Props) {
  const initials = initialsOf(firstName, lastName);
  if (!initials) {
    return (
      <Avatar size={size} radius={size} color="gray" variant="light" alt="No profile name yet">
        <IconUser size={size / 2} />
      </Avatar>
    );
  }
  return (
    <Avatar
      size={size}
      radius={size}
      variant="filled"
      color={avatarColor(`${firstName}${lastName}`)}
      autoContrast
      alt={`${firstName} ${lastName}`.trim()}
      styles={{ placeholder: { fontSize: size / 2.6, fontWeight: 600 } }}
    >
      {initials}
    </Avatar>
  );
}
