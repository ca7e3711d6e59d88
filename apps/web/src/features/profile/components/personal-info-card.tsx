import { ActionIcon, Group, Paper, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { UserDto } from '@kindred/shared';
import { formatDate } from '../../../lib/format.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { EmailVerificationStatus } from '../../auth/components/email-verification-status.tsx';
import { PersonalInfoForm } from './personal-info-form.tsx';
import classes from './profile.module.css';

/** Personal Info (spec sections 2, 4): view, then edit on the pencil; Save returns to view, Cancel restores. */
export function PersonalInfoCard({ user }: { user: UserDto & { email_verified?: boolean } }) {
  const [editing, setEditing] = useState(false);
  const pencil = useRef<HTMLButtonElement>(null);
  const finish = () => {
    setEditing(false);
    // Back on the pencil, so keyboard users continue where they started.
    requestAnimationFrame(() => pencil.current?.focus());
  };
  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder component="section" aria-labelledby="pi-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="pi-title">
          Personal Info
        </Title>
        {!editing && (
          <Tooltip label="Edit">
            <ActionIcon
              ref={pencil}
              variant="light"
              size={36}
              radius="xl"
              onClick={() => setEditing(true)}
              aria-label="Edit personal info"
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {editing ? (
        <PersonalInfoForm user={user} onDone={finish} />
      ) : (
        <dl className={classes.fields}>
          <div>
            <dt>First Name</dt>
            <dd>{user.first_name}</dd>
          </div>
          <div>
            <dt>Last Name</dt>
            <dd>{user.last_name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              {user.email}
              <EmailVerificationStatus verified={user.email_verified} />
            </dd>
          </div>
          <div>
            <dt>Phone Number</dt>
            <dd>{formatPhone(user.phone_number)}</dd>
          </div>
          <div>
            <dt>Date of Birth</dt>
            <dd>{formatDate(user.date_of_birth)}</dd>
          </div>
        </dl>
      )}
    </Paper>
  );
}
